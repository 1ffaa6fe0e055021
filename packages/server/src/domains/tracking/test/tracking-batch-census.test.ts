import { randomBytes } from 'node:crypto';
import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { Visitor } from '../../../../test/visitor.js';

// The census calls for button and form renders, overlays and quick views in `POST /api/census/batch`
// (issue 20): each checked by the rules of its single route, refused on its own, and stored once per
// event id however often the batch is sent.

const BATCH = '/api/census/batch';
const FROM_PAGE = { headers: { referer: 'http://localhost/shop/p/linen-shirt' } };

function eventId(): string {
  return (
    Math.floor(Date.now() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(9).toString('base64url')
  );
}

const census = (name: string, fields: unknown) => ({ type: 'census', id: eventId(), name, fields });

async function censusRows(server: TestServer, visitorIds: string[], itemIds: string[] = []) {
  const rows = await server.db
    .selectFrom('tracking_events')
    .select(['name', 'source', 'visitor_id', 'path', 'item_id', 'data'])
    .where('source', '=', 'census')
    .where((eb) =>
      eb.or([eb('visitor_id', 'in', visitorIds), ...(itemIds.length ? [eb('item_id', 'in', itemIds)] : [])]),
    )
    .execute();
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

for (const dialect of DIALECTS) {
  describe(`census calls in the tracking batch (${dialect})`, () => {
    const suite = suiteServer(dialect, {
      owner: { email: 'census-batch@example.com', password: 'correct horse', roles: [WebsiteRole.REPORTING] },
    });
    /** Writes what the server buffered (the owner's figures read their writes first). */
    const flush = async () => expect((await suite.owner.get('/api/config/analytics/report')).status).toBe(200);

    it('stores each kind as its single route does, once however often the batch is sent', async () => {
      const events = [
        census('button-render', { visitorCookie: 'cb1.17', page: '/shop', buttonText: 'Shop now' }),
        census('form-render', { formId: 'newsletter-cb', visitorCookie: 'cb1.17' }),
        census('overlay', { visitorCookie: 'cb1.17', page: '/about', overlayId: 'promo' }),
        census('quick-view', { id: 'item-cb1' }),
      ];
      const send = () => new Visitor(suite.server.url).post(BATCH, { events }, FROM_PAGE);
      const answers = await Promise.all([send(), send(), send()]);
      for (const answer of answers) {
        expect(answer.status).toBe(202);
        expect(answer.body.results).toEqual(events.map((_, index) => ({ index, stored: true })));
      }
      await flush();
      expect((await send()).status).toBe(202); // again after the rows are written: an answer lost
      await flush();
      expect(await censusRows(suite.server, ['cb1'], ['item-cb1'])).toEqual([
        {
          name: 'button-render',
          source: 'census',
          visitor_id: 'cb1',
          path: '/shop',
          item_id: null,
          data: JSON.stringify({ buttonText: 'Shop now' }),
        },
        {
          name: 'form-render',
          source: 'census',
          visitor_id: 'cb1',
          path: '/shop/p/linen-shirt',
          item_id: 'newsletter-cb',
          data: '{}',
        },
        {
          name: 'overlay',
          source: 'census',
          visitor_id: 'cb1',
          path: '/about',
          item_id: null,
          data: JSON.stringify({ overlayId: 'promo' }),
        },
        {
          name: 'quick-view',
          source: 'census',
          visitor_id: '',
          path: '/shop/p/linen-shirt',
          item_id: 'item-cb1',
          data: '{}',
        },
      ]);
    });

    it('refuses hostile or oversized census events one by one and stores the rest', async () => {
      const events = [
        census('button-render', { visitorCookie: 'cb2.1', page: '/shop', buttonText: 'x'.repeat(201) }),
        census('form-render', { visitorCookie: 'cb2.1' }), // no formId
        census('quick-view', { id: 'i'.repeat(65) }),
        census('quick-view', { id: '' }),
        census('button-click', { visitorCookie: 'cb2.1', page: '/shop' }), // not a batched kind
        census('overlay', ['not', 'an', 'object']),
        census('overlay', { visitorCookie: 'cb2.1', overlayId: { $gt: '' } }),
        { ...census('overlay', { visitorCookie: 'cb2.1' }), id: "1'; drop table tracking_events; --" },
        census('form-render', { formId: 'f'.repeat(97), visitorCookie: 'cb2.1' }),
        census('overlay', { visitorCookie: 'cb2.1', page: '/shop', overlayId: 'kept' }),
      ];
      const answer = await new Visitor(suite.server.url).post(BATCH, { events }, FROM_PAGE);
      expect(answer.status).toBe(202);
      const results = answer.body.results;
      expect(results.map((r: { stored: boolean }) => r.stored)).toEqual([...Array(9).fill(false), true]);
      for (const r of results.slice(0, 9)) {
        expect(r).toMatchObject({ error: 'invalid-event', message: 'Error tracking event: HTTP Status 400' });
      }
      expect(results[0].details).toMatch(/^buttonText: /);
      expect(results[1].details).toMatch(/^formId: /);
      expect(results[2].details).toBe('id: Send the id of the product shown.');
      expect(results[3].details).toBe('id: Send the id of the product shown.');
      expect(results[4].details).toMatch(/^name: /);
      expect(results[5].details).toMatch(/^fields: /);
      expect(results[6].details).toMatch(/^fields\.overlayId: /);
      expect(results[7].details).toMatch(/^id: /);
      expect(results[8].details).toMatch(/^formId: /);
      await flush();
      const rows = await censusRows(suite.server, ['cb2']);
      expect(rows.map((r) => [r.name, r.path, r.data])).toEqual([
        ['overlay', '/shop', JSON.stringify({ overlayId: 'kept' })],
      ]);
    });

    it('records no census event of a visitor who declined cookies or of the signed-in owner', async () => {
      const events = [
        census('button-render', { visitorCookie: 'cb3.1', page: '/shop', buttonText: 'Buy' }),
        census('form-render', { formId: 'f-cb3', visitorCookie: 'cb3.1' }),
      ];
      const declined = new Visitor(suite.server.url);
      declined.cookies.set('tessera_consent', 'declined');
      const answers = [
        await declined.post(BATCH, { events }, FROM_PAGE),
        await suite.owner.post(BATCH, { events }, FROM_PAGE),
      ];
      for (const answer of answers) {
        expect(answer.body.results).toEqual([
          { index: 0, stored: false },
          { index: 1, stored: false },
        ]);
      }
      await flush();
      expect(await censusRows(suite.server, ['cb3'], ['f-cb3'])).toEqual([]);
    });
  });
}
