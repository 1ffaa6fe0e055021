import type { Kysely } from 'kysely';
import { nowIso, stableId } from '../platform/ids.js';
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, DEMO_SITE } from './seed-catalogue.js';
import { insertProduct, writeSeedImages } from '../domains/sites/index.js';
import type { Database } from '../platform/db/schema.js';
import { newSiteTakesRoot } from '../platform/storage/index.js';
import { seedDemoForms } from '../domains/forms/demo-forms.js';
import { ensureCheckoutDefaults } from '../domains/checkout/defaults.js';
import { seedDemoContent } from './seed-content.js';
import { seedBlogAndEvents } from './blog-content.js';

export interface SeedResult {
  siteId: string;
  /** False when a site already existed and nothing was written. */
  created: boolean;
}

export const DEMO_SITE_ID = stableId('site', 'demo');

/**
 * Seeds the demo shop when the database holds no site yet (SPEC issue 3: a small USD shop in
 * America/New_York with a product of every kind). Images are drawn into `filesDir`.
 */
export async function seedDemoSite(
  db: Kysely<Database>,
  options: { filesDir: string; host?: string; filesRoot?: boolean },
): Promise<SeedResult> {
  // With a host (`tessera site create --template demo`, issue 19), the demo joins other sites; it
  // exists once per install (its forms have fixed ids).
  const existing =
    options.host === undefined
      ? await db.selectFrom('sites').select('id').orderBy('created_at').limit(1).executeTakeFirst()
      : await db.selectFrom('sites').select('id').where('id', '=', DEMO_SITE_ID).executeTakeFirst();
  if (existing) return { siteId: existing.id, created: false };

  await writeSeedImages(
    options.filesDir,
    DEMO_PRODUCTS.flatMap((p) => p.images),
  );

  const now = nowIso();
  const siteId = DEMO_SITE_ID;
  // The install's first site keeps the top level of the files (`platform/storage/site-files.ts`).
  const filesRoot = options.filesRoot ?? (await newSiteTakesRoot(db));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sites')
      .values({
        id: siteId,
        host: options.host ?? null,
        title: DEMO_SITE.title,
        locale: DEMO_SITE.locale,
        currency: DEMO_SITE.currency,
        time_zone: DEMO_SITE.timeZone,
        settings: JSON.stringify(DEMO_SITE.settings),
        created_at: now,
        files_root: filesRoot ? 1 : 0,
      })
      .execute();
    // The store's checkout defaults (shipping, tax, order counter) come with the site, and the
    // demo shop's example coupons with it.
    await ensureCheckoutDefaults(trx, siteId, { demoCoupons: true });

    const collectionIds = new Map<string, string>();
    for (const [position, collection] of DEMO_COLLECTIONS.entries()) {
      const id = stableId('collection', siteId, collection.slug);
      collectionIds.set(collection.slug, id);
      await trx
        .insertInto('collections')
        .values({
          id,
          site_id: siteId,
          slug: collection.slug,
          title: collection.title,
          type: collection.type,
          description: collection.description,
          position,
          nav_visible: collection.navVisible ? 1 : 0,
          settings: '{}',
          created_at: now,
        })
        .execute();
    }

    const shopId = collectionIds.get('shop')!;
    for (const [position, product] of DEMO_PRODUCTS.entries()) {
      await insertProduct(trx, { siteId, collectionId: shopId, product, position, now });
    }
  });
  await seedDemoForms(db, siteId);
  await seedDemoContent(db, siteId, { filesDir: options.filesDir });
  await seedBlogAndEvents(db, siteId);
  return { siteId, created: true };
}
