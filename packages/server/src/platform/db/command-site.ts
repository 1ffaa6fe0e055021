import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The site a `tessera` command acts on: `id` when given (it must exist), else the install's only
 * site. An install with several sites needs `--site`: `usageError` (the command's exit-2 error) says so.
 */
export async function commandSite(
  db: Kysely<Database>,
  id: string | undefined,
  usageError: (message: string) => Error,
): Promise<string> {
  if (id) {
    const site = await db.selectFrom('sites').select('id').where('id', '=', id).executeTakeFirst();
    if (!site) throw new Error(`No site has the id "${id}".`);
    return site.id;
  }
  const sites = await db.selectFrom('sites').select('id').limit(2).execute();
  if (sites.length === 0) throw new Error('This install has no site yet.');
  if (sites.length > 1)
    throw usageError('This install serves several sites: give --site <id> (see `tessera site list`).');
  return (sites[0] as { id: string }).id;
}
