import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { loadStarter } from './starter-schema.js';
import { insertStarterSite, type NewSite } from './starter-site.js';

export type { SiteBasics } from './starter-site.js';

/**
 * A blank site (issue 19): the `blank` starter template, that is the site row with its title and
 * settings, the store's checkout defaults, and a home page with a heading. No products, posts or
 * forms. Runs inside the caller's transaction when given one.
 */
export async function insertBlankSite(db: Kysely<Database>, input: NewSite): Promise<void> {
  await insertStarterSite(db, loadStarter('blank'), input);
}
