import { describe, expect, it } from 'vitest';
import { PAYMENT_SETTING_MESSAGES } from '../payment-settings.js';
import {
  builtInPaymentProviders,
  createManualProvider,
  createTestCardProvider,
  type PaymentProvider,
  PaymentProviders,
} from '../../payments/methods/index.js';
import { providerAllowed, TEST_MODE_MESSAGES, testModeActive } from '../../payments/methods/test-mode.js';
import { forgetStoredCardNumbers } from '../../../platform/db/migrations/0011_order_payment_integrity.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart, itemIdOf } from '../../../../test/cart-helpers.js';
import { cardOrder as order, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { saveStoreSettings } from './store-settings-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 15, the "Also" items of the payment area: test mode, stored card numbers, coupon stacking.
// Gift cards and refunds (findings 1 and 6) are in order-payment-integrity.test.ts.

/** A live provider as a real payment network would add one (none is built in yet). */
const LIVE: PaymentProvider = {
  id: 'live-network',
  live: true,
  accepts: () => false,
  charge: async () => ({ status: 'failed', message: 'not used' }),
  refund: async () => ({ ok: false, message: 'not used' }),
};

for (const dialect of DIALECTS) {
  describe(`store payment settings (${dialect})`, () => {
    const suite = suiteServer(dialect, { manager: OWNERS.storeManager }, MANY_ORDERS);

    const setStore = (settings: Record<string, unknown>) => saveStoreSettings(suite.manager, settings);

    it('test mode: test cards pay only in test mode, with a "Test mode" banner on checkout', async () => {
      const settings = (await suite.manager.request('GET', '/api/config/settings/store')).body;
      expect(settings).toMatchObject({ testMode: true, testModeActive: true, liveProviderConfigured: false });
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
      const page = String((await visitor.request('GET', '/checkout')).body);
      expect(page).toMatch(/<p class="checkout__test-mode" role="note"><strong>Test mode<\/strong>/);

      await setStore({ testMode: false });
      try {
        const off = String((await visitor.request('GET', '/checkout')).body);
        expect(off).not.toContain('checkout__test-mode');
        expect(off).toContain(TEST_MODE_MESSAGES.cardsOff);
        const refused = await visitor.request('POST', '/api/checkout/orders', { body: order() });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ error: 'test-mode-off', message: TEST_MODE_MESSAGES.cardsOff });
        expect((await visitor.request('GET', '/api/commerce/shopping-cart')).body.entries).toHaveLength(1);
      } finally {
        await setStore({ testMode: true });
      }
      expect((await visitor.request('POST', '/api/checkout/orders', { body: order() })).status).toBe(201);
    });

    it('test mode: never on while a live payment provider is configured', async () => {
      const builtIn = builtInPaymentProviders();
      const withLive = new PaymentProviders([LIVE, createTestCardProvider(), createManualProvider()]);
      expect(builtIn.liveProviderConfigured).toBe(false);
      expect(withLive.liveProviderConfigured).toBe(true);
      expect(testModeActive(true, builtIn)).toBe(true);
      expect(testModeActive(true, withLive)).toBe(false);
      expect(testModeActive(false, builtIn)).toBe(false);
      expect(providerAllowed(createTestCardProvider(), true, withLive)).toBe(false);
      expect(providerAllowed(LIVE, true, withLive)).toBe(true);

      // The settings route answers with the providers of the running app.
      const services = suite.server.app.services.checkout!;
      const original = services.payments;
      services.payments = withLive;
      try {
        const read = await suite.manager.request('GET', '/api/config/settings/store');
        expect(read.body).toMatchObject({ testMode: true, liveProviderConfigured: true, testModeActive: false });
        const refused = await suite.manager.request('PUT', '/api/config/settings/store', { body: { testMode: true } });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain(TEST_MODE_MESSAGES.liveProvider);
      } finally {
        services.payments = original;
      }
    });

    it('subscriptions store the provider reference only, never the card number', async () => {
      const visitor = Visitor.of(suite.server);
      const started = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
        body: { itemId: await itemIdOf(suite.server, 'coffee-subscription'), sku: 'COFFEE-WHOLE', qty: 1 },
      });
      expect(started.status).toBe(200);
      const placed = await visitor.request('POST', '/api/checkout/orders', {
        body: order({ cartToken: started.body.cartToken, cardNumber: '4000 0566 5566 5556' }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const subscriptionId = placed.body.order.subscriptionId as string;
      const sub = await suite.server.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      expect(sub.payment_reference).toMatch(/^test-card:tok_[0-9a-f]{24}$/);
      expect(JSON.stringify(sub)).not.toContain('4000056655665556');
      // Migration 0011 forgets the card numbers stored before the fix.
      await suite.server.db
        .updateTable('subscriptions')
        .set({ payment_reference: 'test-card:4000056655665556' })
        .where('id', '=', subscriptionId)
        .execute();
      await forgetStoredCardNumbers(suite.server.db);
      const migrated = await suite.server.db
        .selectFrom('subscriptions')
        .select('payment_reference')
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      expect(migrated.payment_reference).toMatch(/^test-card:tok_[0-9a-f]{24}$/);

      // The saved reference still pays the renewal in test mode, and not once test mode is off.
      const renewals = suite.server.app.services.checkout!.renewals;
      const renewed = await renewals.runDue(new Date(Date.now() + 40 * 86_400_000));
      expect(renewed.filter((o) => o.subscriptionId === subscriptionId).map((o) => o.status)).toEqual(['ordered']);
      await setStore({ testMode: false });
      try {
        const refused = await renewals.runDue(new Date(Date.now() + 80 * 86_400_000));
        expect(refused.filter((o) => o.subscriptionId === subscriptionId).map((o) => o.status)).toEqual([
          'payment-failed',
        ]);
      } finally {
        await setStore({ testMode: true });
      }
    });

    it('coupon stacking: a second coupon is refused unless the owner allows stacking', async () => {
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, {
        urlId: 'wool-scarf',
        sku: await firstSku(suite.server, 'wool-scarf'),
        quantity: 1,
      });
      const codes = ['WELCOME10', 'FREESHIP'];
      const quote = await visitor.request('POST', '/api/checkout/quote', { body: { couponCodes: codes } });
      expect(quote.status).toBe(200);
      expect(quote.body.shoppingCart.validCoupons.map((c: { code: string }) => c.code)).toEqual(['WELCOME10']);
      expect(quote.body.shoppingCart.invalidCoupons).toEqual([
        { code: 'FREESHIP', message: PAYMENT_SETTING_MESSAGES.oneCoupon },
      ]);
      const refused = await visitor.request('POST', '/api/checkout/orders', { body: order({ couponCodes: codes }) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'coupon-invalid', message: PAYMENT_SETTING_MESSAGES.oneCoupon });

      expect(await setStore({ allowCouponStacking: true })).toMatchObject({ allowCouponStacking: true });
      try {
        const stacked = await visitor.request('POST', '/api/checkout/quote', { body: { couponCodes: codes } });
        expect(stacked.body.shoppingCart.validCoupons.map((c: { code: string }) => c.code)).toEqual(codes);
        expect(stacked.body.shoppingCart.invalidCoupons).toEqual([]);
        const placed = await visitor.request('POST', '/api/checkout/orders', { body: order({ couponCodes: codes }) });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      } finally {
        await setStore({ allowCouponStacking: false });
      }
    });
  });
}

async function firstSku(server: TestServer, urlId: string): Promise<string> {
  const row = await server.db
    .selectFrom('product_variants')
    .select('sku')
    .where('item_id', '=', await itemIdOf(server, urlId))
    .orderBy('sku')
    .executeTakeFirstOrThrow();
  return row.sku;
}
