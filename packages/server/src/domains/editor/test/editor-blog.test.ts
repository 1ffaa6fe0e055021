import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const post = (fields: Record<string, unknown> = {}) => ({
  title: 'Dyeing with onion skins',
  excerpt: 'A kitchen dye bath.',
  body: '<p>Save the papery skins for a week.</p>',
  author: 'Ada Weaver',
  status: 'draft',
  tags: ['dye', 'Kitchen'],
  categories: ['Guides'],
  ...fields,
});

for (const dialect of DIALECTS) {
  describe(`editor blog API (${dialect})`, () => {
    let blogId: string;
    const suite = suiteServer(dialect, { editor: OWNERS.editor, storeManager: OWNERS.storeManager });

    const visitor = () => new Visitor(suite.server.url);
    const posts = () => `/api/config/blogs/${blogId}/posts`;
    const terms = () => `/api/config/blogs/${blogId}/terms`;

    beforeAll(async () => {
      const { body } = await suite.editor.get('/api/config/blogs');
      blogId = body.blogs.find((b: { slug: string }) => b.slug === 'blog').id;
    });

    it('lists the blogs to content owners only', async () => {
      expect((await visitor().get('/api/config/blogs')).status).toBe(401);
      expect((await suite.storeManager.get('/api/config/blogs')).status).toBe(403);
      expect((await suite.storeManager.post(posts(), post())).status).toBe(403);
      expect((await suite.storeManager.get(terms())).status).toBe(403);
      const { body } = await suite.editor.get('/api/config/blogs');
      const blog = body.blogs.find((b: { id: string }) => b.id === blogId);
      expect(blog).toMatchObject({ slug: 'blog', url: '/blog' });
      expect(blog.postCount).toBeGreaterThan(0);
      expect((await suite.editor.get('/api/config/blogs/nope/posts')).body.message).toBe('Unable to locate content');
    });

    it('keeps a draft from visitors, then publishes it on the blog and its tag listing', async () => {
      const created = await suite.editor.post(posts(), post({ tags: ['dye', 'CARE'] }));
      expect(created.status).toBe(200);
      const { id, urlId, url } = created.body.post;
      expect(urlId).toBe('dyeing-with-onion-skins');
      expect(url).toBe('/blog/dyeing-with-onion-skins');
      // 'CARE' takes the blog's own spelling of a tag it already has.
      expect(created.body.post.tags).toEqual(['care', 'dye']);
      expect(created.body.post.status).toBe('draft');

      expect((await visitor().get(url)).status).toBe(404);
      expect((await visitor().get('/blog?tag=dye')).body).not.toContain('Dyeing with onion skins');

      const published = await suite.editor.put(`${posts()}/${id}/status`, { status: 'published' });
      expect(published.status).toBe(200);
      const page = await visitor().get(url);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Save the papery skins for a week.');
      expect(page.body).toContain('By Ada Weaver');
      expect((await visitor().get('/blog?tag=dye')).body).toContain('Dyeing with onion skins');
      expect((await visitor().get('/blog?category=Guides')).body).toContain('Dyeing with onion skins');

      const listed = await suite.editor.get(`${posts()}?limit=100`);
      expect(listed.body.posts.map((p: { id: string }) => p.id)).toContain(id);
      expect(listed.body.total).toBe(listed.body.posts.length);
    });

    it('edits, schedules, unpublishes and deletes a post', async () => {
      const { body } = await suite.editor.post(
        posts(),
        post({
          title: 'Spring notes',
          status: 'published',
          featuredImage: { url: '/files/hero.jpg', altText: 'Yarn' },
        }),
      );
      const { id, url } = body.post;
      expect(body.post.featuredImage).toEqual({ url: '/files/hero.jpg', altText: 'Yarn' });
      expect((await visitor().get(url)).status).toBe(200);

      const edited = await suite.editor.put(`${posts()}/${id}`, {
        ...post({ title: 'Spring notes', status: 'published', body: '<p>Rewritten for April.</p>' }),
        urlId: 'spring-notes',
      });
      expect(edited.status).toBe(200);
      expect(edited.body.post.featuredImage).toBeNull();
      expect((await visitor().get(url)).body).toContain('Rewritten for April.');

      const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const noDate = await suite.editor.put(`${posts()}/${id}/status`, { status: 'scheduled' });
      expect(noDate.status).toBe(400);
      expect(noDate.body.message).toBe('Choose a date and time.');
      const scheduled = await suite.editor.put(`${posts()}/${id}/status`, { status: 'scheduled', publishOn: soon });
      expect(scheduled.body.post).toMatchObject({ status: 'scheduled', publishOn: soon });
      expect((await visitor().get(url)).status).toBe(404);

      await suite.editor.put(`${posts()}/${id}/status`, { status: 'published', publishOn: new Date().toISOString() });
      expect((await visitor().get(url)).status).toBe(200);
      await suite.editor.put(`${posts()}/${id}/status`, { status: 'draft' });
      expect((await visitor().get(url)).status).toBe(404);

      const removed = await suite.editor.delete(`${posts()}/${id}`);
      expect(removed.status).toBe(200);
      expect((await suite.editor.get(`${posts()}/${id}`)).status).toBe(404);
      expect((await suite.editor.delete(`${posts()}/${id}`)).status).toBe(404);
    });

    it("shows a published post's featured image on its card, its page and the home page summary", async () => {
      const created = await suite.editor.post(
        posts(),
        post({
          title: 'Morning light on the dye pots',
          status: 'published',
          featuredImage: { url: '/files/content/morning-field.jpg', altText: 'Sun over green hills' },
        }),
      );
      expect(created.status).toBe(200);
      // The editor gets back what it sent; the pixel size is kept for visitors only.
      expect(created.body.post.featuredImage).toEqual({
        url: '/files/content/morning-field.jpg',
        altText: 'Sun over green hills',
      });
      const { id, url } = created.body.post;
      const src = '/files/content/morning-field.jpg';
      // The seeded photo is 1600×1000: every SPEC width up to 1500, then the original.
      const srcset = `${src}?format=100w 100w, ${src}?format=300w 300w, ${src}?format=500w 500w, ${src}?format=750w 750w, ${src}?format=1000w 1000w, ${src}?format=1500w 1500w, ${src}?format=original 1600w`;
      const imgOf = (html: string, marker: string) => html.match(new RegExp(`<img[^>]*${marker}[^>]*>`))?.[0] ?? '';

      const card = imgOf((await visitor().get('/blog')).body, 'class="post-card__image"');
      expect(card).toContain(`srcset="${srcset}"`);
      expect(card).toContain(`src="${src}?format=300w"`);
      expect(card).toContain('width="1600" height="1000"');
      expect(card).toContain('alt="Sun over green hills"');

      const page = (await visitor().get(url)).body;
      const hero = page.match(/<figure class="blog-post__image"><img[^>]*>/)?.[0] ?? '';
      expect(hero).toContain(`srcset="${srcset}"`);
      expect(hero).toContain(`src="${src}?format=750w"`);
      expect(hero).toContain('alt="Sun over green hills"');

      const summary = imgOf((await visitor().get('/')).body, `class="summary__img" src="${src}`);
      expect(summary).toContain(`srcset="${srcset}"`);
      expect(summary).toContain('alt="Sun over green hills"');

      // Without a featured image the card and the page show none.
      await suite.editor.put(`${posts()}/${id}`, {
        ...post({ title: 'Morning light on the dye pots', status: 'published' }),
      });
      expect((await visitor().get(url)).body).not.toContain('blog-post__image');
      expect((await visitor().get('/blog')).body).not.toContain(`src="${src}?format=300w"`);
      expect((await suite.editor.delete(`${posts()}/${id}`)).status).toBe(200);
    });

    it('refuses bad posts with a message that says what to fix', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ tags: ['x'.repeat(51)] }, 'A tag can be at most 50 characters long.'],
        [{ categories: ['y'.repeat(26)] }, 'A category can be at most 25 characters long.'],
        [{ tags: ['wool', 'Wool'] }, 'This tag already exists'],
        [{ categories: ['News', 'news '] }, 'This category already exists'],
        [{ urlId: 'Not Valid!' }, 'Not Valid! is not a valid page URL'],
        [{ urlId: 'caring-for-linen' }, 'Another post in this blog already uses this URL.'],
        [{ title: '  ' }, 'title: Please enter a post title.'],
        [{ status: 'scheduled' }, 'Choose a date and time.'],
        [{ publishOn: 'next tuesday' }, 'Choose a date and time.'],
        [
          { featuredImage: { url: 'https://elsewhere.test/a.jpg' } },
          'featuredImage.url: Choose an image from the file manager (/files/…).',
        ],
      ];
      for (const [fields, message] of cases) {
        const answer = await suite.editor.post(posts(), post({ title: 'Refused', ...fields }));
        expect(answer.status, message).toBe(400);
        expect(answer.body.message).toBe(message);
      }
      expect((await suite.editor.post(posts(), 'not json', { contentType: 'application/json' })).status).toBe(400);
      expect((await suite.editor.post(posts(), { ...post(), extra: 1 })).status).toBe(400);
      expect((await suite.editor.get(`${posts()}?limit=0`)).status).toBe(400);
    });

    it('manages tags and categories: counts, add, rename on every post, delete', async () => {
      const first = await suite.editor.post(
        posts(),
        post({ title: 'Tag one', status: 'published', tags: ['mordant'] }),
      );
      await suite.editor.post(posts(), post({ title: 'Tag two', status: 'published', tags: ['mordant', 'alum'] }));
      let list = (await suite.editor.get(terms())).body;
      expect(list.tags).toContainEqual({ name: 'mordant', count: 2 });
      expect(list.categories.find((c: { name: string }) => c.name === 'Guides').count).toBeGreaterThanOrEqual(2);

      const taken = await suite.editor.post(terms(), { kind: 'tag', name: 'MORDANT' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('This tag already exists');
      const long = await suite.editor.post(terms(), { kind: 'category', name: 'c'.repeat(26) });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('A category can be at most 25 characters long.');
      expect((await suite.editor.post(terms(), { kind: 'topic', name: 'x' })).status).toBe(400);

      list = (await suite.editor.post(terms(), { kind: 'category', name: '  Natural   dyes ' })).body;
      expect(list.categories).toContainEqual({ name: 'Natural dyes', count: 0 });
      const categoryTaken = await suite.editor.request('PATCH', terms(), {
        body: { kind: 'category', name: 'Natural dyes', newName: 'guides' },
      });
      expect(categoryTaken.status).toBe(409);
      expect(categoryTaken.body.message).toBe('This category already exists');

      const renamed = await suite.editor.request('PATCH', terms(), {
        body: { kind: 'tag', name: 'mordant', newName: 'Mordants' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.tags).toContainEqual({ name: 'Mordants', count: 2 });
      expect(renamed.body.tags.some((t: { name: string }) => t.name === 'mordant')).toBe(false);
      expect((await suite.editor.get(`${posts()}/${first.body.post.id}`)).body.post.tags).toEqual(['Mordants']);
      expect((await visitor().get('/blog?tag=Mordants')).body).toContain('Tag two');
      // A change of case only is allowed.
      const cased = await suite.editor.request('PATCH', terms(), {
        body: { kind: 'tag', name: 'alum', newName: 'Alum' },
      });
      expect(cased.body.tags).toContainEqual({ name: 'Alum', count: 1 });

      const deleted = await suite.editor.delete(`${terms()}?kind=tag&name=Mordants`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.tags.some((t: { name: string }) => t.name === 'Mordants')).toBe(false);
      const kept = await suite.editor.get(`${posts()}/${first.body.post.id}`);
      expect(kept.status).toBe(200);
      expect(kept.body.post.tags).toEqual([]);
      const gone = await suite.editor.delete(`${terms()}?kind=tag&name=Mordants`);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('This tag no longer exists. Reload the list.');
      expect((await suite.editor.delete(terms())).status).toBe(400);
    });
  });
}
