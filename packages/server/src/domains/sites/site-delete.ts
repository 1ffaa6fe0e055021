import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { ownTables } from '../../platform/db/own-tables.js';

/**
 * Removes a site and everything it owns, inside the caller's transaction: the site row (tables
 * with a foreign key to it follow by cascade), then the rows of every other table with a
 * `site_id` column (tracking, jobs and the like keep no foreign key). Its files stay: `site delete`
 * removes them once the rows are gone (`deleteSiteFiles`).
 */
export async function deleteSiteRows(db: Kysely<Database>, siteId: string): Promise<void> {
  const tables = (await ownTables(db))
    .filter((table) => table.name !== 'sites' && table.columns.some((column) => column.name === 'site_id'))
    .map((table) => table.name);
  await db.deleteFrom('sites').where('id', '=', siteId).execute();
  const loose = db as unknown as Kysely<Record<string, { site_id: string }>>;
  for (const name of tables) await loose.deleteFrom(name).where('site_id', '=', siteId).execute();
}
