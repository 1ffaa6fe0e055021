import { randomBytes } from 'node:crypto';
import { TRACKING_LIMITS, WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { ownerSession } from '../../../../test/auth-helpers.js';
import { limiterStores, redisUrlFor } from '../../../../test/redis-stores.js';
import { Visitor } from '../../../../test/visitor.js';
import { TRACKING_BUDGET_FACTOR } from '../ingest-limits.js';
import { analyticsEvent } from './tracking-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Batched tracking events (issue 20): `POST /api/census/batch` takes a page's hit and schema events
// in one request, answers each on its own, and stores each event id once per site however often and
// however concurrently the batch is sent, by one server process or two sharing a database.

const BATCH = '/api/census/batch';
const STORES = await limiterStores();
const { maxEvents } = TRACKING_LIMITS.batch;

/** An event id as the tracker makes it: 8 hex digits of seconds, then random letters and digits. */
function eventId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(9).toString('base64url');
}

function hit(visitorId: string, path = '/shop', extra: Record<string, unknown> = {}) {
  return {
    type: 'hit',
    id: eventId(),
    data: JSON.stringify({
      visitorId,
      visitStart: 1_700_000_000_000,
      analyticsId: 'a1',
      sessionId: `s-${visitorId}`,
      path,
      referrer: 'https://search.example/',
      language: 'en-US',
      windowSize: '1280x900',
      pageType: 2,
      ...extra,
    }),
  };
}

function schemaEvent(visitorId: string, eventName = 'VisitPDP', data: Record<string, unknown> = { itemId: 'i1' }) {
  return { type: 'schema', id: eventId(), ...analyticsEvent(eventName, data, `s-${visitorId}`, visitorId) };
}

async function storedFor(server: TestServer, visitorId: string) {
  const hits = await server.db
    .selectFrom('tracking_hits')
    .select(['id', 'path'])
    .where('visitor_id', '=', visitorId)
    .execute();
  const events = await server.db
    .selectFrom('tracking_events')
    .select(['id', 'name', 'source'])
    .where('visitor_id', '=', visitorId)
    .execute();
  return { hits, events };
}

for (const dialect of DIALECTS) {
  describe(`tracking batch (${dialect})`, () => {
    let second: TestServer;
    let owner: Visitor;
    let secondOwner: Visitor;
    /** Writes what both servers buffered (the owner's figures read their writes first). */
    const flush = async () => {
      expect((await owner.get('/api/config/analytics/report')).status).toBe(200);
      expect((await secondOwner.get('/api/config/analytics/report')).status).toBe(200);
    };

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      second = await startTestServer({ dialect, sameDatabaseAs: suite.server });
      owner = await ownerSession(suite.server, {
        email: 'batch-reports@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.REPORTING],
      });
      secondOwner = new Visitor(second.url);
      for (const [name, value] of owner.cookies) secondOwner.cookies.set(name, value);
    });
    afterAll(async () => {
      await second?.close();
    });

    it('stores exactly the good events of a mixed batch and answers each by its place', async () => {
      const visitor = new Visitor(suite.server.url);
      const before = (await owner.get('/api/config/analytics/report')).body.overview.pageViews;
      const events = [
        hit('mixed'),
        { ...hit('mixed'), data: JSON.stringify({ path: '/shop' }) }, // no visitorId
        schemaEvent('mixed'),
        { ...schemaEvent('mixed'), eventSchemaName: 'no-such-schema' },
        schemaEvent('mixed', 'AddToCart', { itemId: 'i1', quantity: -1 }), // a commerce field out of shape
        { ...schemaEvent('mixed'), id: 'not-an-id' },
        hit('mixed', '/search', { pageType: 102 }), // no page view on /search
        { type: 'click', id: eventId() },
        hit('mixed', '/shop/p/linen-shirt', { landing: false }),
      ];
      const answer = await visitor.post(BATCH, { events });
      expect(answer.status).toBe(202);
      const results = answer.body.results;
      expect(results.map((r: { index: number }) => r.index)).toEqual(events.map((_, i) => i));
      expect(results.map((r: { stored: boolean }) => r.stored)).toEqual([
        true,
        false,
        true,
        false,
        false,
        false,
        false,
        false,
        true,
      ]);
      expect(results[1]).toMatchObject({ error: 'invalid-event', message: 'Error tracking event: HTTP Status 400' });
      expect(results[1].details).toContain('visitorId');
      expect(results[3]).toMatchObject({
        error: 'unknown-event-schema',
        message: 'Error tracking event: HTTP Status 404',
      });
      expect(results[4]).toMatchObject({ error: 'invalid-event' });
      expect(results[4].details).toContain('data.quantity');
      expect(results[5].details).toMatch(/^id: /);
      expect(results[6]).toEqual({ index: 6, stored: false });
      expect(results[7]).toMatchObject({ error: 'invalid-event' });

      await flush();
      const stored = await storedFor(suite.server, 'mixed');
      expect(stored.hits.map((h) => h.path).sort()).toEqual(['/shop', '/shop/p/linen-shirt']);
      expect(stored.events.map((e) => [e.name, e.source])).toEqual([['VisitPDP', 'schema']]);
      // The owner's figures count them like hits sent one by one.
      expect((await owner.get('/api/config/analytics/report')).body.overview.pageViews).toBe(before + 2);
    });

    it('counts a batch sent again, or twice at once to one server and to two, exactly once', async () => {
      const events = [hit('twice'), schemaEvent('twice'), schemaEvent('twice', 'ViewCart', {}), hit('twice', '/cart')];
      const send = (target: TestServer) => new Visitor(target.url).post(BATCH, { events });
      const answers = await Promise.all([
        send(suite.server),
        send(suite.server),
        send(second),
        send(second),
        send(suite.server),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(202);
        expect(answer.body.results.every((r: { stored: boolean }) => r.stored)).toBe(true);
      }
      await flush();
      // Once more after the rows are written (an answer lost on the way, the tracker sends again).
      expect((await send(second)).status).toBe(202);
      expect((await send(suite.server)).status).toBe(202);
      await flush();
      const stored = await storedFor(suite.server, 'twice');
      expect(stored.hits.map((h) => h.path).sort()).toEqual(['/cart', '/shop']);
      expect(stored.events.map((e) => e.name).sort()).toEqual(['ViewCart', 'VisitPDP']);
      // The same ids on another visitor's batch in the same request are still one event each.
      const repeated = await new Visitor(suite.server.url).post(BATCH, { events: [events[0], events[0]] });
      expect(repeated.body.results).toEqual([
        { index: 0, stored: true },
        { index: 1, stored: true },
      ]);
      await flush();
      expect((await storedFor(suite.server, 'twice')).hits).toHaveLength(2);
    });

    it('refuses a batch that is not a list of 1 to 50 events, or too large, with a clear message', async () => {
      const visitor = new Visitor(suite.server.url);
      const tooMany = Array.from({ length: maxEvents + 1 }, () => hit('too-many'));
      const many = await visitor.post(BATCH, { events: tooMany });
      expect(many.status).toBe(400);
      expect(many.body).toMatchObject({
        error: 'invalid-body',
        message: `events: Send at most ${maxEvents} events in one batch.`,
      });
      const none = await visitor.post(BATCH, { events: [] });
      expect(none.body).toMatchObject({ error: 'invalid-body', message: 'events: Send at least one event.' });
      const notList = await visitor.post(BATCH, { events: 'hit' });
      expect(notList.body).toMatchObject({ error: 'invalid-body', message: 'events: Send events as a list.' });
      const big = { ...schemaEvent('too-large'), eventContent: 'x'.repeat(32_000) };
      const large = await visitor.post(BATCH, { events: [big, big, big] });
      expect(large.status).toBe(413);
      expect(large.body.error).toBe('body-too-large');
      const noCrumb = await visitor.post(BATCH, { events: [hit('no-crumb')] }, { crumb: false });
      expect(noCrumb.status).toBe(403);
      await flush();
      const stored = await Promise.all(['too-many', 'too-large', 'no-crumb'].map((v) => storedFor(suite.server, v)));
      expect(stored.flatMap((s) => [...s.hits, ...s.events])).toEqual([]);
    });

    it('records nothing for a visitor who declined cookies or a signed-in editor', async () => {
      const declined = new Visitor(suite.server.url);
      declined.cookies.set('tessera_consent', 'declined');
      const events = [hit('declined'), schemaEvent('declined')];
      const answer = await declined.post(BATCH, { events });
      expect(answer.status).toBe(202);
      expect(answer.body.results).toEqual([
        { index: 0, stored: false },
        { index: 1, stored: false },
      ]);
      const editor = await ownerSession(suite.server, {
        email: 'batch-editor@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.EDITOR],
      });
      const own = await editor.post(BATCH, { events: [hit('editor')] });
      expect(own.body.results).toEqual([{ index: 0, stored: false }]);
      await flush();
      expect(await storedFor(suite.server, 'declined')).toEqual({ hits: [], events: [] });
      expect(await storedFor(suite.server, 'editor')).toEqual({ hits: [], events: [] });
    });
  });

  for (const store of STORES) {
    describe(`tracking batch rate limit (${dialect}, ${store})`, () => {
      let server: TestServer;

      beforeAll(async () => {
        // Cart writes 1 a minute: the batch route then takes 2 × TRACKING_BUDGET_FACTOR (8) events a minute.
        server = await startTestServer({
          dialect,
          config: { rateLimit: { max: 1, timeWindowMs: 60_000 }, redisUrl: redisUrlFor(store) },
        });
      });
      afterAll(async () => server?.close());

      it('counts events, not requests: a batch beyond the budget is refused whole with 429', async () => {
        const visitor = new Visitor(server.url);
        const budget = 2 * TRACKING_BUDGET_FACTOR;
        const first = await visitor.post(BATCH, { events: Array.from({ length: budget - 1 }, () => hit('limited')) });
        expect(first.status).toBe(202);
        const over = await visitor.post(BATCH, { events: [hit('limited'), schemaEvent('limited')] });
        expect(over.status).toBe(429);
        expect(over.body).toEqual({ error: 'rate-limited', message: 'Please try again in a few seconds.' });
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
        // The events of the refused batch were not stored: only the first batch's.
        await new Promise((resolve) => setTimeout(resolve, 1300)); // the writer's flush interval
        const { hits, events } = await storedFor(server, 'limited');
        expect([hits.length, events.length]).toEqual([budget - 1, 0]);
      });
    });
  }
}
