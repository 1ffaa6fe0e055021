import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireStockHolds } from '../stock-holds.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { ADDRESS, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { MINUTE, orderRow, SKU, setStock, stockOf } from '../../../../test/payments-stripe-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 15, finding 5: unpaid orders hold their stock for a limited time; line quantities above
// the per-order maximum are refused when the order is placed.

function payLater(extra: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    email: 'slow-payer@example.com',
    name: 'Slow Payer',
    ...ADDRESS,
    paymentMethod: 'manual',
    ...extra,
  };
}

/** A visitor with `quantity` stickers in the cart who places a "pay later" order; answers the order. */
async function pendingOrder(server: TestServer, quantity: number, email = 'slow-payer@example.com') {
  const visitor = Visitor.of(server);
  expect((await addToCart(server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity })).status).toBe(200);
  const placed = await visitor.post('/api/checkout/orders', payLater({ email }));
  expect(placed.status).toBe(201);
  expect(placed.body.order).toMatchObject({ status: 'received', paymentStatus: 'pending' });
  return placed.body.order as { id: string; created: string; orderNumber: number };
}

for (const dialect of DIALECTS) {
  describe(`stock held by unpaid orders (${dialect})`, () => {
    const suite = suiteServer(dialect, { owner: OWNERS.storeManager }, MANY_ORDERS);
    beforeAll(async () => {
      const saved = await suite.owner.put('/api/config/settings/store', { payLaterEnabled: true });
      expect(saved.status).toBe(200);
      expect(saved.body.stockHoldMinutes).toBe(30);
    });

    it('finding 5: an unpaid order holds its stock for stockHoldMinutes, then is cancelled and the stock returns exactly once', async () => {
      expect((await suite.owner.put('/api/config/settings/store', { stockHoldMinutes: 1 })).status).toBe(400);
      expect(
        (await suite.owner.put('/api/config/settings/store', { stockHoldMinutes: 45 })).body.stockHoldMinutes,
      ).toBe(45);
      await setStock(suite.server, 5);
      const order = await pendingOrder(suite.server, 3, 'hold@example.com');
      expect(await stockOf(suite.server)).toBe(2);
      const placedAt = new Date(order.created).getTime();
      expect(new Date((await orderRow(suite.server, order.id)).stock_held_until!).getTime()).toBe(
        placedAt + 45 * MINUTE,
      );

      // Before the hold ends nothing happens.
      expect(await expireStockHolds(suite.server.db, new Date(placedAt + 44 * MINUTE))).toEqual([]);
      expect(await stockOf(suite.server)).toBe(2);

      // Three sweeps at once after it ends (two "processes" and the app's own scheduler): one release.
      const after = new Date(placedAt + 46 * MINUTE);
      const jobs = suite.server.app.services.jobs!;
      const sweeps = await Promise.all([
        expireStockHolds(suite.server.db, after),
        expireStockHolds(suite.server.db, after),
        jobs.run(JOBS.stockHolds, after) as Promise<{ orderId: string }[]>,
      ]);
      expect(sweeps.flat().filter((hold) => hold.orderId === order.id)).toHaveLength(1);
      expect(await stockOf(suite.server)).toBe(5);
      const cancelled = await orderRow(suite.server, order.id);
      expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'expired', stock_held_until: null });

      const page = await Visitor.of(suite.server).get(`/checkout/order-confirmed/${order.id}`);
      expect(String(page.body)).toContain('Order cancelled');
      expect(String(page.body)).toContain('payment did not arrive in time');
      const unfulfilled = await suite.owner.get('/api/config/orders?status=unfulfilled');
      expect(unfulfilled.body.orders.map((o: { id: string }) => o.id)).not.toContain(order.id);

      // Later sweeps leave it alone, and the owner can no longer mark it paid.
      expect(await expireStockHolds(suite.server.db, new Date(placedAt + 90 * MINUTE))).toEqual([]);
      expect(await stockOf(suite.server)).toBe(5);
      const markPaid = await suite.owner.post(`/api/config/orders/${order.id}/mark-paid`, {});
      expect(markPaid.status).toBe(409);
      expect((await orderRow(suite.server, order.id)).payment_status).toBe('expired');

      // The app's scheduled sweep also tells the customer.
      const mailed = await pendingOrder(suite.server, 1, 'hold@example.com');
      const expired = await jobs.run(JOBS.stockHolds, new Date(new Date(mailed.created).getTime() + 46 * MINUTE));
      expect(expired).toMatchObject([{ orderId: mailed.id }]);
      expect(await stockOf(suite.server)).toBe(5);
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'hold@example.com')
        .execute();
      expect(mail.map((m) => m.subject)).toContain(`Order cancelled: #${mailed.orderNumber}`);
    });

    it('finding 5: an owner marking an order paid while its hold expires never releases a paid order or releases twice', async () => {
      await suite.owner.put('/api/config/settings/store', { stockHoldMinutes: 30 });
      const rounds = 6;
      await setStock(suite.server, rounds);
      const orders = [];
      for (let i = 0; i < rounds; i++) orders.push(await pendingOrder(suite.server, 1));
      expect(await stockOf(suite.server)).toBe(0);
      const later = new Date(Date.now() + 31 * MINUTE);
      const answers = await Promise.all(
        orders.flatMap((order) => [
          suite.owner.post(`/api/config/orders/${order.id}/mark-paid`, {}),
          expireStockHolds(suite.server.db, later),
          expireStockHolds(suite.server.db, later),
        ]),
      );
      const marked = answers.filter((a) => !Array.isArray(a)) as { status: number }[];
      for (const answer of marked) expect([200, 409]).toContain(answer.status);
      const released = answers.filter(Array.isArray).flat() as { orderId: string }[];
      // Each order was released at most once, and only if it was not paid.
      expect(new Set(released.map((r) => r.orderId)).size).toBe(released.length);
      let paid = 0;
      for (const order of orders) {
        const row = await orderRow(suite.server, order.id);
        const wasReleased = released.some((r) => r.orderId === order.id);
        if (row.payment_status === 'paid') {
          paid++;
          expect(wasReleased).toBe(false);
          expect(row.status).toBe('confirmed');
        } else {
          expect(row).toMatchObject({ payment_status: 'expired', status: 'cancelled' });
          expect(wasReleased).toBe(true);
        }
      }
      expect(marked.filter((a) => a.status === 200)).toHaveLength(paid);
      // Paid orders keep their stock, expired ones gave theirs back: nothing more, nothing less.
      expect(await stockOf(suite.server)).toBe(rounds - paid);
      expect(await expireStockHolds(suite.server.db, new Date(later.getTime() + 60 * MINUTE))).toEqual([]);
      expect(await stockOf(suite.server)).toBe(rounds - paid);
    });

    it('finding 5: a paid order holds no stock deadline and is never expired', async () => {
      await setStock(suite.server, 3);
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      const placed = await visitor.post(
        '/api/checkout/orders',
        payLater({ paymentMethod: 'card', cardNumber: '4242 4242 4242 4242' }),
      );
      expect(placed.status).toBe(201);
      expect((await orderRow(suite.server, placed.body.order.id)).stock_held_until).toBeNull();
      await expireStockHolds(suite.server.db, new Date(Date.now() + 365 * 86_400_000));
      expect((await orderRow(suite.server, placed.body.order.id)).payment_status).toBe('paid');
      expect(await stockOf(suite.server)).toBe(2);
    });

    it('finding 5: a cart line above the per-order maximum is refused at order time with the add-to-cart message', async () => {
      await suite.server.db.updateTable('product_variants').set({ unlimited: 1 }).where('sku', '=', SKU).execute();
      const before = await stockOf(suite.server);
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      // More than one add may put in the cart (9999), as a merged or tampered cart would hold.
      const cart = await suite.server.db
        .selectFrom('carts')
        .select('id')
        .where('token', '=', visitor.cartToken!)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .updateTable('cart_entries')
        .set({ quantity: 10_000 })
        .where('cart_id', '=', cart.id)
        .execute();
      const refused = await visitor.post('/api/checkout/orders', payLater());
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'quantity-out-of-range', message: 'Quantity must be between 1 and 9999.' });
      expect(await stockOf(suite.server)).toBe(before);
      // Within the maximum the same cart is sold.
      await suite.server.db
        .updateTable('cart_entries')
        .set({ quantity: 9999 })
        .where('cart_id', '=', cart.id)
        .execute();
      expect((await visitor.post('/api/checkout/orders', payLater())).status).toBe(201);
    });
  });
}
