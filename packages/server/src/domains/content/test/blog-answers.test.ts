import { blogsAnswer, blogTerms, postAnswer, postDeletedAnswer, postPage } from '@tessera/core/contracts/blog';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The blog owner API's answers are what its contract (`@tessera/core/contracts/blog`) says, the
// contract the editor's blog panel takes its types from, and what /api/openapi.json publishes.

for (const dialect of DIALECTS) {
  describe(`blog API answers match their published schemas (${dialect})`, () => {
    let blogId: string;
    const posts = () => `/api/config/blogs/${blogId}/posts`;
    const terms = () => `/api/config/blogs/${blogId}/terms`;

    const suite = suiteServer(dialect, { editor: OWNERS.editor });

    it('answers blogs, post pages, posts of each status, a deletion and the terms as published', async () => {
      const blogs = expectAnswer(blogsAnswer, await suite.editor.get('/api/config/blogs'));
      blogId = blogs.blogs.find((b) => b.slug === 'blog')!.id;

      const page = expectAnswer(postPage, await suite.editor.get(`${posts()}?limit=100`));
      expect(page.posts.length).toBeGreaterThan(0);
      // Every seeded post reads as a whole post too (the demo posts carry pictures and blocks).
      for (const summary of page.posts) expectAnswer(postAnswer, await suite.editor.get(`${posts()}/${summary.id}`));

      const created = expectAnswer(
        postAnswer,
        await suite.editor.post(posts(), {
          title: 'Mordants for wool',
          body: '<p>Alum first.</p>',
          tags: ['dye'],
          seo: { title: 'Mordants', noindex: true },
        }),
      ).post;
      expect(created).toMatchObject({ status: 'draft', seo: { title: 'Mordants', noindex: true }, blocks: 0 });
      for (const status of ['needs-review', 'private', 'scheduled', 'published'] as const) {
        const changed = expectAnswer(
          postAnswer,
          await suite.editor.put(`${posts()}/${created.id}/status`, {
            status,
            publishOn: status === 'scheduled' ? '2099-01-01T10:00:00Z' : null,
          }),
        );
        expect(changed.post.status).toBe(status);
      }
      const { title, body, tags, categories } = created;
      const replaced = await suite.editor.put(`${posts()}/${created.id}`, {
        title,
        body,
        tags,
        categories,
        status: 'draft',
      });
      expect(expectAnswer(postAnswer, replaced).post.status).toBe('draft');

      expectAnswer(blogTerms, await suite.editor.get(terms()));
      const added = expectAnswer(blogTerms, await suite.editor.post(terms(), { kind: 'category', name: 'Mordants' }));
      expect(added.categories).toContainEqual({ name: 'Mordants', count: 0 });
      expectAnswer(
        blogTerms,
        await suite.editor.request('PATCH', terms(), {
          body: { kind: 'category', name: 'Mordants', newName: 'Fixing' },
        }),
      );
      expectAnswer(blogTerms, await suite.editor.delete(`${terms()}?kind=category&name=Fixing`));

      expect(expectAnswer(postDeletedAnswer, await suite.editor.delete(`${posts()}/${created.id}`))).toEqual({
        deleted: created.id,
      });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.editor);
      const base = '/api/config/blogs/{blogId}';
      expectPublishedAnswer(doc, 'GET', '/api/config/blogs', blogsAnswer);
      expectPublishedAnswer(doc, 'GET', `${base}/posts`, postPage);
      expectPublishedAnswer(doc, 'POST', `${base}/posts`, postAnswer);
      for (const method of ['GET', 'PUT']) expectPublishedAnswer(doc, method, `${base}/posts/{postId}`, postAnswer);
      expectPublishedAnswer(doc, 'PUT', `${base}/posts/{postId}/status`, postAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${base}/posts/{postId}`, postDeletedAnswer);
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'])
        expectPublishedAnswer(doc, method, `${base}/terms`, blogTerms);
    });
  });
}
