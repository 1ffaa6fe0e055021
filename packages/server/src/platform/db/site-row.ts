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

/**
 * The first row of `table` whose columns equal the values of `match` (each compared with `=`, so a
 * null in `match` matches nothing); undefined when there is none.
 */
export function rowWhere<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  match: Partial<Selectable<Database[T]>>,
): Promise<Selectable<Database[T]> | undefined> {
  // The columns are the table's own (checked by `match`'s type); Kysely cannot follow a table name chosen at run time.
  let query = (db as unknown as Kysely<{ rows: Record<string, unknown> }>)
    .selectFrom(table as unknown as 'rows')
    .selectAll();
  for (const [column, value] of Object.entries(match)) query = query.where(column, '=', value);
  return query.executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
