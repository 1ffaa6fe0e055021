import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { updateSiteSettings } from '../settings/index.js';
import { parseRedirects, withMovedAddress } from './redirects.js';

/**
 * A page's address changed (`/old` → `/new`): adds `/old -> /new 301` to the owner's redirects, in
 * the same way a settings save writes them (the settings repository's locked update).
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
  await updateSiteSettings(db, siteId, (settings) => {
    const website = settings.website ?? {};
    const before = typeof website.redirects === 'string' ? website.redirects : '';
    let after = withMovedAddress(before, oldPath, newPath);
    // What lived under the old address (products, posts, events) moves with it.
    if (options.withChildren) after = withMovedAddress(after, `${oldPath}/*`, `${newPath}/*`);
    if (after === before || !parseRedirects(after).ok) return;
    settings.website = { ...website, redirects: after };
  });
}
