import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../../platform/ids.js';
import { ImportUsageError, importCommand } from '../import-command.js';
import { MAX_WXR_BYTES } from '../wordpress-command.js';
import { importWordpress } from '../wordpress-import.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { BLOG, DOCTYPE, OPEN_GARDEN, SUMMER_BEDS, UPLOADS, wxr } from './wordpress-import-fixtures.js';
import { suiteServer } from '../../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`WordPress import on ${dialect}`, { timeout: 120_000 }, () => {
    let dir: string;
    const suite = suiteServer(dialect);
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tessera-wxr-'));
    });
    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
    });
    const blogId = async () =>
      (
        await suite.server.db
          .selectFrom('collections')
          .select('id')
          .where('site_id', '=', DEMO_SITE_ID)
          .where('slug', '=', 'blog')
          .executeTakeFirstOrThrow()
      ).id;
    const posts = async () =>
      suite.server.db
        .selectFrom('items')
        .select(['id', 'url_id', 'title', 'status', 'published_at', 'author', 'structured_content'])
        .where('collection_id', '=', await blogId())
        .orderBy('url_id')
        .execute();
    const comments = async () =>
      suite.server.db
        .selectFrom('comments')
        .select(['id', 'parent_id', 'author_name', 'body', 'status'])
        .where('site_id', '=', DEMO_SITE_ID)
        .where('author_email', 'in', ['priya@example.com', 'ines@harbour.example.org', 'spam@example.net'])
        .orderBy('created_at')
        .execute();

    it('a dry run lists what would be created and skipped, and writes nothing', async () => {
      const before = await posts();
      const out = await importCommand(suite.server.db, ['wordpress', BLOG, '--dry-run']);
      expect(out).toContain('WordPress export "Harbour Kitchen & Garden" → blog /blog');
      expect(out).toContain('line 31: would create tomato-harvest (Tomato harvest, 2024, published, 3 new comments)');
      expect(out).toContain('line 152: would create winter-squash (Winter squash, planned, scheduled)');
      // The demo site has its own /about: the imported one goes next to it, not over it.
      expect(out).toContain('line 188: would create page /about-2 (About, published; /about is taken)');
      expect(out).toContain('line 210: would create page /planting-calendar (Planting calendar, published)');
      expect(out).toContain('Dry run, nothing changed: 6 to create, 0 to update, 1 skipped; 3 comments to add.');
      expect(out).toContain('Pages: 2 to create, 0 to update; new pages are not linked in the navigation');
      expect(out).toContain('1 comment left out');
      expect(out).toContain('3 attachments and 8 image addresses in posts were not downloaded');
      expect(await posts()).toEqual(before);
    });

    it('imports posts, terms and threaded comments, and the post renders sanitised', async () => {
      const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: wxr(), dryRun: false });
      expect(report.planned.map((p) => p.action)).toEqual(['create', 'create', 'create', 'create', 'create', 'create']);
      const stored = await posts();
      const harvest = stored.find((p) => p.url_id === 'tomato-harvest')!;
      expect(JSON.parse(harvest.structured_content)).toEqual({
        wordpress: { site: 'https://harbour.example.org', postId: '21' },
      });
      expect(JSON.parse(harvest.author)).toEqual({ displayName: 'Inès Moreau' });
      expect(new Date(harvest.published_at).toISOString()).toBe('2024-08-16T07:45:00.000Z');
      expect(stored.find((p) => p.url_id === 'winter-squash')?.status).toBe('scheduled');
      expect(stored.find((p) => p.url_id === 'seed-list-for-next-year')?.status).toBe('draft');
      const terms = await suite.server.db
        .selectFrom('item_terms')
        .select(['kind', 'value'])
        .where('item_id', '=', harvest.id)
        .orderBy('kind')
        .orderBy('value')
        .execute();
      expect(terms).toEqual([
        { kind: 'category', value: 'Garden' },
        { kind: 'tag', value: 'preserving' },
        { kind: 'tag', value: 'tomatoes' },
      ]);
      const thread = await comments();
      expect(thread.map((c) => [c.author_name, c.status])).toEqual([
        ['Priya', 'approved'],
        ['Inès Moreau', 'approved'],
        ['Cheap pills', 'spam'],
      ]);
      expect(thread[1]!.parent_id).toBe(thread[0]!.id);

      suite.server.app.services.content.invalidate();
      const page = await new Visitor(suite.server.url).get('/blog/tomato-harvest');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Tomato harvest, 2024');
      expect(page.body).toContain('<strong>San Marzano</strong>');
      expect(page.body).toContain('https://harbour.example.org/wp-content/uploads/2024/08/tomatoes.jpg');
      expect(page.body).not.toContain('evil.example');
      expect(page.body).not.toContain('alert(');
      expect(page.body).toContain('Yes, against a south wall.');
      expect(page.body).not.toContain('Buy now');
      expect((await new Visitor(suite.server.url).get('/blog/winter-squash')).status).toBe(404);

      // Gutenberg blocks and shortcodes became our blocks; the featured images are the named attachments.
      const stored2 = await suite.server.db
        .selectFrom('items')
        .select(['url_id', 'sections', 'images'])
        .where('collection_id', '=', await blogId())
        .where('url_id', 'in', ['tomato-harvest', 'summer-beds', 'open-garden'])
        .orderBy('url_id')
        .execute();
      const blocksOf = (urlId: string) =>
        JSON.parse(stored2.find((p) => p.url_id === urlId)!.sections).flatMap((s: { blocks: unknown[] }) => s.blocks);
      expect(blocksOf('summer-beds')).toEqual(SUMMER_BEDS);
      expect(blocksOf('open-garden')).toEqual(OPEN_GARDEN);
      expect(blocksOf('tomato-harvest').map((b: { type: number }) => b.type)).toEqual([2, 5, 2]);
      const featured = (urlId: string) => JSON.parse(stored2.find((p) => p.url_id === urlId)!.images);
      expect(featured('summer-beds')).toEqual([
        {
          id: 'featured',
          recordType: 2,
          assetUrl: `${UPLOADS}/2024/09/peas.jpg`,
          altText: 'Sugar snap peas',
          originalSize: '',
        },
      ]);
      expect(featured('tomato-harvest')[0].assetUrl).toBe(`${UPLOADS}/2024/08/tomatoes.jpg`);
      expect(featured('open-garden')).toEqual([]);
      const beds = await new Visitor(suite.server.url).get('/blog/summer-beds');
      expect(beds.status).toBe(200);
      for (const shown of [
        'Beans &amp; peas',
        'Climbing the hazel poles',
        'Water the roots, not the leaves.',
        'My grandmother',
        'water = 2 litres &lt; 5 litres',
        'Our seed list',
        'A tour of the beds',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'Bees at dawn',
        'Serves four.',
        `${UPLOADS}/2024/09/peas.jpg`,
      ])
        expect(beds.body, shown).toContain(shown);
      expect(beds.body).not.toContain("alert('html block')");
      expect(beds.body).not.toContain('wp:');
      const garden = await new Visitor(suite.server.url).get('/blog/open-garden');
      expect(garden.status).toBe(200);
      for (const shown of ['Bring gloves.', 'The bean tunnel', 'https://vimeo.com/76979871', 'Write to us any time.'])
        expect(garden.body, shown).toContain(shown);
      for (const raw of [
        '[highlight',
        '[/highlight]',
        '[caption',
        '[gallery',
        '[contact-form-7',
        '[email',
        '[embed',
        '[audio',
      ])
        expect(garden.body, raw).not.toContain(raw);

      // The pages: unlinked, published, their HTML cleaned; the demo's own About page untouched.
      const pages = await suite.server.db
        .selectFrom('collections')
        .select(['slug', 'title', 'kind', 'status', 'nav_visible', 'settings'])
        .where('site_id', '=', DEMO_SITE_ID)
        .where('slug', 'in', ['about', 'about-2', 'planting-calendar'])
        .orderBy('slug')
        .execute();
      expect(pages.map((p) => [p.slug, p.title, p.kind, p.status, p.nav_visible])).toEqual([
        ['about', 'About', 'page', 'published', 1],
        ['about-2', 'About', 'page', 'published', 0],
        ['planting-calendar', 'Planting calendar', 'page', 'published', 0],
      ]);
      expect(JSON.parse(pages[2]!.settings)).toEqual({
        wordpress: { site: 'https://harbour.example.org', postId: '30' },
      });
      const calendar = await new Visitor(suite.server.url).get('/planting-calendar');
      expect(calendar.status).toBe(200);
      expect(calendar.body).toContain('Plant them out in May.');
      expect(calendar.body).not.toContain('alert(1)');
      expect((await new Visitor(suite.server.url).get('/about-2')).body).toContain('We garden by the sea.');
      const nested = await fetch(`${suite.server.url}/garden/planting-calendar/`, { redirect: 'manual' });
      expect(nested.status).toBe(301);
      expect(nested.headers.get('location')).toBe('/planting-calendar');

      // The published posts' old WordPress addresses redirect to the new ones, with or without the slash
      // (and the nested page's: /about stays the site's own page).
      expect(report.redirects).toBe(5);
      for (const old of ['/2024/08/tomato-harvest/', '/2024/08/tomato-harvest']) {
        const moved = await fetch(`${suite.server.url}${old}`, { redirect: 'manual' });
        expect(moved.status, old).toBe(301);
        expect(moved.headers.get('location')).toBe('/blog/tomato-harvest');
      }
    });

    it('a re-run updates by WordPress id or URL instead of duplicating, keeping comments', async () => {
      const before = await posts();
      const changed = wxr()
        .replace(
          '<wp:post_name><![CDATA[passata]]></wp:post_name>',
          '<wp:post_name><![CDATA[quick-passata]]></wp:post_name>',
        )
        .replace('<![CDATA[Winter squash, planned]]>', '<![CDATA[Winter squash, soon]]>')
        .replace('<wp:post_id>23</wp:post_id>', '<wp:post_id>99</wp:post_id>');
      const file = join(dir, 'changed.xml');
      writeFileSync(file, changed);
      const out = await importCommand(suite.server.db, ['wordpress', file, '--site', DEMO_SITE_ID, '--blog', 'blog']);
      // Matched by its WordPress id: the passata keeps its row under its new address.
      expect(out).toContain('updated quick-passata');
      // Matched by its URL (the id changed).
      expect(out).toContain('updated seed-list-for-next-year');
      expect(out).toContain('line 31: updated tomato-harvest (Tomato harvest, 2024, published)');
      expect(out).toContain('0 created, 6 updated, 1 skipped; 0 comments added.');
      expect(out).toContain('line 188: updated page /about-2 (About, published; /about is taken)');
      expect(out).toContain('Pages: 0 created, 2 updated;');
      const after = await posts();
      expect(after.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
      expect(after.find((p) => p.url_id === 'winter-squash')?.title).toBe('Winter squash, soon');
      // The blocks are written again, not added to.
      const beds = await suite.server.db
        .selectFrom('items')
        .select(['sections', 'images'])
        .where('collection_id', '=', await blogId())
        .where('url_id', '=', 'summer-beds')
        .execute();
      expect(beds).toHaveLength(1);
      expect(JSON.parse(beds[0]!.sections).flatMap((s: { blocks: unknown[] }) => s.blocks)).toEqual(SUMMER_BEDS);
      expect(JSON.parse(beds[0]!.images)).toHaveLength(1);
      expect(await comments()).toHaveLength(3);
      // Post ids are only unique within one WordPress site: another site's post 22 is a new post.
      const other = wxr()
        .replaceAll('https://harbour.example.org', 'https://other.example.org')
        .replace('<![CDATA[passata]]></wp:post_name>', '<![CDATA[other-passata]]></wp:post_name>');
      const dry = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: other, dryRun: true });
      expect(dry.planned.find((p) => p.post.wpId === '22')?.action).toBe('create');
    });

    it('a failure half-way writes nothing, and bad files and arguments are refused with a message', async () => {
      const harvest = (await posts()).find((p) => p.url_id === 'tomato-harvest')!;
      const passata = (await posts()).find((p) => p.url_id === 'quick-passata')!;
      // The spam comment's id is taken by a row of another post: its insert fails after the post
      // itself and its terms were rewritten.
      const spamId = stableId('wordpress-comment', harvest.id, '7');
      await suite.server.db.deleteFrom('comments').where('id', '=', spamId).execute();
      await suite.server.db
        .insertInto('comments')
        .values({
          id: spamId,
          site_id: DEMO_SITE_ID,
          item_id: passata.id,
          parent_id: null,
          author_name: 'x',
          body: 'x',
          created_at: new Date().toISOString(),
        })
        .execute();
      const before = await posts();
      const termsBefore = await suite.server.db
        .selectFrom('item_terms')
        .selectAll()
        .where('item_id', '=', harvest.id)
        .execute();
      const xml = wxr()
        .replace('<![CDATA[Tomato harvest, 2024]]>', '<![CDATA[Tomato harvest, renamed]]>')
        .replace('<category domain="post_tag" nicename="tomatoes"><![CDATA[tomatoes]]></category>', '');
      await expect(importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml, dryRun: false })).rejects.toThrow(
        /UNIQUE constraint failed|duplicate key/,
      );
      expect(await posts()).toEqual(before);
      expect(
        await suite.server.db.selectFrom('item_terms').selectAll().where('item_id', '=', harvest.id).execute(),
      ).toEqual(termsBefore);

      await expect(importCommand(suite.server.db, ['wordpress', DOCTYPE])).rejects.toThrow(
        'DOCTYPE or entities; such files are refused (they can read local files). Nothing was imported.',
      );
      await expect(importCommand(suite.server.db, ['wordpress', BLOG, '--blog', 'nope'])).rejects.toThrow(
        'The site has no blog "nope". Nothing was imported.',
      );
      const huge = join(dir, 'huge.xml');
      writeFileSync(huge, '');
      truncateSync(huge, MAX_WXR_BYTES + 1);
      await expect(importCommand(suite.server.db, ['wordpress', huge])).rejects.toThrow('is larger than 50 MB');
      await expect(importCommand(suite.server.db, ['wordpress'])).rejects.toThrow(ImportUsageError);
      await expect(importCommand(suite.server.db, ['wordpress', BLOG, '--collection', 'x'])).rejects.toThrow(
        ImportUsageError,
      );
      await expect(importCommand(suite.server.db, ['wordpress', join(dir, 'missing.xml')])).rejects.toThrow(
        'Cannot read',
      );
      expect(await posts()).toEqual(before);
    });

    it('adds no redirect for an address the server draws itself (sign-in, checkout), whatever the file says', async () => {
      // The row the test above planted to make its import fail goes first.
      await suite.server.db.deleteFrom('comments').where('author_name', '=', 'x').where('body', '=', 'x').execute();
      const xml = wxr()
        .replace('https://harbour.example.org/2024/08/passata/', 'https://harbour.example.org/account/login/')
        .replace('https://harbour.example.org/about/', 'https://harbour.example.org/checkout/');
      await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml, dryRun: false });
      const site = await suite.server.db
        .selectFrom('sites')
        .select('settings')
        .where('id', '=', DEMO_SITE_ID)
        .executeTakeFirstOrThrow();
      const redirects = String(JSON.parse(site.settings).website?.redirects ?? '');
      expect(redirects).toContain('/2024/08/tomato-harvest');
      expect(redirects).not.toMatch(/^\/(account|checkout)/m);
      suite.server.app.services.content.invalidate();
      for (const path of ['/account/login', '/checkout']) {
        const answer = await fetch(`${suite.server.url}${path}`, { redirect: 'manual' });
        expect(answer.status, path).not.toBe(301);
      }
    });
  });
}
