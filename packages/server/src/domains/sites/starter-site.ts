import { CollectionType, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { ensureCheckoutDefaults } from '../checkout/index.js';
import { CollectionKind } from '../content/index.js';
import { resolveSeedValue } from './starter-kit/seed-blocks.js';
import { sceneAsset, writeContentImages } from './starter-kit/scenes.js';
import { writeSeedImages } from './starter-kit/seed-images.js';
import { insertTerms, textItemValues } from './starter-kit/seed-items.js';
import { insertProduct, PRODUCT_TYPES } from './starter-kit/seed-products.js';
import { SITE_DEFAULTS } from './starter-kit/site-defaults.js';
import type { Database } from '../../platform/db/schema.js';
import { createFormStore } from '../forms/index.js';
import { nowIso, stableId } from '../../platform/ids.js';
import { newSiteTakesRoot } from '../../platform/storage/index.js';
import type { Starter, StarterPost } from './starter-schema.js';

export interface SiteBasics {
  title: string;
  locale: string;
  currency: string;
  timeZone: string;
}

/**
 * `createdAt`: a site taking another's place keeps its age. `filesRoot`: the site keeps the top level
 * of the files (`platform/storage/site-files.ts`); by default when it is the install's first site.
 */
export type NewSite = SiteBasics & { id: string; host: string | null; createdAt?: string; filesRoot?: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

const COLLECTION_TYPES: Record<Starter['collections'][number]['kind'], number> = {
  page: CollectionType.PAGE,
  products: CollectionType.PRODUCTS,
  blog: CollectionType.GENERIC,
  gallery: CollectionType.PAGE,
};

/** The id a site's form gets for a template's form key (form ids are unique across the install). */
export function starterFormId(siteId: string, key: string): string {
  return `${key}-${siteId}`;
}

/**
 * The template's JSON with its placeholders filled in for one site: `{ $scene }` objects become
 * image assets, `{ $form }` objects form ids, `{{siteTitle}}` the site's title, and named blocks
 * their SPEC type codes.
 */
export function resolvePlaceholders(value: unknown, site: { id: string; title: string }): unknown {
  return resolveSeedValue(value, { formId: (key) => starterFormId(site.id, key), title: site.title });
}

/** Draws the pictures a template uses into `filesDir` (generated with sharp; nothing downloaded). */
export async function writeStarterImages(filesDir: string, starter: Starter): Promise<void> {
  const products = starter.products.flatMap((p) => p.images);
  if (products.length > 0) await writeSeedImages(filesDir, products);
  if (JSON.stringify(starter).includes('"$scene"') || starter.posts.some((p) => p.image)) {
    await writeContentImages(filesDir);
  }
}

async function insertPost(
  db: Kysely<Database>,
  args: { siteId: string; collectionId: string; post: StarterPost; position: number; now: number },
): Promise<void> {
  const { siteId, collectionId, post, position } = args;
  const id = stableId('item', siteId, collectionId, post.urlId);
  const published = new Date(args.now - post.daysAgo * DAY_MS).toISOString();
  const images = post.image ? [sceneAsset(post.image)] : [];
  await db
    .insertInto('items')
    .values({
      ...textItemValues({
        ...post,
        id,
        siteId,
        collectionId,
        recordType: RecordType.TEXT,
        images,
        position,
        published,
        status: 'published',
      }),
      author: JSON.stringify({ displayName: post.author }),
      comments_enabled: 1,
    })
    .execute();
  await insertTerms(db, id, post);
}

/**
 * Writes a new site from a checked starter template, inside the caller's transaction (so a failure
 * leaves nothing): the site row with the template's settings over the defaults (site-defaults.ts), the
 * store's checkout defaults, pages, products, posts and forms. Pictures are drawn beforehand by
 * `writeStarterImages`.
 */
export async function insertStarterSite(db: Kysely<Database>, starter: Starter, site: NewSite): Promise<void> {
  const now = Date.now();
  const created = nowIso();
  const fill = <T>(value: T) => resolvePlaceholders(value, site) as T;
  const settings = fill(starter.settings);
  const filesRoot = site.filesRoot ?? (await newSiteTakesRoot(db));
  await db
    .insertInto('sites')
    .values({
      id: site.id,
      host: site.host,
      title: site.title,
      locale: site.locale,
      currency: site.currency,
      time_zone: site.timeZone,
      settings: JSON.stringify({
        website: { ...SITE_DEFAULTS.settings.website, siteDescription: '', ...settings.website },
        store: { ...SITE_DEFAULTS.settings.store, ...settings.store },
      }),
      created_at: site.createdAt ?? created,
      files_root: filesRoot ? 1 : 0,
    })
    .execute();
  await ensureCheckoutDefaults(db, site.id);

  const store = createFormStore(db);
  for (const form of starter.forms) {
    const list =
      form.kind === 'newsletter'
        ? await store.createMailingList(site.id, form.name, stableId('mailing-list', site.id, form.key))
        : null;
    const definition = {
      id: starterFormId(site.id, form.key),
      name: form.name,
      kind: form.kind,
      submitButtonText: form.submitButtonText,
      submissionMessage: form.submissionMessage,
      successRedirect: null,
      captcha: { enabled: false },
      disclaimer: form.disclaimer ? { enabled: true, text: form.disclaimer } : null,
      fields: fill(form.fields),
    };
    await store.saveForm(site.id, definition as Parameters<typeof store.saveForm>[1], list);
  }

  const collectionIds = new Map<string, string>();
  for (const [position, collection] of starter.collections.entries()) {
    const id = stableId('collection', site.id, collection.slug);
    collectionIds.set(collection.slug, id);
    await db
      .insertInto('collections')
      .values({
        id,
        site_id: site.id,
        slug: collection.slug,
        title: fill(collection.title),
        type: COLLECTION_TYPES[collection.kind],
        kind: collection.kind === 'gallery' ? CollectionKind.GALLERY : collection.kind,
        description: fill(collection.description),
        position,
        nav_visible: collection.navVisible ? 1 : 0,
        settings: JSON.stringify(collection.settings),
        sections: JSON.stringify(fill(collection.sections)),
        created_at: created,
      })
      .execute();
  }

  for (const [position, product] of starter.products.entries()) {
    await insertProduct(db, {
      siteId: site.id,
      collectionId: collectionIds.get(product.collection)!,
      product: { ...product, productType: PRODUCT_TYPES[product.productType] },
      position,
      now: created,
    });
  }
  for (const [position, post] of starter.posts.entries()) {
    await insertPost(db, { siteId: site.id, collectionId: collectionIds.get(post.collection)!, post, position, now });
  }
}
