import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_MESSAGES } from '../methods/test-mode.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import {
  orderRow,
  placeStripeOrder,
  SKU,
  setStock,
  stripeOrderBody,
} from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { MANY_ORDERS } from '../../../../test/checkout-helpers.js';

// Issue 17: Stripe keys saved by the owner in the Store panel (sealed in the database) take
// payments like keys from the environment; a live key ends test mode for the checkout.

for (const dialect of DIALECTS) {
  describe(`Stripe connected in the Store panel (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;

    beforeAll(async () => {
      fake = await startStripeFake();
      server = await startTestServer({
        dialect,
        config: { ...MANY_ORDERS, secretKey: 'k'.repeat(48), paymentApiBases: { stripe: fake.url } },
      });
      fake.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('offers Stripe only once the owner saved keys Stripe accepts, then settles through them', async () => {
      const page = await Visitor.of(server).get('/checkout');
      expect(String(page.body)).not.toContain('value="stripe"');
      const owner = await ownerSession(server, OWNERS.storeManager);
      const saved = await owner.put('/api/config/payments/connections/stripe', {
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      await setStock(server, 5);
      const buyer = Visitor.of(server);
      await addToCart(server, buyer, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      const checkout = await buyer.get('/checkout');
      expect(String(checkout.body)).toContain('value="stripe" checked');
      const placed = await placeStripeOrder(server, fake, 1);
      await fake.pay(placed.sessionId);
      expect(fake.delivered.at(-1)).toMatchObject({ status: 200 });
      expect(await orderRow(server, placed.orderId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    });
  });

  describe(`a live Stripe key (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;

    beforeAll(async () => {
      fake = await startStripeFake({ secretKey: 'sk_live_fakelivekey' });
      server = await startTestServer({
        dialect,
        config: {
          ...MANY_ORDERS,
          stripe: stripeKeysOf(fake),
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('ends test mode: no test banner or card field, and a test card is refused', async () => {
      const buyer = Visitor.of(server);
      await addToCart(server, buyer, { urlId: 'sticker-pack', sku: SKU, quantity: 1 });
      const page = String((await buyer.get('/checkout')).body);
      expect(page).toContain('value="stripe" checked');
      expect(page).not.toContain('name="cardNumber"');
      expect(page).not.toContain('checkout__test-mode');
      const card = await buyer.post(
        '/api/checkout/orders',
        stripeOrderBody({ paymentMethod: 'card', cardNumber: '4242 4242 4242 4242' }),
      );
      expect(card.status).toBe(402);
      expect(card.body.message).toBe(TEST_MODE_MESSAGES.cardsOff);
    });
  });
}
