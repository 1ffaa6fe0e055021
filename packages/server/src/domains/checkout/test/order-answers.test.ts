import { randomUUID } from 'node:crypto';
import {
  fulfilledAnswer,
  markedPaidAnswer,
  orderDetailAnswer,
  orderPage,
  refundAnswer,
} from '@tessera/core/contracts/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The owner's order answers are what their contract (`@tessera/core/contracts/orders`) says, the
// contract the editor's orders panel takes its types from, and what /api/openapi.json publishes.

const ORDERS = '/api/config/orders';

async function buy(server: TestServer, paymentMethod: 'card' | 'manual', couponCode?: string): Promise<string> {
  const visitor = Visitor.of(server);
  await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 2 });
  const placed = await visitor.post('/api/checkout/orders', {
    idempotencyKey: randomUUID(),
    email: 'grace@example.com',
    name: 'Grace Hopper',
    line1: '1 Navy Yard',
    city: 'Arlington',
    region: 'VA',
    postalCode: '22202',
    country: 'US',
    paymentMethod,
    cardNumber: '4242 4242 4242 4242',
    ...(couponCode ? { couponCode } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order.id;
}

for (const dialect of DIALECTS) {
  describe(`order answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(
      dialect,
      { store: OWNERS.storeManager },
      { rateLimit: { max: 100_000, timeWindowMs: 60_000 } },
    );
    beforeAll(async () => {
      expect((await suite.store.put('/api/config/settings/store', { payLaterEnabled: true })).status).toBe(200);
      const coupons = await suite.store.put('/api/config/checkout/coupons', {
        coupons: [{ code: 'TENOFF', kind: 'percent', value: 10 }],
      });
      expect(coupons.status).toBe(200);
    });

    it('answers the list, an order, fulfilling and a refund, as published', async () => {
      const paid = await buy(suite.server, 'card', 'TENOFF');
      const page = expectAnswer(orderPage, await suite.store.get(`${ORDERS}?limit=1`));
      expect(page.orders.map((order) => order.id)).toEqual([paid]);

      const { order } = expectAnswer(orderDetailAnswer, await suite.store.get(`${ORDERS}/${paid}`));
      expect(order.coupons.map((coupon) => coupon.code)).toEqual(['TENOFF']);
      expect(order.shippingOption).not.toBeNull();
      expect(order.history.map((event) => event.kind)).toEqual(['placed', 'charged']);
      expect(order.subscription).toBeNull();

      expectAnswer(fulfilledAnswer, await suite.store.post(`${ORDERS}/${paid}/fulfill`, {}));
      const refund = expectAnswer(
        refundAnswer,
        await suite.store.post(`${ORDERS}/${paid}/refund`, { amountCents: 100 }),
      );
      expect(refund).toMatchObject({ amountCents: 100, refundedCents: 100, giftCards: [] });
      const after = expectAnswer(orderDetailAnswer, await suite.store.get(`${ORDERS}/${paid}`));
      expect(after.order.history.map((event) => event.kind)).toEqual(['placed', 'charged', 'fulfilled', 'refunded']);
      expectAnswer(orderPage, await suite.store.get(`${ORDERS}?status=refunded`));
    });

    it('answers a pay-later order marked paid, as published', async () => {
      const pending = await buy(suite.server, 'manual');
      const before = expectAnswer(orderDetailAnswer, await suite.store.get(`${ORDERS}/${pending}`));
      expect(before.order).toMatchObject({ paymentStatus: 'pending', refundableCents: 0 });
      const marked = expectAnswer(markedPaidAnswer, await suite.store.post(`${ORDERS}/${pending}/mark-paid`, {}));
      expect(marked.order.paymentStatus).toBe('paid');
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.store);
      expectPublishedAnswer(doc, 'GET', ORDERS, orderPage);
      expectPublishedAnswer(doc, 'GET', `${ORDERS}/{orderId}`, orderDetailAnswer);
      expectPublishedAnswer(doc, 'POST', `${ORDERS}/{orderId}/fulfill`, fulfilledAnswer);
      expectPublishedAnswer(doc, 'POST', `${ORDERS}/{orderId}/refund`, refundAnswer);
      expectPublishedAnswer(doc, 'POST', `${ORDERS}/{orderId}/mark-paid`, markedPaidAnswer);
    });
  });
}
