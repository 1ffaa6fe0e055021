import { describe, expect, it } from 'vitest';
import { builtInPaymentProviders } from '../../payments/methods/index.js';
import { createRenewalScheduler } from '../../subscriptions/schedule.js';
import { DIALECTS } from '../../../testing.js';
import { itemIdOf } from '../../../../test/cart-helpers.js';
import { cardOrder as order } from '../../../../test/checkout-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

describe.each(DIALECTS)('subscription checkout on %s', (dialect) => {
  const suite = suiteServer(dialect);

  it('starts a subscription and bills each renewal once, also when the scheduler runs twice', async () => {
    const visitor = Visitor.of(suite.server);
    const started = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      body: { itemId: await itemIdOf(suite.server, 'coffee-subscription'), sku: 'COFFEE-WHOLE', qty: 1 },
    });
    expect(started.status).toBe(200);
    const cartToken = started.body.cartToken;
    const page = await visitor.request('GET', `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`);
    expect(String(page.body)).toContain('Subscription checkout');
    const placed = await visitor.request('POST', '/api/checkout/orders', { body: order({ cartToken }) });
    expect(placed.status).toBe(201);
    expect(placed.body.order.pageType).toBe(206);
    const renewals = suite.server.app.services.checkout!.renewals;
    const later = new Date(Date.now() + 40 * 86_400_000);
    const [first, second] = await Promise.all([renewals.runDue(later), renewals.runDue(later)]);
    expect([...first, ...second].filter((o) => o.status === 'ordered')).toHaveLength(1);
    const cycles = await suite.server.db
      .selectFrom('subscription_cycles')
      .selectAll()
      .where('subscription_id', '=', placed.body.order.subscriptionId)
      .orderBy('cycle')
      .execute();
    expect(cycles.map((c) => c.cycle)).toEqual([1, 2]);
    const renewalMail = await suite.server.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', 'like', 'Subscription renewal:%')
      .execute();
    expect(renewalMail.length).toBeGreaterThanOrEqual(1);
  });

  it('catches up missed renewals after a restart, one order per cycle, and stops at numBillingCycles', async () => {
    const visitor = Visitor.of(suite.server);
    const started = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      body: { itemId: await itemIdOf(suite.server, 'coffee-subscription'), sku: 'COFFEE-DRIP', qty: 1 },
    });
    const placed = await visitor.request('POST', '/api/checkout/orders', {
      body: order({ cartToken: started.body.cartToken, email: 'restart@example.com' }),
    });
    expect(placed.status).toBe(201);
    const subscriptionId = placed.body.order.subscriptionId as string;
    await suite.server.db
      .updateTable('subscriptions')
      .set({ cycles_total: 3 })
      .where('id', '=', subscriptionId)
      .execute();
    // A second scheduler, as a restarted process would have, finds the cycles that fell due meanwhile.
    const restarted = createRenewalScheduler(suite.server.db, {
      payments: builtInPaymentProviders(),
      nextOrderNumber: suite.server.app.services.checkout!.service.nextOrderNumber,
    });
    const farLater = new Date(Date.now() + 200 * 86_400_000);
    const outcomes = await restarted.runDue(farLater);
    expect(outcomes.filter((o) => o.subscriptionId === subscriptionId).map((o) => o.cycle)).toEqual([2, 3]);
    expect((await restarted.runDue(farLater)).filter((o) => o.subscriptionId === subscriptionId)).toEqual([]);
    const renewalOrders = await suite.server.db
      .selectFrom('orders')
      .select(['grand_total_cents', 'subtotal_cents', 'shipping_cents', 'tax_cents', 'discount_cents'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(renewalOrders).toHaveLength(3);
    for (const o of renewalOrders) {
      expect(o.grand_total_cents).toBe(o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents);
    }
    const sub = await suite.server.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'completed', next_billing_at: null });
  });
});
