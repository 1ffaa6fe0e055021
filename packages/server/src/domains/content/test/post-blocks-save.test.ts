import { EDITOR_MESSAGES, MEDIA_BLOCK_MESSAGES } from '@tessera/core';
import { postAnswer } from '@tessera/core/contracts/blog';
import { beforeAll, describe, expect, it } from 'vitest';
import { importWordpress } from '../../imports/wordpress-import.js';
import { DEMO_SITE_ID, DIALECTS } from '../../../testing.js';
import { expectAnswer } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { postEditorBody as editorBody } from './blog-helpers.js';
import { wxr } from '../../imports/test/wordpress-import-fixtures.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The post screen saves an imported post's blocks (issue 19): the owner replaces a gallery's picture
// and its alt text, reorders and removes pictures, moves and deletes blocks, and the post is saved
// with its sections; nothing is flattened, the body is made from the blocks and visitors see them.
// Sections are refused as a page draft's are, with the page editor's messages. Both databases.

const WXR = wxr();

type Block = { id?: string; type: number; variant?: string; settings?: object; content: Record<string, any> };
type Section = { blocks: Block[] };
type Post = Record<string, any> & { id: string; sections: Section[]; blocks: number };

for (const dialect of DIALECTS) {
  describe(`saving a post's blocks from the post screen (${dialect})`, { timeout: 120_000 }, () => {
    let blogId: string;
    let postPath: string;

    const suite = suiteServer(dialect, { editor: OWNERS.editor, admin: OWNERS.admin });

    const stored = () =>
      suite.server.db
        .selectFrom('items')
        .select(['id', 'body', 'sections'])
        .where('collection_id', '=', blogId)
        .where('url_id', '=', 'summer-beds')
        .executeTakeFirstOrThrow();
    const open = async (): Promise<Post> => expectAnswer(postAnswer, await suite.editor.get(postPath)).post as Post;

    beforeAll(async () => {
      const { body } = await suite.editor.get('/api/config/blogs');
      blogId = body.blogs.find((b: { slug: string }) => b.slug === 'blog').id;
      await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: WXR, dryRun: false });
      postPath = `/api/config/blogs/${blogId}/posts/${(await stored()).id}`;
    });

    it('opens an imported post with its blocks, and a plain post without', async () => {
      const post = await open();
      const blocks = post.sections.flatMap((s) => s.blocks);
      expect(post.blocks).toBe(blocks.length);
      expect(blocks.map((b) => b.type)).toEqual(
        (JSON.parse((await stored()).sections) as Section[]).flatMap((s) => s.blocks.map((b) => b.type)),
      );
      const { body } = await suite.editor.get(`/api/config/blogs/${blogId}/posts?limit=100`);
      const plain = body.posts.find((p: { url: string }) => p.url === '/blog/caring-for-linen');
      const read = expectAnswer(postAnswer, await suite.editor.get(`/api/config/blogs/${blogId}/posts/${plain.id}`));
      expect(read.post).toMatchObject({ blocks: 0, sections: [] });
    });

    it('saves edited pictures and blocks as sent, with the body made from them', async () => {
      const post = await open();
      const sections = structuredClone(post.sections);
      const blocks = sections[0]!.blocks;
      const at = (type: number) => blocks.findIndex((b) => b.type === type);
      const gallery = blocks[at(8)]!;
      expect(gallery.content.images.map((i: { altText: string }) => i.altText)).toEqual(['Beans', 'Sugar snap peas']);
      // The first picture replaced by one of the site's files with its alt text, then put last.
      gallery.content.images[0] = {
        ...gallery.content.images[0],
        assetUrl: '/files/content/harbour.jpg',
        altText: 'The harbour at dusk',
      };
      gallery.content.images.reverse();
      // The image block's caption edited, the button deleted, the quote moved to the top.
      blocks[at(5)]!.content.caption = 'Hazel poles in August';
      blocks.splice(at(53), 1);
      blocks.unshift(...blocks.splice(at(31), 1));
      // A text block edited with a script in it: cleaned as every owner HTML is.
      const text = blocks.find((b) => b.type === 2 && !b.variant)!;
      text.content.html = '<p>August was <em>dry</em>.</p><script>alert(1)</script>';

      const saved = expectAnswer(postAnswer, await suite.editor.put(postPath, editorBody(post, { sections }))).post;
      const kept = (saved.sections as Section[]).flatMap((s) => s.blocks);
      expect(kept.map((b) => b.type)).toEqual(blocks.map((b) => b.type));
      expect(saved.blocks).toBe(blocks.length);
      expect(kept.find((b) => b.type === 8)?.content.images).toEqual(gallery.content.images);
      expect(kept.find((b) => b.type === 2 && !b.variant)?.content.html).toBe('<p>August was <em>dry</em>.</p>');
      expect(JSON.parse((await stored()).sections)).toEqual(saved.sections);
      // The body is made from the blocks, as the import makes it: pictures, quote first, no button.
      expect(saved.body).toMatch(/^<blockquote><p>Water the roots, not the leaves.<\/p>/);
      expect(saved.body).toContain(
        '<figure class="gallery"><img src="https://harbour.example.org/wp-content/uploads/2024/09/peas.jpg" alt="Sugar snap peas" /><img src="/files/content/harbour.jpg" alt="The harbour at dusk" /></figure>',
      );
      expect(saved.body).toContain('<figcaption>Hazel poles in August</figcaption>');
      expect(saved.body).not.toContain('Our seed list');
      expect(saved.body).not.toContain('<script');

      // Visitors see the blocks: the gallery in its new order with the new alt text, the quote first.
      const page = String((await Visitor.of(suite.server).get('/blog/summer-beds')).body);
      expect(page).toContain('block--gallery');
      expect(page).toContain('alt="The harbour at dusk"');
      expect(page.indexOf('peas.jpg')).toBeLessThan(page.indexOf('harbour.jpg'));
      expect(page.indexOf('Water the roots')).toBeLessThan(page.indexOf('August was'));
      expect(page).not.toContain('Our seed list');

      // Saved again without sections (a title edit), the blocks stay as they are.
      await suite.editor.put(postPath, editorBody(saved as Post, { title: 'Summer in the beds, again' }));
      expect(JSON.parse((await stored()).sections)).toEqual(saved.sections);
    });

    it("refuses bad sections with the page editor's answers, and changes nothing", async () => {
      const before = await stored();
      const post = await open();
      const page = await suite.server.db
        .selectFrom('collections')
        .select('id')
        .where('site_id', '=', DEMO_SITE_ID)
        .where('slug', '=', 'about')
        .executeTakeFirstOrThrow();
      const html = (n: number): Block => ({ type: 2, settings: {}, content: { html: `<p>${n}</p>` } });
      const cases: [unknown, string | undefined][] = [
        [[{ blocks: Array.from({ length: 61 }, (_, n) => html(n)) }], EDITOR_MESSAGES.tooManyBlocks],
        [
          [{ blocks: [{ type: 60, content: { tracks: Array.from({ length: 61 }, () => ({ title: 'T' })) } }] }],
          MEDIA_BLOCK_MESSAGES.tooManyTracks,
        ],
        [[{ blocks: [{ settings: {}, content: {} }] }], undefined],
        [[{ blocks: [{ type: 8, content: 'pictures' }] }], undefined],
        [Array.from({ length: 61 }, () => ({ blocks: [] })), undefined],
        ['sections', undefined],
      ];
      for (const [sections, message] of cases) {
        const asPost = await suite.editor.put(postPath, editorBody(post, { sections }));
        const asDraft = await suite.editor.put(`/api/config/pages/${page.id}/draft`, { sections });
        expect(asPost.status).toBe(400);
        expect(asPost.body).toEqual(asDraft.body);
        expect(asPost.body.error).toBe('invalid-body');
        if (message) expect(asPost.body.message).toBe(message);
      }
      expect(await stored()).toEqual(before);
    });

    it("keeps an administrator's raw code block, and cleans one anyone else sends", async () => {
      const post = await open();
      const code = '<div data-x="1">Raw</div><script>1</script>';
      const raw = { type: 2, settings: {}, content: { html: code, raw: true } };
      const sections = [{ blocks: [...post.sections[0]!.blocks, raw] }];
      const last = (answer: Record<string, any>) => (answer.post.sections as Section[])[0]!.blocks.at(-1);
      const cleaned = expectAnswer(postAnswer, await suite.editor.put(postPath, editorBody(post, { sections })));
      expect(last(cleaned)?.content).toEqual({ html: '<div>Raw</div>' });
      const kept = expectAnswer(postAnswer, await suite.admin.put(postPath, editorBody(post, { sections })));
      expect(last(kept)?.content).toEqual({ html: code, raw: true });
    });
  });
}
