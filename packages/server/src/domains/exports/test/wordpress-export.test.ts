import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionData } from '@tessera/core/contracts/pages';
import { sectionsBody } from '../../content/blog/sections-body.js';
import { exportCommand } from '../export-command.js';
import { exportWordpress, loginOf } from '../wordpress-export.js';
import { EXPORTED_KINDS, pageHtml } from '../wordpress-pages-export.js';
import { blocksOf, galleriesAndButtons } from './wordpress-export-helpers.js';
import { newId } from '../../../platform/ids.js';
import { importWordpress } from '../../imports/wordpress-import.js';
import { parseWxr } from '../../imports/wordpress-wxr.js';
import { DIALECTS, startTestServer, type TestServer, DEMO_SITE_ID } from '../../../testing.js';

const BASE = 'https://journal.example.com';

describe('loginOf', () => {
  it('makes a WordPress login of a display name', () => {
    expect(loginOf('Inès Moreau')).toBe('ines-moreau');
    expect(loginOf('  ')).toBe('author');
  });
});

describe.each(DIALECTS)('a blog as a WordPress export on %s', (dialect) => {
  let server: TestServer;
  let blog: { id: string; slug: string };

  /** Each post of a blog as the round trip must keep it, with its terms and comments. */
  async function postsOf(collectionId: string) {
    const posts = await server.db
      .selectFrom('items')
      .select(['id', 'url_id', 'title', 'excerpt', 'body', 'sections', 'status', 'published_at', 'author'])
      .where('collection_id', '=', collectionId)
      .orderBy('url_id')
      .execute();
    const out = [];
    for (const post of posts) {
      const terms = await server.db
        .selectFrom('item_terms')
        .select(['kind', 'value'])
        .where('item_id', '=', post.id)
        .orderBy('kind')
        .orderBy('value')
        .execute();
      const comments = await server.db
        .selectFrom('comments')
        .select(['id', 'parent_id', 'author_name', 'body', 'status', 'created_at'])
        .where('item_id', '=', post.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const index = new Map(comments.map((c, i) => [c.id, i]));
      out.push({
        urlId: post.url_id,
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        blocks: blocksOf(post.sections),
        status: post.status,
        publishedAt: new Date(post.published_at).toISOString().slice(0, 19),
        author: JSON.parse(post.author).displayName ?? '',
        terms,
        comments: comments.map((c) => ({
          author: c.author_name,
          body: c.body,
          status: c.status,
          parent: c.parent_id ? index.get(c.parent_id) : null,
        })),
      });
    }
    return out;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    blog = await server.db
      .selectFrom('collections')
      .select(['id', 'slug'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('kind', '=', 'blog')
      .executeTakeFirstOrThrow();
    // A title and a comment that would break a careless writer.
    const post = await server.db
      .selectFrom('items')
      .select('id')
      .where('collection_id', '=', blog.id)
      .orderBy('published_at', 'desc')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('items').set({ title: 'Ends ]]> & <starts>' }).where('id', '=', post.id).execute();
    // A post made of blocks as the post screen saves it: the About and Gallery pages' blocks (pictures,
    // posters, galleries, videos, sound, quotes, code, headings, text…), its body made from them.
    const pages = await server.db
      .selectFrom('collections')
      .select('sections')
      .where('site_id', '=', DEMO_SITE_ID)
      .where('slug', 'in', ['about', 'gallery'])
      .orderBy('slug')
      .execute();
    const sections = pages.flatMap((p) => JSON.parse(p.sections) as SectionData[]);
    const older = await server.db
      .selectFrom('items')
      .select('id')
      .where('collection_id', '=', blog.id)
      .where('id', '!=', post.id)
      .orderBy('published_at', 'desc')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('items')
      .set({ sections: JSON.stringify(sections), body: sectionsBody(sections) })
      .where('id', '=', older.id)
      .execute();
    const first = newId();
    await server.db
      .insertInto('comments')
      .values([
        {
          id: first,
          site_id: DEMO_SITE_ID,
          item_id: post.id,
          parent_id: null,
          author_name: 'Priya',
          author_email: 'priya@example.com',
          body: 'First, with ]]> inside.',
          status: 'approved',
          created_at: '2026-01-02T10:00:00.000Z',
        },
        {
          id: newId(),
          site_id: DEMO_SITE_ID,
          item_id: post.id,
          parent_id: first,
          author_name: 'Tom',
          author_email: 'tom@example.com',
          body: 'A reply waiting for moderation.',
          status: 'pending',
          created_at: '2026-01-02T11:00:00.000Z',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes a WXR file that the WordPress import reads whole, and that reads back as the same blog', async () => {
    const result = await exportWordpress(server.db, { siteId: DEMO_SITE_ID, baseUrl: BASE });
    expect(result.posts).toBeGreaterThan(1);
    expect(result.comments).toBeGreaterThanOrEqual(2);
    const parsed = parseWxr(result.xml);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.posts).toHaveLength(result.posts);
    expect(result.pages).toBeGreaterThan(1);
    expect(parsed.pages).toHaveLength(result.pages);
    expect(parsed.source).toBe(BASE);

    // Into a second, empty blog of the same site: every post, term and comment as it was.
    const copy = { id: newId(), slug: 'journal-copy' };
    const original = await server.db
      .selectFrom('collections')
      .selectAll()
      .where('id', '=', blog.id)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('collections')
      .values({ ...original, id: copy.id, slug: copy.slug, title: 'Journal copy', position: 99 })
      .execute();
    const report = await importWordpress(server.db, {
      siteId: DEMO_SITE_ID,
      xml: result.xml,
      blog: copy.slug,
      dryRun: false,
    });
    // The site's own pages are recognised (the file names them), not copied next to themselves.
    expect(report.pages).toEqual([]);
    expect(report.skipped).toHaveLength(result.pages);
    for (const skipped of report.skipped)
      expect(skipped.reason).toMatch(/is this site's own page \/[a-z0-9-]+ \(the file was exported from here\)\.$/);
    expect(await postsOf(copy.id)).toEqual(await postsOf(blog.id));
    // The copy's old addresses are this site's own posts: they stay, no redirect sends them away.
    expect(report.redirects).toBe(0);
    const kept = (await postsOf(blog.id)).find((p) => p.status === 'published')!;
    expect((await fetch(`${server.url}/${blog.slug}/${kept.urlId}`, { redirect: 'manual' })).status).toBe(200);

    // Exported twice, the same file: a second import updates and adds nothing.
    const again = await exportWordpress(server.db, { siteId: DEMO_SITE_ID, baseUrl: BASE, blog: blog.slug });
    expect(again.xml).toBe(result.xml);
    const rerun = await importWordpress(server.db, {
      siteId: DEMO_SITE_ID,
      xml: again.xml,
      blog: copy.slug,
      dryRun: true,
    });
    expect(rerun.planned.every((p) => p.action === 'update' && p.newComments === 0)).toBe(true);

    // A re-run that gives a post another address moves it: its old address on this site redirects.
    const renamed = again.xml.replace(
      `<wp:post_name><![CDATA[${kept.urlId}]]></wp:post_name>`,
      `<wp:post_name><![CDATA[${kept.urlId}-moved]]></wp:post_name>`,
    );
    const moved = await importWordpress(server.db, {
      siteId: DEMO_SITE_ID,
      xml: renamed,
      blog: copy.slug,
      dryRun: false,
    });
    expect(moved.planned.filter((p) => p.action === 'create')).toEqual([]);
    expect(moved.redirects).toBe(1);
    const old = await fetch(`${server.url}/${copy.slug}/${kept.urlId}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location') ?? '', server.url).pathname).toBe(`/${copy.slug}/${kept.urlId}-moved`);
  });

  it("takes the site's pages to another install: text, headings, quotes and images, and a re-run updates them", async () => {
    const about = await server.db
      .selectFrom('collections')
      .select(['id', 'slug', 'title', 'sections'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    const { xml } = await exportWordpress(server.db, { siteId: DEMO_SITE_ID, baseUrl: BASE });
    const exported = parseWxr(xml).pages.find((p) => p.slug === 'about');
    expect(exported?.tesseraId).toBe(about.id);
    // The About page's picture goes with it (image blocks were left out before).
    expect(exported?.body).toMatch(
      /<figure><img src="\/files\/[^"]+studio-window[^"]*\.jpg"[^>]*><figcaption>The studio on Warren Street\.<\/figcaption><\/figure>/,
    );
    // Its videos and sound go as Gutenberg blocks, read back as our blocks.
    const aboutBlocks = JSON.parse(about.sections).flatMap((s: { blocks: unknown[] }) => s.blocks);
    const media = (blocks: { type: number; content: Record<string, unknown> }[]) =>
      blocks.filter((b) => b.type === 32 || b.type === 41).map((b) => [b.type, b.content.url, b.content.title]);
    expect(media(exported?.sections.flatMap((s) => s.blocks) as never)).toEqual(media(aboutBlocks));
    expect(media(aboutBlocks)).toHaveLength(3);
    const originals = await server.db
      .selectFrom('collections')
      .select(['id', 'slug', 'kind', 'sections'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('kind', 'in', [...EXPORTED_KINDS])
      .execute();
    const other = await startTestServer({ dialect });
    // Another install's demo has the same page ids (the seed's stable ids): name them as pages of
    // some other site, as an export from any other install would.
    const fromElsewhere = xml.replace(
      /(_tessera_page_id\]\]><\/wp:meta_key><wp:meta_value><!\[CDATA\[)/g,
      '$1elsewhere-',
    );
    try {
      // A fresh install has its own About page: the imported one goes beside it, and a second run updates it.
      expect((await importWordpress(other.db, { siteId: DEMO_SITE_ID, xml, dryRun: true })).pages).toEqual([]);
      const first = await importWordpress(other.db, { siteId: DEMO_SITE_ID, xml: fromElsewhere, dryRun: false });
      expect(first.skipped).toEqual([]);
      const placed = first.pages.find((p) => p.page.slug === 'about');
      expect(placed).toMatchObject({ action: 'create', slug: 'about-2' });
      const stored = await other.db
        .selectFrom('collections')
        .select(['title', 'sections', 'status', 'nav_visible'])
        .where('site_id', '=', DEMO_SITE_ID)
        .where('slug', '=', 'about-2')
        .executeTakeFirstOrThrow();
      expect(stored.title).toBe(about.title);
      expect(stored.nav_visible).toBe(0);
      // Read back as our blocks (headings, text, rules, pictures, galleries, videos, sound, buttons…)
      // that export as the same page again: every page of the site makes the round trip.
      expect(pageHtml(stored.sections).html).toBe(pageHtml(about.sections).html);
      expect(JSON.parse(stored.sections)[0].blocks[0]).toMatchObject({ type: 2, variant: 'heading' });
      for (const made of first.pages) {
        const original = originals.find((p) => `elsewhere-${p.id}` === made.page.tesseraId);
        const copy = await other.db
          .selectFrom('collections')
          .select(['kind', 'sections'])
          .where('site_id', '=', DEMO_SITE_ID)
          .where('slug', '=', made.slug)
          .executeTakeFirstOrThrow();
        expect(copy.kind, made.slug).toBe(original?.kind);
        expect(pageHtml(copy.sections).html, made.slug).toBe(pageHtml(original?.sections ?? '[]').html);
        // Every block field by field: a picture's design, focal point and poster fields, text blocks apart…
        expect(blocksOf(copy.sections), made.slug).toEqual(blocksOf(original?.sections ?? '[]'));
        // Galleries keep their design, every setting and their pictures' titles; buttons their size.
        expect(galleriesAndButtons(copy.sections), made.slug).toEqual(galleriesAndButtons(original?.sections ?? '[]'));
      }
      // The gallery page (a gallery-kind page) and the splash page come too.
      expect(first.pages.map((p) => p.page.kind).sort()).toContain('gallery');
      expect(first.pages.map((p) => p.page.kind)).toContain('splash');
      // Among them galleries with settings other than the defaults and the home page's large button.
      const shown = originals.flatMap((p) => galleriesAndButtons(p.sections));
      const settingsOf = (b: (typeof shown)[number]) => Object.keys(('settings' in b && b.settings) || {});
      expect(shown.some((b) => settingsOf(b).some((key) => key !== 'thumbnails-per-row'))).toBe(true);
      expect(shown.some((b) => 'button' in b && (b.button as { size?: string }).size === 'large')).toBe(true);
      expect(shown.some((b) => 'images' in b && b.images?.some((i) => i.title && i.description))).toBe(true);
      const kinds = (sections: string) =>
        JSON.parse(sections).flatMap((s: { blocks: { type: number }[] }) => s.blocks.map((b) => b.type));
      const exportedKinds = new Set(first.pages.flatMap((p) => kinds(JSON.stringify(p.page.sections))));
      // Galleries, videos, sound and buttons among them.
      for (const type of [8, 32, 41, 53]) expect(exportedKinds.has(type), String(type)).toBe(true);
      const pagesOf = async () =>
        Number(
          (
            await other.db
              .selectFrom('collections')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('site_id', '=', DEMO_SITE_ID)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const afterFirst = await pagesOf();
      const again = await importWordpress(other.db, { siteId: DEMO_SITE_ID, xml: fromElsewhere, dryRun: false });
      expect(again.pages.length).toBe(first.pages.length);
      expect(again.pages.every((p) => p.action === 'update')).toBe(true);
      expect(again.pages.find((p) => p.page.slug === 'about')?.slug).toBe('about-2');
      expect(await pagesOf()).toBe(afterFirst);
      const page = await fetch(`${other.url}/about-2`);
      expect(page.status).toBe(200);
      // A re-run with another address for the page moves it; the old address redirects there.
      const renamed = fromElsewhere.replace(
        '<wp:post_name><![CDATA[about]]></wp:post_name>',
        '<wp:post_name><![CDATA[about-us]]></wp:post_name>',
      );
      const moved = await importWordpress(other.db, { siteId: DEMO_SITE_ID, xml: renamed, dryRun: false });
      expect(moved.pages.find((p) => p.page.slug === 'about-us')).toMatchObject({ action: 'update', slug: 'about-us' });
      expect(await pagesOf()).toBe(afterFirst);
      const old = await fetch(`${other.url}/about-2`, { redirect: 'manual' });
      expect(old.status).toBe(301);
      expect(new URL(old.headers.get('location') ?? '', other.url).pathname).toBe('/about-us');
    } finally {
      await other.close();
    }
  });

  it('runs as `tessera export wordpress`, with links from the public address', async () => {
    const { stdout, stderr } = await exportCommand(server.db, ['wordpress', '--blog', blog.slug], {
      publicUrl: BASE,
      port: 3000,
    });
    expect(stderr).toMatch(
      /^\d+ post\(s\), \d+ comment\(s\) and \d+ page\(s\) exported as a WordPress export \(WXR\)\.( \d+ block\(s\) with no WordPress form .* were left out\.)?$/,
    );
    expect(stdout).toContain(`<wp:base_site_url>${BASE}</wp:base_site_url>`);
    await expect(exportCommand(server.db, ['wordpress', '--blog', 'nope'])).rejects.toThrow(
      'The site has no blog "nope".',
    );
  });
});
