import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { BlockType, CollectionType, FolderBehavior, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { CollectionKind, type Section } from '../domains/content/site-content.js';
import { DEMO_NEWSLETTER_FORM_ID } from '../domains/forms/demo-forms.js';
import { nowIso, stableId } from '../platform/ids.js';
import type { Database } from '../platform/db/schema.js';

// The demo site's pages beyond the shop (issue 4): home and about made of blocks, a gallery page,
// a password-protected lookbook, a splash page, folders in the navigation, empty blog and events
// collections (their posts come with the blog and events pages), a popup overlay, header and footer,
// and a French copy of the about page.

export const CONTENT_IMAGE_DIR = 'content';
/** The lookbook page's password in the demo (documented in the README; change it in a real site). */
export const DEMO_PAGE_PASSWORD = 'juniper';
export const DEMO_POPUP_VERSION = 1;

interface Scene {
  name: string;
  alt: string;
  width: number;
  height: number;
  /** Sky top, sky bottom, far hills, near hills, sun. */
  palette: [string, string, string, string, string];
  focal?: { x: number; y: number };
}

export const SCENES: Scene[] = [
  {
    name: 'morning-field.jpg',
    alt: 'A pale sun over soft green hills',
    width: 1600,
    height: 1000,
    palette: ['f3e7d3', 'f7efe4', 'b9c4a5', '7f9870', 'f2c57c'],
  },
  {
    name: 'linen-dusk.jpg',
    alt: 'Dusk light over blue hills',
    width: 1600,
    height: 1000,
    palette: ['394a6b', 'c99a8a', '5d6a86', '2f3a52', 'f6d2a2'],
    focal: { x: 0.6, y: 0.4 },
  },
  {
    name: 'studio-window.jpg',
    alt: 'Warm light falling across a studio wall',
    width: 1200,
    height: 1500,
    palette: ['efe3cf', 'e7d6bd', 'c9ab85', 'a4845f', 'fff4de'],
  },
  {
    name: 'orchard.jpg',
    alt: 'Rows of an orchard under a clear sky',
    width: 1600,
    height: 1000,
    palette: ['cfe2ea', 'eef4f1', '9fb58f', '61814f', 'fff8d8'],
  },
  {
    name: 'harbour.jpg',
    alt: 'A calm harbour at first light',
    width: 1600,
    height: 1000,
    palette: ['dfe7ef', 'f4ede4', '8fa3b5', '4f6b82', 'f5dcb0'],
    focal: { x: 0.3, y: 0.6 },
  },
  {
    name: 'clay.jpg',
    alt: 'Terracotta hills in late afternoon',
    width: 1600,
    height: 1000,
    palette: ['f1d9c0', 'f6e8da', 'd09a73', 'a9644a', 'fbe2b0'],
  },
  {
    name: 'winter-wood.jpg',
    alt: 'Bare hills in winter haze',
    width: 1600,
    height: 1000,
    palette: ['e4e6e8', 'f3f3f1', 'b8bcbf', '878d91', 'ffffff'],
  },
  {
    name: 'meadow.jpg',
    alt: 'A meadow of tall grass at noon',
    width: 1600,
    height: 1000,
    palette: ['c7dff0', 'eaf3f6', 'a9c48d', '6f9a55', 'fffbe0'],
  },
  {
    name: 'kiln.jpg',
    alt: 'The glow of the kiln at night',
    width: 1200,
    height: 1500,
    palette: ['1e1c2b', '4a2e35', '5b3b3c', '2b1f24', 'ff9d5c'],
  },
];

function sceneSvg(scene: Scene): string {
  const { width: w, height: h } = scene;
  const [skyTop, skyBottom, far, near, sun] = scene.palette;
  const horizon = Math.round(h * 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${skyTop}"/><stop offset="1" stop-color="#${skyBottom}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${Math.round(w * 0.68)}" cy="${Math.round(h * 0.36)}" r="${Math.round(Math.min(w, h) * 0.09)}" fill="#${sun}" opacity="0.9"/>
  <path d="M0 ${horizon} C ${w * 0.2} ${horizon - h * 0.12}, ${w * 0.45} ${horizon + h * 0.02}, ${w * 0.62} ${horizon - h * 0.08} S ${w * 0.9} ${horizon - h * 0.02}, ${w} ${horizon - h * 0.1} L ${w} ${h} L 0 ${h} Z" fill="#${far}"/>
  <path d="M0 ${horizon + h * 0.16} C ${w * 0.25} ${horizon + h * 0.04}, ${w * 0.5} ${horizon + h * 0.22}, ${w * 0.75} ${horizon + h * 0.1} S ${w} ${horizon + h * 0.14}, ${w} ${horizon + h * 0.14} L ${w} ${h} L 0 ${h} Z" fill="#${near}"/>
</svg>`;
}

export async function writeContentImages(filesDir: string): Promise<void> {
  const dir = join(filesDir, CONTENT_IMAGE_DIR);
  mkdirSync(dir, { recursive: true });
  for (const scene of SCENES) {
    const file = join(dir, scene.name);
    if (existsSync(file)) continue;
    const tmp = `${file}.${process.pid}.tmp.jpg`;
    await sharp(Buffer.from(sceneSvg(scene)))
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(tmp);
    renameSync(tmp, file);
  }
  const audio = join(dir, 'shop-radio.wav');
  if (!existsSync(audio)) writeFileSync(audio, chimeWav());
}

/** Two seconds of a soft two-note chime as 8 kHz 8-bit mono WAV: a real, tiny audio file for the audio block. */
export function chimeWav(): Buffer {
  const rate = 8000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const freq = t < 1 ? 523.25 : 659.25;
    const envelope = Math.exp(-3 * (t % 1));
    data[i] = Math.round(128 + 60 * envelope * Math.sin(2 * Math.PI * freq * t));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

/** SPEC §3 image asset JSON for a scene. */
export function sceneAsset(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const scene = SCENES.find((s) => s.name === name);
  if (!scene) throw new Error(`No seed scene ${name}`);
  const [top, bottom, far, near, sun] = scene.palette;
  return {
    id: stableId('image', CONTENT_IMAGE_DIR, name),
    recordType: RecordType.IMAGE,
    assetUrl: `/files/${CONTENT_IMAGE_DIR}/${name}`,
    originalSize: `${scene.width}x${scene.height}`,
    mediaFocalPoint: scene.focal ?? { x: 0.5, y: 0.5 },
    colorData: {
      topLeftAverage: top,
      topRightAverage: top,
      bottomLeftAverage: near,
      bottomRightAverage: near,
      centerAverage: far,
      suggestedBgColor: bottom,
    },
    altText: scene.alt,
    title: scene.alt,
    body: null,
    filename: name,
    ...extra,
    sunColor: sun,
  };
}

const block = (
  type: number,
  content: Record<string, unknown>,
  settings: Record<string, unknown> = {},
  variant?: string,
) => ({
  type,
  ...(variant ? { variant } : {}),
  settings,
  content,
});

const GALLERY_NAMES = [
  'morning-field.jpg',
  'linen-dusk.jpg',
  'orchard.jpg',
  'harbour.jpg',
  'clay.jpg',
  'winter-wood.jpg',
  'meadow.jpg',
  'studio-window.jpg',
];
const galleryImages = (names = GALLERY_NAMES) =>
  names.map((name, i) =>
    sceneAsset(name, { title: SCENES.find((s) => s.name === name)?.alt, description: `Plate ${i + 1}` }),
  );

export const HOME_SECTIONS: Section[] = [
  {
    settings: { layout: 'hero', theme: 'dark', background: sceneAsset('linen-dusk.jpg') },
    blocks: [
      block(BlockType.HTML, { level: 1, text: 'Made slowly, kept for years' }, {}, 'heading'),
      block(BlockType.HTML, {
        html: '<p>Linen, wool and stoneware from a dozen makers within a day’s drive of our shop in Hudson, New York.</p>',
      }),
      block(BlockType.BUTTON, { label: 'Shop the collection', url: '/shop' }, { style: 'primary', size: 'large' }),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'New in the shop' }, {}, 'heading'),
      block(BlockType.SUMMARY_V2, { collection: 'shop', limit: 4 }, { showPrice: true, showExcerpt: false }, 'grid'),
    ],
  },
  {
    settings: { theme: 'light' },
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'From the studio' }, {}, 'heading'),
      block(
        BlockType.GALLERY,
        { images: galleryImages(GALLERY_NAMES.slice(0, 6)) },
        { lightbox: true, 'thumbnails-per-row': 3, 'aspect-ratio': 'standard' },
        'grid',
      ),
    ],
  },
  {
    settings: { width: 'narrow' },
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'From the journal' }, {}, 'heading'),
      block(BlockType.SUMMARY_V2, { collection: 'blog', limit: 3 }, {}, 'list'),
    ],
  },
  {
    blocks: [
      block(BlockType.QUOTE, {
        text: 'The best things in a house are the ones you stop noticing because they simply work.',
        source: 'Ada Lindqvist, potter',
      }),
    ],
  },
  {
    settings: { theme: 'accent', width: 'narrow' },
    blocks: [block(BlockType.NEWSLETTER, { formId: DEMO_NEWSLETTER_FORM_ID })],
  },
];

const MARKDOWN_SAMPLE = `## How we work

We keep **three rules**:

1. Buy from people we can visit.
2. Pay them *before* the goods sell.
3. Repair before replacing.

Read more in our [care guide](/about#care) or write to us at the shop. Raw HTML such as <script>alert(1)</script> is shown as text, never run.

> Good things take the time they take.

\`\`\`
Opening hours: Thu–Sun, 10:00–17:00
\`\`\`
`;

export const ABOUT_SECTIONS: Section[] = [
  {
    blocks: [
      block(BlockType.HTML, { level: 1, text: 'About Juniper & Oak' }, {}, 'heading'),
      block(BlockType.HTML, {
        html: '<p>We started in 2019 as a market stall in Hudson, New York. We still pack every order by hand and work with a dozen makers within a day’s drive of the shop.</p>',
      }),
      block(
        BlockType.IMAGE,
        { image: sceneAsset('studio-window.jpg'), caption: 'The studio on Warren Street.' },
        {},
        'inline',
      ),
    ],
  },
  {
    blocks: [
      block(
        BlockType.IMAGE,
        {
          image: sceneAsset('morning-field.jpg'),
          title: 'Sourced nearby',
          text: 'Every maker is a short drive away.',
          button: { label: 'Meet the makers', url: '#makers' },
        },
        {},
        'poster',
      ),
      block(
        BlockType.IMAGE,
        {
          image: sceneAsset('orchard.jpg'),
          title: 'Seasonal runs',
          text: 'Small batches, released four times a year.',
        },
        {},
        'card',
      ),
      block(
        BlockType.IMAGE,
        { image: sceneAsset('harbour.jpg'), title: 'Shipped plastic-free', text: 'Paper, wool felt and string.' },
        {},
        'overlap',
      ),
      block(
        BlockType.IMAGE,
        { image: sceneAsset('clay.jpg'), title: 'Glazes mixed in-house', text: 'Each mug is dipped by hand.' },
        {},
        'collage',
      ),
      block(
        BlockType.IMAGE,
        { image: sceneAsset('meadow.jpg'), title: 'Repairs for life', text: 'Send it back; we mend it.' },
        {},
        'stack',
      ),
    ],
  },
  {
    settings: { width: 'narrow' },
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Questions we hear often' }, {}, 'heading'),
      block(
        BlockType.ACCORDION,
        {
          items: [
            {
              title: 'Where do you ship?',
              html: '<p>Anywhere in the United States and Canada. Orders over $75 ship free.</p>',
            },
            { title: 'Can I return something?', html: '<p>Yes, within 30 days, unused and in its packaging.</p>' },
            {
              title: 'Do you repair things?',
              html: '<p>We mend textiles and re-glaze chipped stoneware for the life of the piece.</p>',
            },
          ],
        },
        { openFirst: true },
      ),
      block(BlockType.SPACER, {}, { height: 32 }),
      block(BlockType.HORIZONTAL_RULE, {}),
      block(BlockType.MARKDOWN, { markdown: MARKDOWN_SAMPLE }),
      block(BlockType.CODE, {
        code: '<p class="care">Wash cold, dry flat.</p>\nconst note = "a & b";',
        language: 'html',
      }),
    ],
  },
  {
    settings: { theme: 'accent', width: 'full' },
    blocks: [
      block(
        BlockType.MARQUEE,
        { items: ['Small batches', 'Made nearby', 'Repaired for life', 'Packed by hand'] },
        { speed: 30 },
      ),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Watch and listen' }, {}, 'heading'),
      block(BlockType.VIDEO, {
        url: 'https://vimeo.com/76979871',
        title: 'A morning at the kiln',
        providerName: 'Vimeo',
        overlay: true,
        mainImageId: stableId('image', CONTENT_IMAGE_DIR, 'kiln.jpg'),
        image: sceneAsset('kiln.jpg'),
      }),
      block(BlockType.VIDEO, {
        url: 'https://vimeo.com/1084537',
        title: 'Packing day',
        providerName: 'Vimeo',
        overlay: true,
      }),
      block(BlockType.AUDIO, {
        url: '/files/content/shop-radio.wav',
        title: 'Shop radio, episode 4',
        author: 'Juniper & Oak',
      }),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Visit the shop' }, {}, 'heading'),
      block(
        BlockType.MAP,
        {
          name: 'Juniper & Oak',
          addressLine1: '512 Warren Street',
          addressLine2: 'Hudson, NY 12534',
          addressCountry: 'United States',
          lat: 42.2487,
          lng: -73.7868,
        },
        { zoom: 15 },
      ),
      block(BlockType.MENU, {
        title: 'Café menu',
        menus: [
          {
            title: 'Drinks',
            items: [
              { name: 'Filter coffee', price: '$3', description: 'From Hudson Roasters' },
              { name: 'Chai', price: '$4', description: 'Oat or whole milk' },
            ],
          },
          { title: 'Bakes', items: [{ name: 'Cardamom bun', price: '$4', description: 'Baked Thursday to Sunday' }] },
        ],
      }),
      block(BlockType.SOCIAL_ACCOUNT_LINKS_V2, {
        links: [
          { service: 'instagram', url: 'https://www.instagram.com/juniperandoak', label: 'Instagram' },
          { service: 'pinterest', url: 'https://www.pinterest.com/juniperandoak', label: 'Pinterest' },
          { service: 'email', url: 'mailto:hello@juniperandoak.example', label: 'Email' },
        ],
      }),
      block(BlockType.EMBED, {
        url: 'https://www.openstreetmap.org/#map=15/42.2487/-73.7868',
        title: 'Our street on OpenStreetMap',
        html: '<p style="font: 16px/1.5 sans-serif; margin: 1rem">Open Thursday to Sunday, 10:00–17:00.</p><script>document.body.textContent = "scripts never run here";</script>',
      }),
      block(BlockType.HTML, { level: 2, text: 'More from the shop' }, {}, 'heading'),
      block(BlockType.SUMMARY_V2, { collection: 'shop', limit: 6, title: '' }, {}, 'carousel'),
      block(BlockType.SUMMARY_V2, { collection: 'blog', limit: 4 }, {}, 'wall'),
      block(BlockType.SEARCH, { placeholder: 'Search the site' }),
      block(BlockType.CALENDAR, { collection: 'events' }),
    ],
  },
];

const GALLERY_SECTIONS: Section[] = [
  {
    blocks: [
      block(BlockType.HTML, { level: 1, text: 'Gallery' }, {}, 'heading'),
      block(BlockType.HTML, {
        html: '<p>Four ways to look at the same afternoons: a grid with a lightbox, a slideshow, a carousel and a stack.</p>',
      }),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Grid' }, {}, 'heading'),
      block(
        BlockType.GALLERY,
        { images: galleryImages() },
        { lightbox: true, lightboxTheme: 'dark', 'show-meta': true, 'show-meta-on-hover': true },
        'grid',
      ),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Slideshow' }, {}, 'heading'),
      block(
        BlockType.GALLERY,
        { images: galleryImages() },
        {
          controls: true,
          thumbnails: true,
          'aspect-ratio': 'widescreen',
          'autoplay-duration': 5,
          lightbox: true,
          lightboxTheme: 'light',
        },
        'slideshow',
      ),
    ],
  },
  {
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Carousel' }, {}, 'heading'),
      block(
        BlockType.GALLERY,
        { images: galleryImages() },
        { controls: true, 'aspect-ratio': 'four-three', padding: 12 },
        'carousel',
      ),
    ],
  },
  {
    settings: { width: 'narrow' },
    blocks: [
      block(BlockType.HTML, { level: 2, text: 'Stacked' }, {}, 'heading'),
      block(
        BlockType.GALLERY,
        { images: galleryImages(GALLERY_NAMES.slice(0, 3)) },
        { 'show-meta-only-title': true, 'meta-position': 'bottom-left' },
        'stacked',
      ),
    ],
  },
];

const LOOKBOOK_SECTIONS: Section[] = [
  {
    blocks: [
      block(BlockType.HTML, { level: 1, text: 'Autumn lookbook' }, {}, 'heading'),
      block(BlockType.HTML, { html: '<p>A private preview of the autumn run for our wholesale partners.</p>' }),
      block(BlockType.IMAGE, { image: sceneAsset('clay.jpg'), caption: 'Terracotta glaze, autumn run.' }, {}, 'inline'),
    ],
  },
];

const WELCOME_SECTIONS: Section[] = [
  {
    settings: { layout: 'hero', theme: 'dark', background: sceneAsset('harbour.jpg') },
    blocks: [
      block(BlockType.HTML, { level: 1, text: 'Juniper & Oak' }, {}, 'heading'),
      block(BlockType.HTML, { html: '<p>Our autumn run opens on Thursday.</p>' }),
      block(BlockType.BUTTON, { label: 'Enter the shop', url: '/' }, { style: 'primary' }),
    ],
  },
];

const ABOUT_FR = {
  title: 'À propos',
  sections: [
    {
      blocks: [
        block(BlockType.HTML, { level: 1, text: 'À propos de Juniper & Oak' }, {}, 'heading'),
        block(BlockType.HTML, {
          html: '<p>Tout a commencé en 2019 sur un marché de Hudson, dans l’État de New York. Nous emballons encore chaque commande à la main.</p>',
        }),
        block(
          BlockType.IMAGE,
          { image: sceneAsset('studio-window.jpg'), caption: 'L’atelier de Warren Street.' },
          {},
          'inline',
        ),
      ],
    },
  ],
};

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
    sections: GALLERY_SECTIONS,
  },
  {
    slug: 'lookbook',
    title: 'Lookbook',
    type: CollectionType.PAGE,
    kind: CollectionKind.PAGE,
    navVisible: true,
    parent: 'explore',
    sections: LOOKBOOK_SECTIONS,
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
    sections: WELCOME_SECTIONS,
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
      .set({ kind: CollectionKind.PAGE, sections: JSON.stringify(HOME_SECTIONS) })
      .where('site_id', '=', siteId)
      .where('slug', '=', 'home')
      .execute();
    await trx
      .updateTable('collections')
      .set({
        kind: CollectionKind.PAGE,
        sections: JSON.stringify(ABOUT_SECTIONS),
        translations: JSON.stringify({ fr: ABOUT_FR }),
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

    const last = await trx
      .selectFrom('collections')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    let position = Number(last?.max ?? 0) + 1;
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
