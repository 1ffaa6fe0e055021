import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { patchSiteSettings } from '../../../../test/site-settings.js';
import { Visitor } from '../../../../test/visitor.js';
import { blogItemIds, textOf } from './blog-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const MODERATOR = { email: 'mod@example.com', password: 'correct horse', roles: [WebsiteRole.MODERATOR] };

for (const dialect of DIALECTS) {
  describe(`comments and likes (${dialect})`, () => {
    let ids: Record<string, string>;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      ids = await blogItemIds(suite.server.db);
    });

    it('lists only approved comments of a public post', async () => {
      const answer = await Visitor.of(suite.server).get(`/api/comments?itemId=${ids['caring-for-linen']}`);
      expect(answer.status).toBe(200);
      expect(answer.body.publicCommentCount).toBe(2);
      expect(answer.body.comments.map((c: { authorName: string }) => c.authorName)).toEqual(['Priya', 'Tom B.']);
    });

    it('hides drafts, private and scheduled posts from the comment routes', async () => {
      for (const urlId of ['winter-gift-guide', 'supplier-notes', 'spring-restock-notes']) {
        const answer = await Visitor.of(suite.server).get(`/api/comments?itemId=${ids[urlId]}`);
        expect(answer.status, urlId).toBe(404);
        expect(answer.body.error).toBe('post-not-found');
      }
    });

    it('stores a posted comment as plain text and lists it', async () => {
      const visitor = Visitor.of(suite.server);
      const posted = await visitor.post('/api/comments', {
        itemId: ids['five-slow-morning-rituals'],
        authorName: '  Jo  <script>',
        body: 'Lovely <img src=x onerror=alert(1)> list.\r\nSecond line.',
      });
      expect(posted.status).toBe(201);
      expect(posted.body.publicCommentCount).toBe(1);
      expect(posted.body.comment).toMatchObject({ authorName: 'Jo <script>', status: 'approved' });
      expect(posted.body.comment.body).toBe('Lovely <img src=x onerror=alert(1)> list.\nSecond line.');
      const page = await visitor.get('/blog/five-slow-morning-rituals');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Lovely &lt;img src=x onerror=alert(1)&gt; list.');
      expect(page.body).not.toContain('<img src=x');
      expect(page.body).toContain('Jo &lt;script&gt;');
    });

    it('refuses a comment without the crumb', async () => {
      const answer = await Visitor.of(suite.server).post(
        '/api/comments',
        { itemId: ids['caring-for-linen'], authorName: 'A', body: 'B' },
        { crumb: false },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.crumbFail).toBe(true);
    });

    it('answers 400 with a message per field for bad input', async () => {
      const visitor = Visitor.of(suite.server);
      const empty = await visitor.post('/api/comments', { itemId: ids['caring-for-linen'], authorName: ' ', body: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('invalid-comment');
      expect(empty.body.errors).toEqual({ authorName: 'Please enter your name.', body: 'Please write a comment.' });
      const long = await visitor.post('/api/comments', {
        itemId: ids['caring-for-linen'],
        authorName: 'x'.repeat(81),
        body: 'y'.repeat(2001),
      });
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.errors).sort()).toEqual(['authorName', 'body']);
      const wrongType = await visitor.post('/api/comments', { itemId: 42, authorName: 'A', body: 'B' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors.itemId).toBeTruthy();
      const notJson = await visitor.post('/api/comments', '[1,', { contentType: 'application/json' });
      expect(notJson.status).toBe(400);
    });

    it('refuses comments on a post that has them switched off', async () => {
      const answer = await Visitor.of(suite.server).post('/api/comments', {
        itemId: ids['how-we-pack-orders'],
        authorName: 'A',
        body: 'B',
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('comments-closed');
    });

    it('takes a plain form post with the crumb field and redirects back to the post', async () => {
      const visitor = Visitor.of(suite.server);
      const crumb = visitor.cookies.get('crumb') ?? '';
      const form = new URLSearchParams({
        crumb,
        itemId: ids['wool-scarf'] ?? ids['wool-season'],
        authorName: 'Form Poster',
        body: 'Posted without JavaScript',
      });
      const answer = await visitor.request('POST', '/api/comments', {
        body: form.toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/blog/wool-season?comment=approved#comments');
      const page = await visitor.get('/blog/wool-season');
      expect(textOf(page.body)).toContain('Posted without JavaScript');
    });

    it('counts one like per visitor cookie', async () => {
      const first = new Visitor(suite.server.url);
      const liked = await first.post(`/api/likes/${ids['market-calendar']}`);
      expect(liked.status).toBe(200);
      expect(liked.body).toMatchObject({ liked: true, alreadyLiked: false, likeCount: 3 });
      const again = await first.post(`/api/likes/${ids['market-calendar']}`);
      expect(again.body).toMatchObject({ alreadyLiked: true, likeCount: 3 });
      const second = await new Visitor(suite.server.url).post(`/api/likes/${ids['market-calendar']}`);
      expect(second.body).toMatchObject({ alreadyLiked: false, likeCount: 4 });
      const row = await suite.server.db
        .selectFrom('items')
        .select('like_count')
        .where('id', '=', ids['market-calendar'])
        .executeTakeFirstOrThrow();
      expect(row.like_count).toBe(4);
      const missing = await first.post('/api/likes/no-such-item');
      expect(missing.status).toBe(404);
    });

    it('rate limits comment posts per client address', async () => {
      const visitor = Visitor.of(suite.server);
      let last = 0;
      for (let n = 0; n < 12 && last !== 429; n++) {
        last = (
          await visitor.post('/api/comments', { itemId: ids['sticker-pack-story'], authorName: 'R', body: `${n}` })
        ).status;
      }
      expect(last).toBe(429);
    });
  });

  describe(`comment moderation (${dialect})`, () => {
    let ids: Record<string, string>;
    let moderator: Visitor;
    let reporter: Visitor;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      ids = await blogItemIds(suite.server.db);
      await patchSiteSettings(suite.server.db, 'website', { commentsRequireApproval: true });
      suite.server.app.services.content.invalidate();
      [moderator, reporter] = await ownerSessions(suite.server, [MODERATOR, OWNERS.reporting]);
    });

    it('holds comments for approval and shows them once a moderator approves', async () => {
      const visitor = Visitor.of(suite.server);
      const posted = await visitor.post('/api/comments', {
        itemId: ids['wool-season'],
        authorName: 'Held',
        body: 'Waiting for a moderator',
      });
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({ pending: true, publicCommentCount: 0 });
      expect((await visitor.get(`/api/comments?itemId=${ids['wool-season']}`)).body.comments).toEqual([]);

      expect((await reporter.get('/api/config/comments?status=pending')).status).toBe(403);
      expect((await Visitor.of(suite.server).get('/api/config/comments')).status).toBe(401);

      const pending = await moderator.get('/api/config/comments?status=pending');
      expect(pending.status).toBe(200);
      const held = pending.body.comments.find((c: { body: string }) => c.body === 'Waiting for a moderator');
      expect(held).toBeTruthy();
      const approved = await moderator.put(`/api/config/comments/${held.id}`, { status: 'approved' });
      expect(approved.body).toEqual({ id: held.id, status: 'approved' });
      expect((await moderator.put(`/api/config/comments/${held.id}`, { status: 'deleted' })).status).toBe(400);
      expect((await moderator.put('/api/config/comments/nope', { status: 'spam' })).status).toBe(404);
      const listed = await visitor.get(`/api/comments?itemId=${ids['wool-season']}`);
      expect(listed.body.comments.map((c: { authorName: string }) => c.authorName)).toEqual(['Held']);
      const page = await visitor.get('/blog/wool-season');
      expect(textOf(page.body)).toContain('Waiting for a moderator');
    });

    it('hides comment links and threads and refuses comments when the site switches comments off', async () => {
      await patchSiteSettings(suite.server.db, 'website', { commentsEnabled: false });
      suite.server.app.services.content.invalidate();
      const visitor = Visitor.of(suite.server);
      const list = await visitor.get('/blog');
      expect(list.body).not.toContain('sqs-comment-link');
      const post = await visitor.get('/blog/caring-for-linen');
      expect(post.body).not.toContain('id="comments"');
      expect(post.body).not.toContain('id="comment-form"');
      const refused = await visitor.post('/api/comments', {
        itemId: ids['caring-for-linen'],
        authorName: 'A',
        body: 'B',
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('comments-closed');
    });
  });
}
