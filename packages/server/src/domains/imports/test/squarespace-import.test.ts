// Issue 19: a Squarespace export (WXR with Squarespace's own markup) imported into the expected
// content, checked page by page and post by post, on each database; a re-run updates.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../import-command.js';
import { importWordpress } from '../wordpress-import.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const FILE = fileURLToPath(new URL('../../../../test/fixtures/imports/squarespace-site.xml', import.meta.url));
const XML = readFileSync(FILE, 'utf8');
const CDN = 'https://images.squarespace-cdn.com/content/v1/5f1a';
const image = (assetUrl: string, altText: string, extra: Record<string, unknown> = {}) => ({
  recordType: 2,
  assetUrl,
  altText,
  ...extra,
});

interface Expected {
  slug: string;
  title: string;
  status: string;
  blocks: unknown[];
  /** What the visitor's page shows (HTML as served). */
  shows: string[];
}

const PAGES: Expected[] = [
  {
    slug: 'our-studio',
    title: 'Our studio',
    status: 'published',
    blocks: [
      { type: 2, variant: 'heading', settings: {}, content: { text: 'Our studio', level: 1 } },
      {
        type: 2,
        settings: {},
        content: {
          html: '<p>Kiln &amp; Co. is a shared pottery studio in a former print works. We fire <strong>twice a week</strong>.</p>',
        },
      },
      {
        type: 5,
        variant: 'inline',
        settings: {},
        content: {
          image: image(`${CDN}/studio.jpg`, 'The studio floor', {
            originalSize: '2500x1667',
            mediaFocalPoint: { x: 0.5, y: 0.5 },
          }),
          caption: 'Wheels by the north windows',
        },
      },
      { type: 31, settings: {}, content: { text: 'Clay remembers everything.', source: 'Mara Lind' } },
      { type: 53, settings: { style: 'primary' }, content: { label: 'See the classes', url: '/classes' } },
    ],
    shows: [
      'Our studio',
      '<strong>twice a week</strong>',
      `${CDN}/studio.jpg`,
      'alt="The studio floor"',
      'Wheels by the north windows',
      'Clay remembers everything.',
      'Mara Lind',
      'href="/classes"',
      'See the classes',
    ],
  },
  {
    slug: 'classes',
    title: 'Classes',
    status: 'published',
    blocks: [
      { type: 2, variant: 'heading', settings: {}, content: { text: 'Wheel throwing', level: 2 } },
      {
        type: 2,
        settings: {},
        content: {
          html: '<p>Six Tuesday evenings, all clay and firings included.</p>\n<ul><li>Beginners: 18:00–20:00</li><li>Returning: 20:15–22:00</li></ul>',
        },
      },
      { type: 47, settings: {}, content: {} },
      {
        type: 32,
        settings: {},
        content: {
          url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
          providerName: 'YouTube',
          overlay: true,
          title: 'Centring in two minutes',
        },
      },
      { type: 21, settings: { height: 50 }, content: {} },
      { type: 2, variant: 'heading', settings: {}, content: { text: 'Glazing', level: 3 } },
      {
        type: 2,
        settings: {},
        content: {
          // The code block's script is gone; its text stays.
          html: '<p>Saturday mornings. <a href="mailto:classes@kiln-and-co.example">Ask for a place</a>.</p>\n<p>Book online</p>',
        },
      },
    ],
    shows: ['Wheel throwing', 'Beginners: 18:00–20:00', 'Centring in two minutes', 'YouTube', 'Glazing', 'Book online'],
  },
  {
    slug: 'work',
    title: 'Gallery of work',
    status: 'draft',
    blocks: [
      {
        type: 8,
        variant: 'grid',
        settings: {},
        content: {
          images: [
            image(`${CDN}/bowl.jpg`, 'Tea bowl', { originalSize: '1600x1600' }),
            image(`${CDN}/jug.jpg`, 'Jug', { originalSize: '1200x1600' }),
          ],
        },
      },
      {
        type: 5,
        variant: 'inline',
        settings: {},
        content: { image: image(`${CDN}/kiln-door.jpg`, 'The kiln door'), caption: 'Opening the kiln, October' },
      },
    ],
    shows: [],
  },
];

const POSTS: (Expected & { excerpt: string; categories: string[]; tags: string[]; publishedAt: string })[] = [
  {
    slug: 'first-firing',
    title: 'First firing of the new kiln',
    status: 'published',
    excerpt: 'Cone 10 on the first try.',
    categories: ['Studio news'],
    tags: ['kiln', 'stoneware'],
    publishedAt: '2024-09-14T16:30:00.000Z',
    blocks: [
      { type: 2, settings: {}, content: { html: '<p>The new kiln reached <em>cone 10</em> on its first try.</p>' } },
      {
        type: 5,
        variant: 'inline',
        settings: {},
        content: { image: image(`${CDN}/cone.jpg`, '', { originalSize: '1500x1000' }) },
      },
      { type: 2, settings: {}, content: { html: '<p>Next firing: <strong>Friday</strong>.</p>' } },
    ],
    shows: ['First firing of the new kiln', '<em>cone 10</em>', `${CDN}/cone.jpg`, 'Congratulations!', 'Mara Lind'],
  },
  {
    slug: 'autumn-open-studio',
    title: 'Autumn open studio',
    status: 'published',
    excerpt: 'Open studio, November.',
    categories: ['Events'],
    tags: [],
    publishedAt: '2024-10-03T09:00:00.000Z',
    blocks: [
      { type: 2, settings: {}, content: { html: '<p>Doors open 10–16 on the first Saturday of November.</p>' } },
      { type: 32, settings: {}, content: { url: 'https://vimeo.com/76979871', providerName: 'Vimeo', overlay: true } },
      { type: 2, settings: {}, content: { html: '<p>Free entry; <a href="/classes">classes</a> on show.</p>' } },
    ],
    shows: ['Doors open 10–16', 'https://vimeo.com/76979871', 'Vimeo', 'Free entry'],
  },
];

/** Squarespace's own markup never reaches a visitor. */
const NEVER = [
  'sqs-block',
  'sqs-layout',
  'data-block-json',
  'data-src',
  '<script',
  'booking.js',
  'onclick',
  'javascript:',
];

/** The page's own content (the site's header, footer and scripts are not the import's). */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end);
}

const blocksOf = (sections: string) => JSON.parse(sections).flatMap((s: { blocks: unknown[] }) => s.blocks);

describe.each(DIALECTS)('a Squarespace export on %s', (dialect) => {
  const suite = suiteServer(dialect);

  const pages = () =>
    suite.server.db
      .selectFrom('collections')
      .select(['id', 'slug', 'title', 'status', 'sections', 'nav_visible'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where(
        'slug',
        'in',
        PAGES.map((p) => p.slug),
      )
      .orderBy('slug')
      .execute();
  const posts = () =>
    suite.server.db
      .selectFrom('items')
      .select(['id', 'url_id', 'title', 'status', 'excerpt', 'sections', 'published_at', 'author'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where(
        'url_id',
        'in',
        POSTS.map((p) => p.slug),
      )
      .orderBy('url_id')
      .execute();

  it('a dry run reads every page and post, and writes nothing', async () => {
    const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: XML, dryRun: true });
    expect(report.siteTitle).toBe('Kiln & Co. Pottery');
    expect(report.skipped).toEqual([]);
    expect(report.pages.map((p) => [p.action, p.slug, p.page.status])).toEqual([
      ['create', 'our-studio', 'published'],
      ['create', 'classes', 'published'],
      ['create', 'work', 'draft'],
    ]);
    expect(report.planned.map((p) => [p.action, p.post.urlId, p.newComments])).toEqual([
      ['create', 'first-firing', 1],
      ['create', 'autumn-open-studio', 0],
    ]);
    expect(await pages()).toEqual([]);
    expect(await posts()).toEqual([]);
  });

  it('imports each page as the expected blocks, and each renders them', async () => {
    const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: XML, dryRun: false });
    // The posts' old addresses (/journal/…) move to the blog; the pages keep theirs.
    expect(report.redirects).toBe(2);
    const stored = await pages();
    expect(stored.map((p) => p.slug).sort()).toEqual(PAGES.map((p) => p.slug).sort());
    suite.server.app.services.content.invalidate();
    for (const page of PAGES) {
      const row = stored.find((p) => p.slug === page.slug)!;
      expect([row.title, row.status, row.nav_visible], page.slug).toEqual([page.title, page.status, 0]);
      expect(blocksOf(row.sections), page.slug).toEqual(page.blocks);
      const served = await new Visitor(suite.server.url).get(`/${page.slug}`);
      if (page.status !== 'published') {
        expect(served.status, page.slug).toBe(404);
        continue;
      }
      expect(served.status, page.slug).toBe(200);
      for (const shown of page.shows) expect(served.body, `${page.slug}: ${shown}`).toContain(shown);
      for (const never of NEVER) expect(mainOf(served.body), `${page.slug}: ${never}`).not.toContain(never);
    }
  });

  it('imports each post with its blocks, excerpt, terms, date, author and comments', async () => {
    const stored = await posts();
    for (const post of POSTS) {
      const row = stored.find((p) => p.url_id === post.slug)!;
      expect(row, post.slug).toBeDefined();
      expect([row.title, row.status, row.excerpt], post.slug).toEqual([post.title, post.status, post.excerpt]);
      expect(new Date(row.published_at).toISOString(), post.slug).toBe(post.publishedAt);
      expect(JSON.parse(row.author), post.slug).toEqual({ displayName: 'Mara Lind' });
      expect(blocksOf(row.sections), post.slug).toEqual(post.blocks);
      const terms = await suite.server.db
        .selectFrom('item_terms')
        .select(['kind', 'value'])
        .where('item_id', '=', row.id)
        .orderBy('value')
        .execute();
      expect(terms.filter((t) => t.kind === 'category').map((t) => t.value)).toEqual(post.categories);
      expect(terms.filter((t) => t.kind === 'tag').map((t) => t.value)).toEqual(post.tags);
      const served = await new Visitor(suite.server.url).get(`/blog/${post.slug}`);
      expect(served.status, post.slug).toBe(200);
      for (const shown of post.shows) expect(served.body, `${post.slug}: ${shown}`).toContain(shown);
      for (const never of NEVER) expect(mainOf(served.body), `${post.slug}: ${never}`).not.toContain(never);
      const moved = await fetch(`${suite.server.url}/journal/${post.slug}`, { redirect: 'manual' });
      expect(moved.status, post.slug).toBe(301);
      expect(moved.headers.get('location')).toBe(`/blog/${post.slug}`);
    }
  });

  it('a re-run updates what it made instead of duplicating it', async () => {
    const pagesBefore = await pages();
    const postsBefore = await posts();
    const out = await importCommand(suite.server.db, ['wxr', FILE]);
    expect(out).toContain('0 created, 2 updated, 0 skipped; 0 comments added.');
    expect(out).toContain('Pages: 0 created, 3 updated;');
    expect(await pages()).toEqual(pagesBefore);
    expect(await posts()).toEqual(postsBefore);
    const comments = await suite.server.db
      .selectFrom('comments')
      .select('body')
      .where(
        'item_id',
        'in',
        postsBefore.map((p) => p.id),
      )
      .execute();
    expect(comments).toEqual([{ body: 'Congratulations!' }]);
  });
});
