import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows have an `id` and belong to one site. */
export type SiteTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; site_id: unknown } ? T : never;
}[keyof Database];

/** The row of `table` with this id, when it belongs to the site; undefined otherwise. */
export function siteRow<T extends SiteTable>(
  db: Kysely<Database>,
  table: T,
  siteId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  // Every such table has both columns; Kysely cannot see that through a union of table names.
  const rows = db as unknown as Kysely<{ site_rows: { id: string; site_id: string } }>;
  return rows
    .selectFrom(table as unknown as 'site_rows')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
