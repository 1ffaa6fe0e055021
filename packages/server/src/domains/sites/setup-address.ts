import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { issueSetupToken } from './setup-token.js';

/**
 * Prints `Set up your site: http://localhost:<port>/config/setup?token=…` for every site without an
 * owner (issue 19), with a fresh token on each start. A site on a host of its own gets its host.
 */
export async function printSetupAddresses(
  db: Kysely<Database>,
  port: number,
  print: (line: string) => void = console.log,
): Promise<void> {
  const sites = await db.selectFrom('sites').select(['id', 'host']).orderBy('created_at').orderBy('id').execute();
  for (const site of sites) {
    const token = await issueSetupToken(db, site.id);
    if (!token) continue;
    const origin = `http://${site.host ?? 'localhost'}:${port}`;
    const which = site.host ? ` ${site.host}` : '';
    print(`Set up your site${which} (one-time address, valid 24 hours): ${origin}/config/setup?token=${token}`);
  }
}
