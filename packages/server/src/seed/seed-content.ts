import { hash } from '@node-rs/argon2';
import { CollectionType, FolderBehavior } from '@tessera/core';
import type { Kysely } from 'kysely';
import { CollectionKind, type Section } from '../domains/content/site-content.js';
import { DEMO_NEWSLETTER_FORM_ID } from '../domains/forms/demo-forms.js';
import { nowIso, stableId } from '../platform/ids.js';
import type { Database } from '../platform/db/schema.js';
import { demoData, resolveSeedValue, writeContentImages } from '../domains/sites/index.js';
import { nextCollectionPosition } from '../platform/db/positions.js';

// The demo site's pages beyond the shop (issue 4): home and about made of blocks, a gallery page,
// a password-protected lookbook, a splash page, folders in the navigation, empty blog and events
// collections (their posts come with the blog and events pages), a popup overlay, header and footer,
// and a French copy of the about page. The pages' sections are data (`templates/demo/pages.json`).

/** The lookbook page's password in the demo (documented in the README; change it in a real site). */
export const DEMO_PAGE_PASSWORD = 'juniper';
export const DEMO_POPUP_VERSION = 1;

interface DemoPages {
  home: Section[];
  about: Section[];
  aboutFr: { title: string; sections: Section[] };
  gallery: Section[];
  lookbook: Section[];
  welcome: Section[];
}

/** The demo's pages (`templates/demo/pages.json`), their blocks and pictures resolved. */
const PAGES = resolveSeedValue(demoData('pages'), {
  formId: (key) => ({ newsletter: DEMO_NEWSLETTER_FORM_ID })[key] ?? key,
}) as DemoPages;

export const SITE_CONTENT_SETTINGS = {
  popupOverlay: {
    enabled: true,
    version: DEMO_POPUP_VERSION,
    position: 'bottom-right',
    title: 'Ten percent off your first order',
    body: 'Join the newsletter for first pick of each seasonal run.',
    buttonLabel: 'Join the newsletter',
    buttonUrl: '/contact',
    delaySeconds: 0,
  },
  headerFooter: {
    header: { announcement: 'Free shipping on orders over $75' },
    footer: {
      text: 'Juniper & Oak · 512 Warren Street, Hudson, NY',
      links: [
        { title: 'Welcome', url: '/welcome' },
        { title: 'Search', url: '/search' },
      ],
    },
  },
  multilingual: {
    enabled: true,
    defaultLanguage: 'en',
    languages: [
      { code: 'en', name: 'English', enabled: true },
      { code: 'fr', name: 'Français', enabled: true },
    ],
  },
};

interface ContentCollectionSeed {
  slug: string;
  title: string;
  type: number;
  kind: string;
  navVisible: boolean;
  parent?: string;
  folderBehavior?: number;
  redirectUrl?: string;
  sections?: Section[];
  password?: string;
  membersOnly?: boolean;
  translations?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  description?: string;
}

const NEW_COLLECTIONS: ContentCollectionSeed[] = [
  {
    slug: 'blog',
    title: 'Journal',
    type: CollectionType.GENERIC,
    kind: CollectionKind.BLOG,
    navVisible: true,
    settings: { pageSize: 5 },
  },
  { slug: 'events', title: 'Events', type: CollectionType.GENERIC, kind: CollectionKind.EVENTS, navVisible: true },
  {
    slug: 'explore',
    title: 'Explore',
    type: CollectionType.GENERIC,
    kind: CollectionKind.FOLDER,
    navVisible: true,
    folderBehavior: FolderBehavior.INDEX,
  },
  {
    slug: 'gallery',
    title: 'Gallery',
    type: CollectionType.PAGE,
    kind: CollectionKind.GALLERY,
    navVisible: true,
    parent: 'explore',
    sections: PAGES.gallery,
  },
  {
    slug: 'lookbook',
    title: 'Lookbook',
    type: CollectionType.PAGE,
    kind: CollectionKind.PAGE,
    navVisible: true,
    parent: 'explore',
    sections: PAGES.lookbook,
    password: DEMO_PAGE_PASSWORD,
  },
  {
    slug: 'more',
    title: 'More',
    type: CollectionType.GENERIC,
    kind: CollectionKind.FOLDER,
    navVisible: true,
    folderBehavior: FolderBehavior.NONE,
  },
  {
    slug: 'contact',
    title: 'Contact',
    type: CollectionType.PAGE,
    kind: CollectionKind.PAGE,
    navVisible: true,
    parent: 'more',
  },
  {
    slug: 'members',
    title: 'Members',
    type: CollectionType.PAGE,
    kind: CollectionKind.PAGE,
    navVisible: true,
    parent: 'more',
    membersOnly: true,
  },
  {
    slug: 'stockists',
    title: 'Stockists',
    type: CollectionType.GENERIC,
    kind: CollectionKind.FOLDER,
    navVisible: false,
    folderBehavior: FolderBehavior.REDIRECT,
    redirectUrl: '/about',
  },
  {
    slug: 'welcome',
    title: 'Welcome',
    type: CollectionType.SPLASH_PAGE,
    kind: CollectionKind.SPLASH,
    navVisible: false,
    sections: PAGES.welcome,
  },
];

/**
 * Adds the demo site's content to a freshly seeded shop: sections on the home and about pages, the
 * collections above, and the site settings for the popup, header, footer and languages.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  siteId: string,
  options: { filesDir: string },
): Promise<void> {
  await writeContentImages(options.filesDir);
  const now = nowIso();
  const passwordHash = await hash(DEMO_PAGE_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('collections')
      .set({ kind: CollectionKind.PAGE, sections: JSON.stringify(PAGES.home) })
      .where('site_id', '=', siteId)
      .where('slug', '=', 'home')
      .execute();
    await trx
      .updateTable('collections')
      .set({
        kind: CollectionKind.PAGE,
        sections: JSON.stringify(PAGES.about),
        translations: JSON.stringify({ fr: PAGES.aboutFr }),
      })
      .where('site_id', '=', siteId)
      .where('slug', '=', 'about')
      .execute();
    await trx
      .updateTable('collections')
      .set({ kind: CollectionKind.PRODUCTS })
      .where('site_id', '=', siteId)
      .where('slug', '=', 'shop')
      .execute();

    let position = await nextCollectionPosition(trx, siteId);
    for (const seed of NEW_COLLECTIONS) {
      const exists = await trx
        .selectFrom('collections')
        .select('id')
        .where('site_id', '=', siteId)
        .where('slug', '=', seed.slug)
        .executeTakeFirst();
      if (exists) continue;
      await trx
        .insertInto('collections')
        .values({
          id: stableId('collection', siteId, seed.slug),
          site_id: siteId,
          slug: seed.slug,
          title: seed.title,
          type: seed.type,
          kind: seed.kind,
          description: seed.description ?? '',
          position: position++,
          nav_visible: seed.navVisible ? 1 : 0,
          settings: JSON.stringify(seed.settings ?? {}),
          created_at: now,
          parent_id: seed.parent ? stableId('collection', siteId, seed.parent) : null,
          folder_behavior: seed.folderBehavior ?? null,
          redirect_url: seed.redirectUrl ?? null,
          sections: JSON.stringify(seed.sections ?? []),
          password_hash: seed.password ? passwordHash : null,
          members_only: seed.membersOnly ? 1 : 0,
          translations: JSON.stringify(seed.translations ?? {}),
        })
        .execute();
    }

    const site = await trx.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
    const settings = JSON.parse(site?.settings || '{}') as Record<string, Record<string, unknown>>;
    settings.website = { ...settings.website, ...SITE_CONTENT_SETTINGS };
    await trx
      .updateTable('sites')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', siteId)
      .execute();
  });
}
