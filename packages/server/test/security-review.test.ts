import { randomUUID } from 'node:crypto';
import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { expireStockHolds } from '../src/domains/checkout/stock-holds.js';
import { DIALECTS } from '../src/testing.js';
import { createOwner, OWNERS, ownerSession } from './auth-helpers.js';
import { addToCart, variantStock } from './cart-helpers.js';
import { Visitor } from './visitor.js';
import { ADDRESS, cardOrder, MANY_ORDERS } from './checkout-helpers.js';
import { suiteServer } from './suite-server.js';

const DAY = 86_400_000;

// Probes of the issue-15 fixes from an attacker's side (review of 2026-11); each `review:` test is
// a hole the review found and closed.

for (const dialect of DIALECTS) {
  describe(`attack review of the issue-15 fixes (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, MANY_ORDERS);

    it('review: an event calendar file never takes its links from the request Host', async () => {
      const answer = await suite.server.app.inject({
        method: 'GET',
        url: '/events/winter-market.ics',
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('BEGIN:VEVENT');
      expect(answer.body).not.toContain('attacker.example');
      const url = answer.body.split('\r\n').find((line) => line.startsWith('URL:')) ?? '';
      expect(url).toMatch(/^URL:http:\/\/localhost:\d+\/events\/winter-market$/);
    });

    it('review: a "pay later" subscription renewal holds its stock only until its hold ends, like any unpaid order', async () => {
      const owner = await ownerSession(suite.server, OWNERS.storeManager);
      expect((await owner.put('/api/config/settings/store', { payLaterEnabled: true })).status).toBe(200);
      const sku = 'COFFEE-DRIP';
      const item = await suite.server.db
        .selectFrom('product_variants')
        .select('item_id')
        .where('sku', '=', sku)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .updateTable('product_variants')
        .set({ unlimited: 0, qty_in_stock: 10 })
        .where('sku', '=', sku)
        .execute();
      const visitor = Visitor.of(suite.server);
      const started = await visitor.post('/api/3/commerce/cart/subscription', { itemId: item.item_id, sku, qty: 1 });
      expect(started.status).toBe(200);
      const placed = await visitor.post('/api/checkout/orders', {
        idempotencyKey: randomUUID(),
        cartToken: started.body.cartToken,
        email: 'renewer@example.com',
        name: 'Renewer',
        ...ADDRESS,
        paymentMethod: 'manual',
      });
      expect(placed.status).toBe(201);
      expect(placed.body.order.paymentStatus).toBe('pending');
      // The owner records the first payment, so the subscription stays active and renews.
      expect((await owner.post(`/api/config/orders/${placed.body.order.id}/mark-paid`, {})).status).toBe(200);
      expect(await variantStock(suite.server, sku)).toBe(9);

      const renewedAt = new Date(Date.now() + 40 * DAY);
      const outcomes = await suite.server.app.services.checkout!.renewals.runDue(renewedAt);
      const renewal = outcomes.find(
        (o) => o.subscriptionId === placed.body.order.subscriptionId && o.status === 'ordered',
      );
      expect(renewal?.orderId).toBeTruthy();
      const row = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', renewal!.orderId!)
        .executeTakeFirstOrThrow();
      expect(row.payment_status).toBe('pending');
      expect(row.stock_held_until).not.toBeNull();
      expect(await variantStock(suite.server, sku)).toBe(8);

      // Never paid: the sweep releases the renewal's stock, once.
      const sweeps = await Promise.all([
        expireStockHolds(suite.server.db, new Date(renewedAt.getTime() + 31 * DAY)),
        expireStockHolds(suite.server.db, new Date(renewedAt.getTime() + 31 * DAY)),
      ]);
      expect(sweeps.flat().filter((h) => h.orderId === renewal!.orderId)).toHaveLength(1);
      expect(await variantStock(suite.server, sku)).toBe(9);
    });

    it('review: a coupon never discounts a gift card, so no card is worth more than was paid for it', async () => {
      const buyer = Visitor.of(suite.server);
      expect((await addToCart(suite.server, buyer, { urlId: 'gift-card', sku: 'GIFT-25', quantity: 4 })).status).toBe(
        200,
      );
      const quote = await buyer.post('/api/checkout/quote', { couponCodes: ['WELCOME10'] });
      expect(quote.status).toBe(200);
      expect(quote.body.shoppingCart.discountCents).toBe(0);
      const placed = await buyer.post(
        '/api/checkout/orders',
        cardOrder({ email: 'coupon-giver@example.com', name: 'Coupon Giver', couponCodes: ['WELCOME10'] }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order.discountCents).toBe(0);
      const cards = await suite.server.db
        .selectFrom('gift_cards')
        .select('balance_cents')
        .where('order_id', '=', placed.body.order.id)
        .execute();
      expect(cards).toHaveLength(4);
      const issued = cards.reduce((sum, c) => sum + c.balance_cents, 0);
      expect(issued).toBe(10_000);
      expect(placed.body.order.amountDueCents).toBeGreaterThanOrEqual(issued);
    });

    it('review: rotating IPv6 addresses inside one /64 does not escape the owner sign-in delay', async () => {
      const admin = { email: `v6-boss-${dialect}@example.com`, password: 'v6-boss-password' };
      await createOwner(suite.server.db, { ...admin, roles: [WebsiteRole.ADMIN] });
      const signInFrom = (address: string, body: Record<string, unknown>) =>
        suite.server.app.inject({
          method: 'POST',
          url: '/api/config/session',
          remoteAddress: address,
          headers: { cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const wrong = { email: admin.email, password: 'guess-guess' };
      for (const address of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:0:0:0:3']) {
        expect((await signInFrom(address, wrong)).statusCode).toBe(401);
      }
      // A fourth address of the same /64 is the same guesser: it waits.
      const next = await signInFrom('2001:db8:7:7:ffff::4', wrong);
      expect(next.statusCode).toBe(429);
      expect(next.json().error).toBe('sign-in-throttled');
      // The administrator on another network is not slowed down.
      expect((await signInFrom('2001:db8:8:8::1', admin)).statusCode).toBe(200);
    });
  });
}
