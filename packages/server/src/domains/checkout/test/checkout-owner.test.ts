import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { visitorWithCart } from '../../../../test/cart-helpers.js';
import { cardOrder as order } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

describe.each(DIALECTS)('store owner orders and checkout settings on %s', (dialect) => {
  const suite = suiteServer(dialect);

  it('lets a store owner list, fulfil and refund orders, and nobody else', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const placed = await visitor.request('POST', '/api/checkout/orders', { body: order() });
    const orderId = placed.body.order.id as string;
    expect((await visitor.request('GET', '/api/config/orders')).status).toBe(401);
    await createOwner(suite.server.db, {
      email: `editor-${dialect}@example.com`,
      password: 'a long password 1',
      roles: [4],
    });
    const editor = await signInOwner(suite.server.url, `editor-${dialect}@example.com`, 'a long password 1');
    expect((await editor.request('GET', '/api/config/orders')).status).toBe(403);
    await createOwner(suite.server.db, {
      email: `store-${dialect}@example.com`,
      password: 'a long password 2',
      roles: [8],
    });
    const owner = await signInOwner(suite.server.url, `store-${dialect}@example.com`, 'a long password 2');
    const list = await owner.request('GET', '/api/config/orders');
    expect(list.body.orders.some((o: { id: string }) => o.id === orderId)).toBe(true);
    const detail = await owner.request('GET', `/api/config/orders/${orderId}`);
    expect(detail.body.order.lines[0]).toMatchObject({ sku: 'STICKERS-BOT', quantity: 1 });
    expect((await owner.request('POST', `/api/config/orders/${orderId}/fulfill`, { body: {} })).body).toEqual({
      ok: true,
    });
    const refunds = await Promise.all([
      owner.request('POST', `/api/config/orders/${orderId}/refund`, { body: {} }),
      owner.request('POST', `/api/config/orders/${orderId}/refund`, { body: {} }),
    ]);
    expect(refunds.filter((r) => r.status === 200)).toHaveLength(1);
    const stored = await suite.server.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ fulfillment_status: 'fulfilled', payment_status: 'refunded' });
    expect(stored.refunded_cents).toBe(stored.amount_due_cents);
  });

  it('lets a store owner replace shipping options, tax rules and coupons, which checkout then uses', async () => {
    await createOwner(suite.server.db, {
      email: `settings-${dialect}@example.com`,
      password: 'a long password 4',
      roles: [1],
    });
    const owner = await signInOwner(suite.server.url, `settings-${dialect}@example.com`, 'a long password 4');
    const before = await owner.request('GET', '/api/config/checkout');
    expect(before.body.coupons.map((c: { code: string }) => c.code)).toContain('WELCOME10');
    const saved = await owner.request('PUT', '/api/config/checkout/shipping-options', {
      body: {
        shippingOptions: [
          { name: 'Pickup', amountCents: 0 },
          { name: 'Courier', amountCents: 1234 },
        ],
      },
    });
    expect(saved.body.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Pickup', 'Courier']);
    await owner.request('PUT', '/api/config/checkout/tax-rules', {
      body: { taxRules: [{ name: 'VAT', rateBasisPoints: 2000, taxShipping: true }] },
    });
    const coupons = await owner.request('PUT', '/api/config/checkout/coupons', {
      body: { coupons: [{ code: 'half', kind: 'percent', value: 50 }] },
    });
    expect(coupons.body.coupons).toEqual([
      { code: 'HALF', kind: 'percent', value: 50, minSubtotalCents: 0, active: true },
    ]);
    expect(
      (
        await owner.request('PUT', '/api/config/checkout/coupons', {
          body: { coupons: [{ code: 'x', kind: 'fixed', value: 1 }] },
        })
      ).status,
    ).toBe(400);

    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const quote = await visitor.request('POST', '/api/checkout/quote', {
      body: { couponCodes: ['HALF', 'WELCOME10'], shippingOptionId: saved.body.shippingOptions[1].id, country: 'FR' },
    });
    const cart = quote.body.shoppingCart;
    expect(cart.invalidCoupons.map((c: { code: string }) => c.code)).toEqual(['WELCOME10']);
    expect(cart.discountCents).toBe(400);
    expect(cart.shippingCostCents).toBe(1234);
    expect(cart.taxCents).toBe(Math.round((800 - 400 + 1234) * 0.2));
    // Removed defaults stay removed (they are seeded once per site).
    const again = await owner.request('GET', '/api/config/checkout');
    expect(again.body.coupons.map((c: { code: string }) => c.code)).toEqual(['HALF']);
    expect((await visitor.request('GET', '/api/config/checkout')).status).toBe(401);
  });
});
