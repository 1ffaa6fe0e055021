import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStockHolds } from '../stock-holds.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { MANY_ORDERS } from '../../../../test/checkout-helpers.js';

// Issue 15, finding 5: unpaid orders hold their stock for a limited time; line quantities above
// the per-order maximum are refused when the order is placed.

const SKU = 'STICKERS-BOT';
const ADDRESS = { line1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };
const MINUTE = 60_000;

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

async function stockOf(server: TestServer): Promise<number> {
  const row = await server.db
    .selectFrom('product_variants')
    .select('qty_in_stock')
    .where('sku', '=', SKU)
    .executeTakeFirstOrThrow();
  return row.qty_in_stock;
}

async function setStock(server: TestServer, qty: number): Promise<void> {
  await server.db
    .updateTable('product_variants')
    .set({ unlimited: 0, qty_in_stock: qty })
    .where('sku', '=', SKU)
    .execute();
}

async function orderRow(server: TestServer, id: string) {
  return server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
    let server: TestServer;
    let owner: Visitor;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: MANY_ORDERS,
      });
      owner = await ownerSession(server, OWNERS.storeManager);
      const saved = await owner.put('/api/config/settings/store', { payLaterEnabled: true });
      expect(saved.status).toBe(200);
      expect(saved.body.stockHoldMinutes).toBe(30);
    });
    afterAll(async () => server?.close());

    it('finding 5: an unpaid order holds its stock for stockHoldMinutes, then is cancelled and the stock returns exactly once', async () => {
      expect((await owner.put('/api/config/settings/store', { stockHoldMinutes: 1 })).status).toBe(400);
      expect((await owner.put('/api/config/settings/store', { stockHoldMinutes: 45 })).body.stockHoldMinutes).toBe(45);
      await setStock(server, 5);
      const order = await pendingOrder(server, 3, 'hold@example.com');
      expect(await stockOf(server)).toBe(2);
      const placedAt = new Date(order.created).getTime();
      expect(new Date((await orderRow(server, order.id)).stock_held_until!).getTime()).toBe(placedAt + 45 * MINUTE);

      // Before the hold ends nothing happens.
      expect(await expireStockHolds(server.db, new Date(placedAt + 44 * MINUTE))).toEqual([]);
      expect(await stockOf(server)).toBe(2);

      // Three sweeps at once after it ends (two "processes" and the app's own scheduler): one release.
      const after = new Date(placedAt + 46 * MINUTE);
      const jobs = server.app.services.jobs!;
      const sweeps = await Promise.all([
        expireStockHolds(server.db, after),
        expireStockHolds(server.db, after),
        jobs.run(JOBS.stockHolds, after) as Promise<{ orderId: string }[]>,
      ]);
      expect(sweeps.flat().filter((hold) => hold.orderId === order.id)).toHaveLength(1);
      expect(await stockOf(server)).toBe(5);
      const cancelled = await orderRow(server, order.id);
      expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'expired', stock_held_until: null });

      const page = await Visitor.of(server).get(`/checkout/order-confirmed/${order.id}`);
      expect(String(page.body)).toContain('Order cancelled');
      expect(String(page.body)).toContain('payment did not arrive in time');
      const unfulfilled = await owner.get('/api/config/orders?status=unfulfilled');
      expect(unfulfilled.body.orders.map((o: { id: string }) => o.id)).not.toContain(order.id);

      // Later sweeps leave it alone, and the owner can no longer mark it paid.
      expect(await expireStockHolds(server.db, new Date(placedAt + 90 * MINUTE))).toEqual([]);
      expect(await stockOf(server)).toBe(5);
      const markPaid = await owner.post(`/api/config/orders/${order.id}/mark-paid`, {});
      expect(markPaid.status).toBe(409);
      expect((await orderRow(server, order.id)).payment_status).toBe('expired');

      // The app's scheduled sweep also tells the customer.
      const mailed = await pendingOrder(server, 1, 'hold@example.com');
      const expired = await jobs.run(JOBS.stockHolds, new Date(new Date(mailed.created).getTime() + 46 * MINUTE));
      expect(expired).toMatchObject([{ orderId: mailed.id }]);
      expect(await stockOf(server)).toBe(5);
      const mail = await server.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'hold@example.com')
        .execute();
      expect(mail.map((m) => m.subject)).toContain(`Order cancelled: #${mailed.orderNumber}`);
    });

    it('finding 5: an owner marking an order paid while its hold expires never releases a paid order or releases twice', async () => {
      await owner.put('/api/config/settings/store', { stockHoldMinutes: 30 });
      const rounds = 6;
      await setStock(server, rounds);
      const orders = [];
      for (let i = 0; i < rounds; i++) orders.push(await pendingOrder(server, 1));
      expect(await stockOf(server)).toBe(0);
      const later = new Date(Date.now() + 31 * MINUTE);
      const answers = await Promise.all(
        orders.flatMap((order) => [
          owner.post(`/api/config/orders/${order.id}/mark-paid`, {}),
          expireStockHolds(server.db, later),
          expireStockHolds(server.db, later),
        ]),
      );
      const marked = answers.filter((a) => !Array.isArray(a)) as { status: number }[];
      for (const answer of marked) expect([200, 409]).toContain(answer.status);
      const released = answers.filter(Array.isArray).flat() as { orderId: string }[];
      // Each order was released at most once, and only if it was not paid.
      expect(new Set(released.map((r) => r.orderId)).size).toBe(released.length);
      let paid = 0;
      for (const order of orders) {
        const row = await orderRow(server, order.id);
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
      expect(await stockOf(server)).toBe(rounds - paid);
      expect(await expireStockHolds(server.db, new Date(later.getTime() + 60 * MINUTE))).toEqual([]);
      expect(await stockOf(server)).toBe(rounds - paid);
    });

    it('finding 5: a paid order holds no stock deadline and is never expired', async () => {
      await setStock(server, 3);
      const visitor = Visitor.of(server);
      await addToCart(server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      const placed = await visitor.post(
        '/api/checkout/orders',
        payLater({ paymentMethod: 'card', cardNumber: '4242 4242 4242 4242' }),
      );
      expect(placed.status).toBe(201);
      expect((await orderRow(server, placed.body.order.id)).stock_held_until).toBeNull();
      await expireStockHolds(server.db, new Date(Date.now() + 365 * 86_400_000));
      expect((await orderRow(server, placed.body.order.id)).payment_status).toBe('paid');
      expect(await stockOf(server)).toBe(2);
    });

    it('finding 5: a cart line above the per-order maximum is refused at order time with the add-to-cart message', async () => {
      await server.db.updateTable('product_variants').set({ unlimited: 1 }).where('sku', '=', SKU).execute();
      const before = await stockOf(server);
      const visitor = Visitor.of(server);
      await addToCart(server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      // More than one add may put in the cart (9999), as a merged or tampered cart would hold.
      const cart = await server.db
        .selectFrom('carts')
        .select('id')
        .where('token', '=', visitor.cartToken!)
        .executeTakeFirstOrThrow();
      await server.db.updateTable('cart_entries').set({ quantity: 10_000 }).where('cart_id', '=', cart.id).execute();
      const refused = await visitor.post('/api/checkout/orders', payLater());
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'quantity-out-of-range', message: 'Quantity must be between 1 and 9999.' });
      expect(await stockOf(server)).toBe(before);
      // Within the maximum the same cart is sold.
      await server.db.updateTable('cart_entries').set({ quantity: 9999 }).where('cart_id', '=', cart.id).execute();
      expect((await visitor.post('/api/checkout/orders', payLater())).status).toBe(201);
    });
  });
}
