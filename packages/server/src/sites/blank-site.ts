import { BlockType, CollectionType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { ensureCheckoutDefaults } from '../checkout/defaults.js';
import { CollectionKind } from '../content/site-content.js';
import { DEMO_SITE } from '../db/seed-catalogue.js';
import type { Database } from '../db/schema.js';
import { nowIso, stableId } from '../ids.js';

export interface SiteBasics {
  title: string;
  locale: string;
  currency: string;
  timeZone: string;
}

/** The store settings a new site starts with: the demo's, as `seedDemoSite` writes them. */
function startingSettings(): Record<string, unknown> {
  return {
    website: { ...DEMO_SITE.settings.website, siteDescription: '' },
    store: { ...DEMO_SITE.settings.store },
  };
}

/**
 * A blank site (issue 19): the site row with its title and settings, the store's checkout
 * defaults, and a home page with a heading. No products, posts or forms. Runs inside the caller's
 * transaction when given one.
 */
export async function insertBlankSite(
  db: Kysely<Database>,
  input: SiteBasics & { id: string; host: string | null },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('sites')
    .values({
      id: input.id,
      host: input.host,
      title: input.title,
      locale: input.locale,
      currency: input.currency,
      time_zone: input.timeZone,
      settings: JSON.stringify(startingSettings()),
      created_at: now,
    })
    .execute();
  await ensureCheckoutDefaults(db, input.id);
  const sections = [
    {
      blocks: [
        { type: BlockType.HTML, variant: 'heading', settings: {}, content: { level: 1, text: input.title } },
        { type: BlockType.HTML, settings: {}, content: { html: '<p>Welcome. This page is ready for your words.</p>' } },
      ],
    },
  ];
  await db
    .insertInto('collections')
    .values({
      id: stableId('collection', input.id, 'home'),
      site_id: input.id,
      slug: 'home',
      title: 'Home',
      type: CollectionType.PAGE,
      kind: CollectionKind.PAGE,
      description: '',
      position: 0,
      nav_visible: 0,
      settings: '{}',
      sections: JSON.stringify(sections),
      created_at: now,
    })
    .execute();
}
