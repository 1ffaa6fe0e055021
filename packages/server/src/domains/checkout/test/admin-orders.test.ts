import { formatMoney } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const ORDERS = '/api/config/orders';

async function buy(server: TestServer, who: { email: string; name: string }, payment: 'card' | 'manual' = 'card') {
  const visitor = Visitor.of(server);
  await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 2 });
  const placed = await visitor.request('POST', '/api/checkout/orders', {
    body: cardOrder({ ...who, line1: '12 Warren Street', paymentMethod: payment }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order as { id: string; orderNumber: number; amountDueCents: number };
}

const ids = (answer: { body: { orders: { id: string }[] } }) => answer.body.orders.map((o) => o.id);

for (const dialect of DIALECTS) {
  describe(`orders admin (${dialect})`, () => {
    let ada: Awaited<ReturnType<typeof buy>>;
    let bob: Awaited<ReturnType<typeof buy>>;
    let cy: Awaited<ReturnType<typeof buy>>;

    const suite = suiteServer(
      dialect,
      { manager: OWNERS.storeManager },
      { rateLimit: { max: 100_000, timeWindowMs: 60_000 } },
    );
    beforeAll(async () => {
      ada = await buy(suite.server, { email: 'ada.lovelace@example.com', name: 'Ada Lovelace' });
      bob = await buy(suite.server, { email: 'bob_builder@example.com', name: 'Bob Builder' }, 'manual');
      cy = await buy(suite.server, { email: 'cy@example.org', name: 'Cy Twombly' });
    });

    it('keeps the newest-first list and finds orders by email, name or number', async () => {
      const all = await suite.manager.request('GET', ORDERS);
      expect(all.status).toBe(200);
      expect(ids(all)).toEqual([cy.id, bob.id, ada.id]);
      expect(all.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      expect(all.body.orders[0]).toMatchObject({ customerName: 'Cy Twombly', fulfillmentStatus: 'pending' });

      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=ADA.LOVELACE@example`))).toEqual([ada.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=twombly`))).toEqual([cy.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=%23${bob.orderNumber}`))).toEqual([bob.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=${ada.orderNumber}`))).toContain(ada.id);
      // `_` and `%` are literal characters.
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=bob_b`))).toEqual([bob.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=a_a`))).toEqual([]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=%25`))).toEqual([]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?q=nobody-at-all`))).toEqual([]);
    });

    it('filters by status and walks keyset pages', async () => {
      expect(ids(await suite.manager.request('GET', `${ORDERS}?status=payment-pending`))).toEqual([bob.id]);
      const first = await suite.manager.request('GET', `${ORDERS}?limit=2`);
      expect(ids(first)).toEqual([cy.id, bob.id]);
      expect(first.body.hasNextPage).toBe(true);
      const second = await suite.manager.request('GET', `${ORDERS}?limit=2&cursor=${first.body.nextPageCursor}`);
      expect(ids(second)).toEqual([ada.id]);
      expect(second.body.hasNextPage).toBe(false);

      const bad = await suite.manager.request('GET', `${ORDERS}?status=shipped`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('status: Use one of all, unfulfilled, fulfilled, payment-pending, refunded.');
      expect((await suite.manager.request('GET', `${ORDERS}?limit=0`)).status).toBe(400);
      expect((await suite.manager.request('GET', `${ORDERS}?cursor=zzz`)).status).toBe(400);
    });

    it('shows one order with lines, address, payments and history; fulfils and refunds it', async () => {
      const detail = await suite.manager.request('GET', `${ORDERS}/${ada.id}`);
      expect(detail.status).toBe(200);
      const order = detail.body.order;
      expect(order).toMatchObject({
        orderNumber: ada.orderNumber,
        customerName: 'Ada Lovelace',
        customerEmail: 'ada.lovelace@example.com',
        fulfillmentStatus: 'pending',
        fulfilledAt: null,
        refundedCents: 0,
        refundableCents: ada.amountDueCents,
        locale: 'en-US',
        shippingAddress: { line1: '12 Warren Street', city: 'Hudson', postalCode: '12534', country: 'US' },
      });
      expect(order.lines[0]).toMatchObject({ sku: 'STICKERS-BOT', quantity: 2 });
      expect(order.payments).toEqual([
        expect.objectContaining({ provider: 'test-card', kind: 'charge', status: 'succeeded' }),
      ]);
      expect(order.history.map((h: { kind: string }) => h.kind)).toEqual(['placed', 'charged']);

      expect((await suite.manager.request('POST', `${ORDERS}/${ada.id}/fulfill`, { body: {} })).body).toEqual({
        ok: true,
      });
      // Fulfilling again keeps the first date.
      const fulfilledAt = (await suite.manager.request('GET', `${ORDERS}/${ada.id}`)).body.order.fulfilledAt;
      expect(fulfilledAt).toBeTruthy();
      expect((await suite.manager.request('POST', `${ORDERS}/${ada.id}/fulfill`, { body: {} })).status).toBe(200);

      const refund = await suite.manager.request('POST', `${ORDERS}/${ada.id}/refund`, { body: {} });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(refund.body).toMatchObject({ ok: true, provider: 'test-card', amountCents: ada.amountDueCents });
      expect(refund.body.reference).toMatch(/^tr_/);
      expect(refund.body.message).toContain(refund.body.reference);
      const again = await suite.manager.request('POST', `${ORDERS}/${ada.id}/refund`, { body: {} });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Nothing on this order can be refunded for that amount.');

      const after = (await suite.manager.request('GET', `${ORDERS}/${ada.id}`)).body.order;
      expect(after).toMatchObject({ fulfilledAt, paymentStatus: 'refunded', refundableCents: 0 });
      expect(after.history.map((h: { kind: string }) => h.kind)).toEqual([
        'placed',
        'charged',
        'fulfilled',
        'refunded',
      ]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?status=refunded`))).toEqual([ada.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?status=fulfilled`))).toEqual([ada.id]);
      expect(ids(await suite.manager.request('GET', `${ORDERS}?status=unfulfilled`))).toEqual([cy.id, bob.id]);
    });

    it('answers 404 for an order of nobody', async () => {
      for (const [method, path] of [
        ['GET', `${ORDERS}/missing`],
        ['POST', `${ORDERS}/missing/fulfill`],
        ['POST', `${ORDERS}/missing/refund`],
      ] as const) {
        const answer = await suite.manager.request(method, path, method === 'POST' ? { body: {} } : {});
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.message).toBe('That order does not exist.');
      }
    });

    it('refunds part of an order and refuses more than is left, saying how much that is', async () => {
      const refund = (body: Record<string, unknown>) =>
        suite.manager.request('POST', `${ORDERS}/${cy.id}/refund`, { body });
      const part = await refund({ amountCents: 100 });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(part.body).toMatchObject({ ok: true, amountCents: 100, refundedCents: 100 });
      const left = cy.amountDueCents - 100;
      const after = (await suite.manager.request('GET', `${ORDERS}/${cy.id}`)).body.order;
      expect(after).toMatchObject({ refundedCents: 100, refundableCents: left });
      expect(after.paymentStatus).not.toBe('refunded');

      const tooMuch = await refund({ amountCents: left + 1 });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body).toMatchObject({
        error: 'not-refundable',
        message: `You can refund at most ${formatMoney(left, 'USD', 'en-US')} on this order.`,
        field: 'amountCents',
        refundableCents: left,
      });
      expect((await refund({ amountCents: 0 })).status).toBe(400);
      const fraction = await refund({ amountCents: 1.5 });
      expect(fraction.status).toBe(400);
      expect(fraction.body.message).toContain('amountCents');
      // Nothing was taken by the refused attempts: the rest can still be refunded, exactly.
      const rest = await refund({ amountCents: left });
      expect(rest.status).toBe(200);
      expect(rest.body.refundedCents).toBe(cy.amountDueCents);
      expect((await suite.manager.request('GET', `${ORDERS}/${cy.id}`)).body.order).toMatchObject({
        paymentStatus: 'refunded',
        refundableCents: 0,
      });
    });
  });
}
