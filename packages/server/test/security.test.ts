import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/testing.js';
import { createSiteUser, OWNERS } from './auth-helpers.js';
import { type Answer, demoItemIds, Visitor } from './visitor.js';
import { suiteServer } from './suite-server.js';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

for (const dialect of DIALECTS) {
  describe(`crumb and request bodies (${dialect})`, () => {
    let ids: Record<string, string>;
    /** A visitor holding one entry, and every state-changing route with a valid body for it. */
    let routes: { method: string; path: string; body?: unknown }[];
    let owner: Visitor;

    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
      owner = Visitor.of(suite.server);
      const mug = { itemId: ids['custom-mug'], sku: 'MUG-CUSTOM' };
      const added = await owner.post(ENTRIES, { ...mug, quantity: 1, additionalFields: '{}' });
      const entry = `${ENTRIES}/${added.body.newlyAdded.id}`;
      routes = [
        { method: 'POST', path: ENTRIES, body: { ...mug, quantity: 1, additionalFields: '{}' } },
        { method: 'PUT', path: entry, body: { quantity: 2 } },
        { method: 'PUT', path: `${entry}/additionalFields`, body: { ...mug, additionalFields: '{"a":1}' } },
        { method: 'DELETE', path: entry },
        {
          method: 'POST',
          path: '/api/3/commerce/cart/subscription',
          body: { itemId: ids['coffee-subscription'], sku: 'COFFEE-DRIP', qty: 1 },
        },
      ];
    });

    it('refuses every state-changing route without the crumb, and changes nothing', async () => {
      for (const route of routes) {
        for (const crumb of [false, 'not-the-crumb']) {
          const answer = await owner.request(route.method, route.path, { body: route.body, crumb });
          expect(answer.status, `${route.method} ${route.path} crumb=${crumb}`).toBe(403);
          expect(answer.body).toEqual({ error: 'crumb-fail', crumbFail: true, message: SESSION_EXPIRED });
        }
        const cookieless = new Visitor(suite.server.url, null);
        const answer = await cookieless.request(route.method, route.path, { body: route.body, crumb: 'x' });
        expect(answer.status).toBe(403);
      }
      const cart = await owner.get('/api/commerce/shopping-cart');
      expect(cart.body.entries).toHaveLength(1);
      expect(cart.body.entries[0]).toMatchObject({ quantity: 1, additionalFields: '{}' });
    });

    it('accepts every state-changing route with the crumb', async () => {
      for (const route of routes) {
        const answer = await owner.request(route.method, route.path, { body: route.body });
        expect(answer.status, `${route.method} ${route.path}`).toBe(200);
      }
    });

    it('accepts the crumb as a form field of a plain form post', async () => {
      const v = Visitor.of(suite.server);
      const form = new URLSearchParams({
        itemId: ids['sticker-pack'],
        sku: 'STICKERS-BOT',
        quantity: '2',
        crumb: v.cookies.get('crumb')!,
      });
      const answer = await v.post(ENTRIES, form.toString(), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.newlyAdded.quantity).toBe(2);
      form.set('crumb', 'wrong');
      const refused = await v.post(ENTRIES, form.toString(), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(refused.status).toBe(403);
    });

    it('sets the crumb cookie on an HTML page view when the visitor has none', async () => {
      const fresh = new Visitor(suite.server.url, null);
      const page = await fresh.get('/no-such-page');
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const crumb = page.setCookies.find((c) => c.startsWith('crumb='));
      expect(crumb).toBeDefined();
      expect(crumb).not.toMatch(/HttpOnly/i);
      expect(crumb).toMatch(/SameSite=Lax/i);
      const again = await fresh.get('/no-such-page');
      expect(again.setCookies.find((c) => c.startsWith('crumb='))).toBeUndefined();
      const api = await new Visitor(suite.server.url, null).get('/api/commerce/shopping-cart');
      expect(api.setCookies.find((c) => c.startsWith('crumb='))).toBeUndefined();
      // The crumb the page gave works for a write.
      const added = await fresh.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      expect(added.status).toBe(200);
    });

    it('answers 400, never 500, to malformed bodies on every write route', async () => {
      const bad: { body: string; contentType?: string }[] = [
        { body: '{"itemId":' },
        { body: 'not json at all' },
        { body: '[]' },
        { body: '"text"' },
        { body: '12' },
        { body: 'null' },
        { body: '{"__proto__": {"polluted": true}, "itemId": "x", "sku": "y", "quantity": 1}' },
        { body: '{"itemId": 12, "sku": [], "quantity": {}, "additionalFields": 5}' },
        { body: 'itemId=1', contentType: 'text/plain' },
        { body: '<xml/>', contentType: 'application/xml' },
      ];
      for (const route of routes) {
        if (route.method === 'DELETE') continue;
        for (const { body, contentType } of bad) {
          const answer = await owner.request(route.method, route.path, { body, contentType });
          expect(answer.status, `${route.method} ${route.path} ${body}`).toBe(400);
          expect(typeof answer.body.error).toBe('string');
          expect(answer.body.message.length).toBeGreaterThan(10);
        }
        const empty = await owner.request(route.method, route.path, { contentType: 'application/json' });
        expect(empty.status).toBe(400);
        expect(empty.body.error).toBe('invalid-body');
      }
      const bodyless = Visitor.of(suite.server);
      const added = await bodyless.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      const deleted = await bodyless.delete(`${ENTRIES}/${added.body.newlyAdded.id}`, {
        contentType: 'application/json',
      });
      expect(deleted.status).toBe(200);
      const invalid = await owner.post(ENTRIES, '{"itemId":');
      expect(invalid.body).toEqual({ error: 'malformed-json', message: 'The request body is not valid JSON.' });
      const nul = await owner.post(ENTRIES, { itemId: 'a\u0000b', sku: 'X', quantity: 1 });
      expect(nul.body).toEqual({ error: 'invalid-body', message: 'itemId: itemId contains a NUL character.' });
      expect((await owner.get('/api/commerce/inventory/stock?itemId=%00')).status).toBe(400);
      expect((await owner.delete(`${ENTRIES}/%00`)).status).toBe(400);
      const missing = await owner.post(ENTRIES, { sku: 'X', quantity: 1 });
      expect(missing.body).toEqual({ error: 'invalid-body', message: 'itemId: itemId is required.' });
    });

    it('never answers 5xx to arbitrary JSON on any write route', async () => {
      const value = fc.oneof(
        fc.jsonValue(),
        fc.record({
          itemId: fc.oneof(fc.constant(ids['linen-shirt']), fc.jsonValue()),
          sku: fc.oneof(fc.constantFrom('LIN-NAT-M', 'LIN-IND-M', ''), fc.jsonValue()),
          quantity: fc.jsonValue(),
          qty: fc.jsonValue(),
          additionalFields: fc.jsonValue(),
          attributes: fc.jsonValue(),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), value, async (route, body) => {
          const answer = await owner.request(route.method, route.path, { body: JSON.stringify(body) ?? 'null' });
          expect(answer.status, `${route.method} ${route.path} ${JSON.stringify(body)}`).toBeLessThan(500);
          expect(typeof answer.body.error === 'string' || answer.status === 200).toBe(true);
        }),
        { numRuns: 150 },
      );
    });

    it('answers JSON 404 for unknown API paths', async () => {
      const answer = await owner.get('/api/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('not-found');
      const post = await owner.post('/api/nothing-here', {});
      expect(post.status).toBe(404);
    });
  });
}

const FORM = 'application/x-www-form-urlencoded';
const EURO = '/%E2%82%AC';
/** Valid JSON nested `levels` deep: {"a":{"a":…1…}}. */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** The headers every answer carries, errors included. */
function expectUsualHeaders(answer: Answer): void {
  expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
}

/** A 4xx with `{ error, message }` and the usual headers. */
function expectClientError(answer: Answer, status = 400): void {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(status);
  expect(typeof answer.body.error).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(10);
  expectUsualHeaders(answer);
}

for (const dialect of DIALECTS) {
  describe(`reachable 500s (${dialect})`, () => {
    const suite = suiteServer(dialect, { admin: OWNERS.admin }, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      await createSiteUser(suite.server.db, { email: 'member@example.com', password: 'member-password' });
    });

    it('finding 12: a return path outside Latin-1 redirects there, percent-encoded', async () => {
      const signedIn = await suite.admin.get(`/config/login?next=${EURO}`);
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe(EURO);
      expectUsualHeaders(signedIn);

      const ownerForm = Visitor.of(suite.server);
      const owner = await ownerForm.post(
        '/config/login',
        new URLSearchParams({ email: OWNERS.admin.email, password: OWNERS.admin.password, next: '/€' }).toString(),
        { contentType: FORM },
      );
      expect(owner.status).toBe(303);
      expect(owner.headers.get('location')).toBe(EURO);

      const memberForm = Visitor.of(suite.server);
      const member = await memberForm.post(
        '/account/login',
        new URLSearchParams({ email: 'member@example.com', password: 'member-password', next: '/€' }).toString(),
        { contentType: FORM },
      );
      expect(member.status).toBe(303);
      expect(member.headers.get('location')).toBe(EURO);
      expect((await memberForm.get(`/account/login?next=${EURO}`)).headers.get('location')).toBe(EURO);

      const consent = await Visitor.of(suite.server).post(
        '/api/cookie-consent',
        new URLSearchParams({ choice: 'accepted', returnTo: '/€?x=ﷺ' }).toString(),
        { contentType: FORM },
      );
      expect(consent.status).toBe(303);
      expect(consent.headers.get('location')).toBe(`${EURO}?x=${encodeURIComponent('ﷺ')}`);
      // Other hosts are still refused.
      const away = await Visitor.of(suite.server).post(
        '/api/cookie-consent',
        new URLSearchParams({ choice: 'accepted', returnTo: '//evil.example/€' }).toString(),
        { contentType: FORM },
      );
      expect(away.headers.get('location')).toBe('/');
    });

    it('finding 12: JSON nested deeper than 64 levels is refused with 400 on every JSON route', async () => {
      const visitor = Visitor.of(suite.server);
      const body = await visitor.post('/api/commerce/shopping-cart/entries', deepJson(40_000));
      expectClientError(body);
      expect(body.body).toEqual({
        error: 'json-too-deep',
        message: 'The request body nests objects or lists more than 64 levels deep.',
      });
      expectClientError(await suite.admin.put('/api/config/pages/any-page/draft', `{"sections":${deepJson(5000)}}`));
      const event = await visitor.post(
        '/api/events/RecordEvent',
        new URLSearchParams({ event: 'Deep', data: deepJson(2_000) }).toString(),
        { contentType: FORM },
      );
      expectClientError(event);
      expect(event.body.message).toBe('data nests objects or lists more than 64 levels deep.');
      const schemaEvent = await visitor.post('/api/v1/clanker/events', {
        eventSchemaName: 'storefront-analytics-event',
        eventContent: deepJson(5_000),
      });
      expect(schemaEvent.status).toBe(400);
      expect(schemaEvent.body.details).toMatch(/more than 64 levels/);
      const records = await visitor.post('/api/1/performance/records', `[${deepJson(20_000)}]`, {
        contentType: 'text/plain',
      });
      expectClientError(records);
      // 64 levels are still fine (then refused for their shape, not their depth).
      const shallow = await visitor.post('/api/commerce/shopping-cart/entries', deepJson(63));
      expect(shallow.body.error).not.toBe('json-too-deep');
    });

    it('finding 12: a path with an escape that is not UTF-8 answers 400 with the usual headers', async () => {
      for (const path of ['/%ED%A0%80', '/shop/%ED%A0%80', '/api/comments/%C0%AF']) {
        for (const method of ['GET', 'POST']) {
          const answer = await Visitor.of(suite.server).request(method, path, {
            body: method === 'POST' ? '{}' : undefined,
          });
          expectClientError(answer);
          expect(answer.body.error).toBe('bad-url');
        }
      }
      // A NUL in a page's path: no page is there (PostgreSQL cannot even compare such text).
      for (const method of ['GET', 'POST']) {
        const body = method === 'POST' ? '{}' : undefined;
        const answer = await Visitor.of(suite.server).request(method, '/%00-collection', { body });
        expect([400, 404], method).toContain(answer.status);
        expectUsualHeaders(answer);
      }
    });
  });
}
