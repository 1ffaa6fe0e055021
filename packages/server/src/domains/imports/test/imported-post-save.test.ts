import { beforeAll, describe, expect, it } from 'vitest';
import { importWordpress } from '../wordpress-import.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { postEditorBody as editorBody } from '../../content/test/blog-helpers.js';
import { wxr } from './wordpress-import-fixtures.js';
import { suiteServer } from '../../../../test/suite-server.js';

// A post imported from WordPress keeps its blocks (gallery, image, video, quote…) when the owner
// opens it in the blog post editor and saves it (issue 19): the editor sends back the HTML body it
// was given, and a save whose body is unchanged keeps the stored sections; a title or tag edit
// changes only that field. Both databases.

const WXR = wxr();

type PostDocument = Record<string, unknown> & { id: string; body: string; featuredImage: unknown };

for (const dialect of DIALECTS) {
  describe(`saving an imported post in the blog editor (${dialect})`, { timeout: 120_000 }, () => {
    let blogId: string;

    const suite = suiteServer(dialect, { editor: OWNERS.editor });

    const stored = (urlId: string) =>
      suite.server.db
        .selectFrom('items')
        .select(['id', 'title', 'body', 'sections', 'excerpt', 'images'])
        .where('collection_id', '=', blogId)
        .where('url_id', '=', urlId)
        .executeTakeFirstOrThrow();
    const blocksOf = (sections: string) =>
      (JSON.parse(sections) as { blocks: { type: number; content: { html?: string } }[] }[]).flatMap((s) => s.blocks);
    const open = async (urlId: string): Promise<PostDocument> => {
      const answer = await suite.editor.get(`/api/config/blogs/${blogId}/posts/${(await stored(urlId)).id}`);
      expect(answer.status).toBe(200);
      return answer.body.post;
    };
    const save = async (post: PostDocument, changes: Record<string, unknown> = {}) => {
      const answer = await suite.editor.put(`/api/config/blogs/${blogId}/posts/${post.id}`, editorBody(post, changes));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.post as PostDocument;
    };

    beforeAll(async () => {
      const { body } = await suite.editor.get('/api/config/blogs');
      blogId = body.blogs.find((b: { slug: string }) => b.slug === 'blog').id;
      await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: WXR, dryRun: false });
    });

    it('an unchanged save keeps every block of a Gutenberg post and of a shortcode post', async () => {
      for (const urlId of ['summer-beds', 'open-garden', 'tomato-harvest']) {
        const before = await stored(urlId);
        // The import made blocks other than text: an unchanged save must not flatten them.
        expect(
          blocksOf(before.sections).some((b) => b.type !== 2),
          urlId,
        ).toBe(true);
        const post = await open(urlId);
        // The editor is told how many blocks the post keeps, to say an edited body replaces them.
        expect(post.blocks, urlId).toBe(blocksOf(before.sections).length);
        const saved = await save(post);
        expect(saved.body).toBe(post.body);
        const after = await stored(urlId);
        expect(blocksOf(after.sections), urlId).toEqual(blocksOf(before.sections));
        expect(after.body).toBe(before.body);
        // Saving again from what the save answered changes nothing either.
        await save(saved);
        expect(blocksOf((await stored(urlId)).sections), urlId).toEqual(blocksOf(before.sections));
      }
      // The visitor still sees the gallery block, not the body's HTML in one text block.
      const page = await Visitor.of(suite.server).get('/blog/summer-beds');
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('block--gallery');
    });

    it('an edit of the title, excerpt or tags changes only those and keeps the blocks', async () => {
      const before = await stored('summer-beds');
      expect(blocksOf(before.sections).length).toBeGreaterThan(10);
      const post = await open('summer-beds');
      const saved = await save(post, { title: 'Summer beds, revisited', excerpt: 'Beans and peas.', tags: ['beans'] });
      expect(saved).toMatchObject({ title: 'Summer beds, revisited', excerpt: 'Beans and peas.', tags: ['beans'] });
      const after = await stored('summer-beds');
      expect(blocksOf(after.sections)).toEqual(blocksOf(before.sections));
      expect(after.body).toBe(before.body);
      expect(after.images).toBe(before.images);
    });

    it('keeps an imported featured image’s web address on a save, and refuses a new one', async () => {
      const urlIds = ['summer-beds', 'open-garden', 'tomato-harvest', 'winter-squash'];
      const posts = await Promise.all(urlIds.map(open));
      const withImage = posts.find((p) => /^https:/.test(String((p.featuredImage as { url?: string })?.url)));
      expect(withImage).toBeDefined();
      const post = withImage as PostDocument;
      expect((await save(post)).featuredImage).toEqual(post.featuredImage);
      const moved = await suite.editor.put(
        `/api/config/blogs/${blogId}/posts/${post.id}`,
        editorBody(post, { featuredImage: { url: 'https://elsewhere.test/a.jpg', altText: '' } }),
      );
      expect(moved.status).toBe(400);
      expect(moved.body.message).toBe('featuredImage.url: Choose an image from the file manager (/files/…).');
    });

    it('an edit inside one text block of the body changes that block only', async () => {
      const before = blocksOf((await stored('open-garden')).sections);
      const last = before.at(-1)?.content.html ?? '';
      expect(last).toBe('<p>Questions? Write to us any time.</p>');
      const post = await open('open-garden');
      expect(post.body).toContain(last);
      const saved = await save(post, { body: post.body.replace('any time.', 'any time.</p>\n<p>Tea is on us.') });
      expect(saved.body).toContain('<p>Tea is on us.</p>');
      expect(saved.blocks).toBe(before.length);
      const after = blocksOf((await stored('open-garden')).sections);
      expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
      expect(after.at(-1)).toEqual({ ...before.at(-1), content: { html: `${last}\n<p>Tea is on us.</p>` } });
      const page = await Visitor.of(suite.server).get('/blog/open-garden');
      expect(String(page.body)).toContain('Tea is on us.');
      expect(String(page.body)).toContain('block--gallery');
    });

    it('a body rewritten across blocks is stored as the editor shows it, one text block', async () => {
      const post = await open('tomato-harvest');
      const body = '<p>A new start.</p>';
      const saved = await save(post, { body });
      expect(saved.body).toBe(body);
      expect(saved.blocks).toBe(0);
      expect(blocksOf((await stored('tomato-harvest')).sections)).toEqual([
        { type: 2, settings: {}, content: { html: body } },
      ]);
    });
  });
}
