import { randomUUID } from 'node:crypto';
import {
  orderCreatedAnswer,
  orderReplayedAnswer,
  placeDetailsAnswer,
  placeSuggestionsAnswer,
  quoteAnswer,
} from '@tessera/core/contracts/checkout';
import { describe, expect, it } from 'vitest';
import { giftCardHash } from '../../gift-cards/gift-card-codes.js';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { itemIdOf } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: the checkout answers the storefront's checkout island reads (a quote with shipping, tax, a
// coupon and a gift card; an order placed and replayed; a gift card bought) parse with the schemas
// `@tessera/core/contracts/checkout` publishes, naming every field the server sends.

for (const dialect of DIALECTS) {
  describe(`checkout answers (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });

    async function visitorWith(urlId: string, sku: string): Promise<Visitor> {
      const visitor = Visitor.of(suite.server);
      const added = await visitor.post('/api/commerce/shopping-cart/entries', {
        itemId: await itemIdOf(suite.server, urlId),
        sku,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      return visitor;
    }

    async function giftCard(balanceCents: number): Promise<string> {
      const code = `ANSW-${randomUUID().slice(0, 8).toUpperCase()}`;
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await suite.server.db
        .insertInto('gift_cards')
        .values({
          id: newId(),
          site_id: site.id,
          code_hash: giftCardHash(code),
          last4: code.slice(-4),
          currency: 'USD',
          initial_cents: balanceCents,
          balance_cents: balanceCents,
          order_id: null,
          recipient_email: 'friend@example.com',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return code;
    }

    it('answers a quote with shipping, tax, a coupon, a refused coupon and a gift card in the quote schema', async () => {
      const visitor = await visitorWith('linen-shirt', 'LIN-NAT-M');
      const giftCardCode = await giftCard(1000);
      const quote = expectAnswer(
        quoteAnswer,
        await visitor.post('/api/checkout/quote', {
          couponCodes: ['WELCOME10', 'NOPE'],
          giftCardCode,
          country: 'US',
        }),
      );
      const cart = quote.shoppingCart;
      expect(cart.kind).toBe('cart');
      expect(cart.validCoupons.map((c) => c.code)).toEqual(['WELCOME10']);
      expect(cart.invalidCoupons.map((c) => c.code)).toEqual(['NOPE']);
      expect(cart.selectedShippingOption).not.toBeNull();
      expect(cart.applicableTaxRules.length).toBeGreaterThan(0);
      expect(cart.giftCardCents).toBe(1000);
      expect(cart.amountDueCents).toBe(cart.grandTotalCents - 1000);
      expect(quote.display.giftCard).toMatch(/^−\$10\.00$/);
    });

    it('answers a new order 201 and its replay 200 in their schemas, a gift card paying part of it', async () => {
      const visitor = await visitorWith('wool-scarf', 'SCARF-CHR');
      const body = cardOrder({ giftCardCode: await giftCard(500) });
      const placed = expectAnswer(orderCreatedAnswer, await visitor.post('/api/checkout/orders', body), 201);
      expect(placed.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', giftCardCents: 500 });
      expect(placed.redirect).toBe(`/checkout/order-confirmed/${placed.order.id}`);
      const replayed = expectAnswer(orderReplayedAnswer, await visitor.post('/api/checkout/orders', body));
      expect(replayed.order).toEqual(placed.order);
    });

    it('answers the order of a gift card bought for someone in the order schema', async () => {
      const visitor = await visitorWith('gift-card', 'GIFT-25');
      const placed = expectAnswer(
        orderCreatedAnswer,
        await visitor.post('/api/checkout/orders', cardOrder({ giftCardRecipientEmail: 'friend@example.com' })),
        201,
      );
      expect(placed.order.grandTotalCents).toBeGreaterThanOrEqual(2500);
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(Visitor.of(suite.server));
      expectPublishedAnswer(doc, 'POST', '/api/checkout/quote', quoteAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/checkout/orders', orderCreatedAnswer, 201);
      expectPublishedAnswer(doc, 'POST', '/api/checkout/orders', orderReplayedAnswer, 200);
      expectPublishedAnswer(doc, 'GET', '/api/google-maps/places/autocomplete', placeSuggestionsAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/google-maps/places/details', placeDetailsAnswer);
    });
  });
}
