import { type Kysely, PostgresAdapter } from 'kysely';
import { parseJson } from '../content/product-json.js';
import type { Database } from '../db/schema.js';
import { parseRedirects, withMovedAddress } from './redirects.js';

/**
 * A page's address changed (`/old` → `/new`): adds `/old -> /new 301` to the owner's redirects, in
 * the same way a settings save writes them (the row re-read in a transaction, locked on PostgreSQL).
 * Left alone when the result would not be a valid list (a loop, too many rules): the owner's own
 * list wins over an automatic line.
 */
export async function recordMovedAddress(
  db: Kysely<Database>,
  siteId: string,
  oldPath: string,
  newPath: string,
  options: { withChildren?: boolean } = {},
): Promise<void> {
  if (oldPath === newPath) return;
  await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('sites').select(['settings']).where('id', '=', siteId);
    if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return;
    const settings = parseJson<Record<string, unknown>>(row.settings, {});
    const website = (settings.website ?? {}) as Record<string, unknown>;
    const before = typeof website.redirects === 'string' ? website.redirects : '';
    let after = withMovedAddress(before, oldPath, newPath);
    // What lived under the old address (products, posts, events) moves with it.
    if (options.withChildren) after = withMovedAddress(after, `${oldPath}/*`, `${newPath}/*`);
    if (after === before || !parseRedirects(after).ok) return;
    settings.website = { ...website, redirects: after };
    await trx
      .updateTable('sites')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', siteId)
      .execute();
  });
}
