import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/db/schema.js';

/**
 * Merges `patch` into one section of the demo site's stored settings (straight in the database,
 * as an owner's earlier save would have left them) and answers the site id. Callers that need
 * visitors to see the change at once invalidate the content cache themselves.
 */
export async function patchSiteSettings(
  db: Kysely<Database>,
  section: 'website' | 'store',
  patch: Record<string, unknown>,
): Promise<string> {
  const site = await db.selectFrom('sites').select(['id', 'settings']).executeTakeFirstOrThrow();
  const settings = JSON.parse(site.settings);
  settings[section] = { ...settings[section], ...patch };
  await db
    .updateTable('sites')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', site.id)
    .execute();
  return site.id;
}
