import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The WordPress export the import tests read (packages/server/test/fixtures/imports/) and the blocks
// two of its posts become (wordpress-wxr.test.ts, wordpress-import.test.ts).

const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/imports/', import.meta.url));
export const BLOG = join(FIXTURES, 'wordpress-blog.xml');
/** An export that declares a DOCTYPE (refused). */
export const DOCTYPE = join(FIXTURES, 'wordpress-doctype.xml');
export const wxr = () => readFileSync(BLOG, 'utf8');
export const UPLOADS = 'https://harbour.example.org/wp-content/uploads';
const image = (assetUrl: string, altText: string, extra: Record<string, unknown> = {}) => ({
  recordType: 2,
  assetUrl,
  altText,
  ...extra,
});
/** The blocks of the fixture's block post (Gutenberg) and shortcode post (classic editor), as stored. */
export const SUMMER_BEDS = [
  { type: 2, settings: {}, content: { html: '<p>August was <em>dry</em>; the beans did not mind.</p>' } },
  { type: 2, variant: 'heading', settings: {}, content: { text: 'Beans & peas', level: 3 } },
  {
    type: 5,
    variant: 'inline',
    settings: {},
    content: {
      image: image(`${UPLOADS}/2024/09/beans.jpg`, 'Runner beans', { originalSize: '1200x800' }),
      caption: 'Climbing the hazel poles',
    },
  },
  {
    type: 8,
    variant: 'grid',
    settings: { 'thumbnails-per-row': 2 },
    content: {
      images: [image(`${UPLOADS}/2024/09/beans.jpg`, 'Beans'), image(`${UPLOADS}/2024/09/peas.jpg`, 'Sugar snap peas')],
    },
  },
  { type: 31, settings: {}, content: { text: 'Water the roots, not the leaves.', source: 'My grandmother' } },
  { type: 2, settings: {}, content: { html: '<ul>\n<li>Runner beans</li>\n<li>Sugar snaps</li>\n</ul>' } },
  { type: 47, settings: {}, content: {} },
  { type: 21, settings: { height: 40 }, content: {} },
  { type: 23, settings: {}, content: { code: 'water = 2 litres < 5 litres' } },
  {
    type: 53,
    settings: { style: 'primary' },
    content: { label: 'Our seed list', url: 'https://harbour.example.org/seeds/' },
  },
  {
    type: 32,
    settings: {},
    content: {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      providerName: 'YouTube',
      overlay: true,
      title: 'A tour of the beds',
    },
  },
  { type: 2, settings: {}, content: { html: '<p>Left: the greenhouse.</p>' } },
  { type: 41, settings: {}, content: { url: `${UPLOADS}/2024/09/bees.mp3`, title: 'Bees at dawn' } },
  {
    type: 2,
    settings: {},
    content: {
      html: '<p class="note">Custom <abbr title="HyperText">HTML</abbr> kept.</p>\n<div class="acme-recipe"><p>Serves four.</p></div>',
    },
  },
];
export const OPEN_GARDEN = [
  {
    type: 2,
    settings: {},
    content: { html: '<p>Come and see the garden on <strong>Saturday</strong>. Bring gloves.</p>' },
  },
  {
    type: 5,
    variant: 'inline',
    settings: {},
    content: {
      image: image(`${UPLOADS}/2024/09/beans.jpg`, 'Runner beans', { originalSize: '600x400' }),
      caption: 'The bean tunnel',
    },
  },
  {
    type: 8,
    variant: 'grid',
    settings: { 'thumbnails-per-row': 2 },
    content: {
      images: [
        image(`${UPLOADS}/2024/09/peas.jpg`, 'Sugar snap peas'),
        image(`${UPLOADS}/2024/09/beans.jpg`, 'Runner beans'),
      ],
    },
  },
  { type: 32, settings: {}, content: { url: 'https://vimeo.com/76979871', providerName: 'Vimeo', overlay: true } },
  {
    type: 32,
    settings: {},
    content: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', providerName: 'YouTube', overlay: true },
  },
  { type: 41, settings: {}, content: { url: `${UPLOADS}/2024/09/bees.mp3` } },
  { type: 2, settings: {}, content: { html: '<p>Questions? Write to us any time.</p>' } },
];
