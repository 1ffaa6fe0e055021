import { randomBytes } from 'node:crypto';
import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { addSecondSite } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Batched tracking events and event ids chosen by the browser (issue 20), seen by an attacker: a
// visitor of one site sends the ids another site's visitors will send (or that site's exact
// batch) first, and a hostile body is sent in every shape. Row ids come from the site and the id,
// so nothing sent to one site claims, overwrites or skips an event of another.

const BATCH = '/api/census/batch';

const eventId = (seconds = Math.floor(Date.now() / 1000)) =>
  seconds.toString(16).padStart(8, '0') + randomBytes(9).toString('base64url');

const hit = (id: string, visitorId: string) => ({
  type: 'hit',
  id,
  data: JSON.stringify({
    visitorId,
    visitStart: 1_700_000_000_000,
    analyticsId: 'a1',
    sessionId: `s-${visitorId}`,
    path: '/shop',
    language: 'en-US',
    windowSize: '1280x900',
    pageType: 2,
  }),
});

const schemaEvent = (id: string, visitorId: string) => ({
  type: 'schema',
  id,
  eventSchemaName: 'storefront-analytics-event',
  eventContent: JSON.stringify({
    eventName: 'VisitPDP',
    app: 'storefront',
    data: { itemId: 'i1' },
    timestamp: Date.now(),
    context: { visitorId, sessionId: `s-${visitorId}`, path: '/shop/p/linen-shirt' },
  }),
});

for (const dialect of DIALECTS) {
  describe(`tracking batch across sites (${dialect})`, () => {
    let siteId: string;

    const suite = suiteServer(dialect, {
      owner: { email: 'batch-sites@example.com', password: 'correct horse', roles: [WebsiteRole.REPORTING] },
    });

    /** A batch sent on `host` as a browser of that site sends it (crumb cookie and header). */
    const send = (host: string, payload: unknown) =>
      suite.server.app.inject({
        method: 'POST',
        url: BATCH,
        headers: { host, cookie: 'crumb=c1', 'x-csrf-token': 'c1', 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    /** The rows of `visitorId` per site, after the buffered writes (the owner's report writes them first). */
    async function rowsOf(visitorId: string) {
      expect((await suite.owner.get('/api/config/analytics/report')).status).toBe(200);
      const hits = await suite.server.db
        .selectFrom('tracking_hits')
        .select(['id', 'site_id'])
        .where('visitor_id', '=', visitorId)
        .execute();
      const events = await suite.server.db
        .selectFrom('tracking_events')
        .select(['id', 'site_id'])
        .where('visitor_id', '=', visitorId)
        .execute();
      return { hits, events };
    }

    beforeAll(async () => {
      siteId = await addSecondSite(suite.server);
    });

    it("an id sent first to another site claims nothing of this site's events", async () => {
      const ids = [eventId(), eventId()];
      // The attacker on other.test sends the ids (and the very same events) before the real visitor.
      const events = [hit(ids[0]!, 'claimed'), schemaEvent(ids[1]!, 'claimed')];
      const early = await send('other.test', { events });
      expect(early.statusCode, early.body).toBe(202);
      expect(early.json().results).toEqual([
        { index: 0, stored: true },
        { index: 1, stored: true },
      ]);
      const real = await send('127.0.0.1', { events });
      expect(real.json().results).toEqual([
        { index: 0, stored: true },
        { index: 1, stored: true },
      ]);
      // Again on both: still one row per site and event.
      await Promise.all([send('127.0.0.1', { events }), send('other.test', { events })]);
      const rows = await rowsOf('claimed');
      for (const list of [rows.hits, rows.events]) {
        expect(list.map((r) => r.site_id).sort()).toEqual([siteId, 'other-site'].sort());
        expect(new Set(list.map((r) => r.id)).size).toBe(2);
      }
    });

    it('ids of any time, or one id for many events, skip no one else and store at most one row each', async () => {
      // Ids from the far future and from 1970 (the time part is the browser's), and one id used 50 times.
      const far = eventId(0xffffffff);
      const old = eventId(0);
      const same = eventId();
      const flood = Array.from({ length: 48 }, () => hit(same, 'flooder'));
      const answer = await send('127.0.0.1', { events: [hit(far, 'flooder'), hit(old, 'flooder'), ...flood] });
      expect(answer.statusCode).toBe(202);
      // An honest visitor's events afterwards are stored as ever.
      const honest = await send('127.0.0.1', { events: [hit(eventId(), 'honest'), schemaEvent(eventId(), 'honest')] });
      expect(honest.json().results.every((r: { stored: boolean }) => r.stored)).toBe(true);
      expect((await rowsOf('flooder')).hits).toHaveLength(3);
      const mine = await rowsOf('honest');
      expect([mine.hits.length, mine.events.length]).toEqual([1, 1]);
    });

    it('answers hostile bodies with 4xx and stores nothing: deep nesting, huge lists, ids of another shape', async () => {
      const deep = `{"events":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      // A well-formed hit carrying a field nested 5000 levels deep (written as text: too deep to stringify).
      const nested = `{"events":[${JSON.stringify(hit(eventId(), 'hostile')).slice(0, -1)},"extra":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
      const deepContent = {
        ...schemaEvent(eventId(), 'hostile'),
        eventContent: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      };
      const answers = await Promise.all([
        send('127.0.0.1', deep),
        send('127.0.0.1', nested),
        send('127.0.0.1', { events: [deepContent] }),
        send('127.0.0.1', { events: Array.from({ length: 5000 }, () => 0) }),
        send('127.0.0.1', { events: [{ ...hit('x', 'hostile') }, { ...hit(`${'0'.repeat(8)}../../etc`, 'hostile') }] }),
        send('127.0.0.1', { events: [{ ...hit(eventId(), 'hostile'), id: { $gt: '' } }] }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      const [, , content, , ids, objectId] = answers.map((a) => a.json());
      expect(content.results[0]).toMatchObject({ stored: false, error: 'invalid-event' });
      expect(content.results[0].details).toMatch(/nests more than \d+ levels deep/);
      expect(ids.results.map((r: { error?: string }) => r.error)).toEqual(['invalid-event', 'invalid-event']);
      expect(objectId.results[0]).toMatchObject({ stored: false, error: 'invalid-event' });
      const rows = await rowsOf('hostile');
      // The nested extra field is ignored: that one hit is a well-formed event.
      expect(rows.events).toEqual([]);
      expect(rows.hits.length).toBeLessThanOrEqual(1);
    });
  });
}
