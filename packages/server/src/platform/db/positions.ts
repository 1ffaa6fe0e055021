import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// Where a new row goes in an ordered list: after the last one. Items are numbered from 0 in their
// collection; a site's collections (pages) from 1, as the first seeded ones always were.

type Ordered = Record<'items' | 'collections', { position: number; collection_id: string; site_id: string }>;

/** The highest position of the rows of `table` whose `column` is `value`, or undefined for none. */
async function lastPosition(
  db: Kysely<Database>,
  table: keyof Ordered,
  column: 'collection_id' | 'site_id',
  value: string,
): Promise<number | undefined> {
  // Both tables have these columns; Kysely cannot see that through a union of table names.
  const last = await (db as unknown as Kysely<Ordered>)
    .selectFrom(table as 'items')
    .select((eb) => eb.fn.max('position').as('max'))
    .where(column, '=', value)
    .executeTakeFirst();
  return last?.max === null || last?.max === undefined ? undefined : Number(last.max);
}

/** The position after the last item of a collection (0 when it has none). */
export async function nextItemPosition(db: Kysely<Database>, collectionId: string): Promise<number> {
  return ((await lastPosition(db, 'items', 'collection_id', collectionId)) ?? -1) + 1;
}

/** The position after the last collection of a site (1 when it has none). */
export async function nextCollectionPosition(db: Kysely<Database>, siteId: string): Promise<number> {
  return ((await lastPosition(db, 'collections', 'site_id', siteId)) ?? 0) + 1;
}
