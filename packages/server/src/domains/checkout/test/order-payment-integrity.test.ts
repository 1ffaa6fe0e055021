import { CHECKOUT_MESSAGES } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { PAYMENT_SETTING_MESSAGES, paymentSettingsOf } from '../payment-settings.js';
import { REFUND_MESSAGES } from '../refunds.js';
import { holdUnpaidOrderGiftCards } from '../../../platform/db/migrations/0011_order_payment_integrity.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart, visitorWithCart } from '../../../../test/cart-helpers.js';
import { cardOrder as order, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { saveStoreSettings } from './store-settings-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 15, findings 1 and 6: gift cards exist only for paid orders, refunds need a succeeded charge
// and take back gift card value. The payment settings ("Also" items) are in store-payment-settings.test.ts.

const CODE = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/g;

for (const dialect of DIALECTS) {
  describe(`order payment integrity (${dialect})`, () => {
    const suite = suiteServer(dialect, { manager: OWNERS.storeManager, editor: OWNERS.editor }, MANY_ORDERS);

    const setStore = (settings: Record<string, unknown>) => saveStoreSettings(suite.manager, settings);

    /** A visitor who bought `quantity` $25 gift cards for `recipient`; answers the order. */
    async function buyGiftCards(recipient: string, payment: Record<string, unknown>, quantity = 1) {
      const visitor = await visitorWithCart(suite.server, 'gift-card', 'GIFT-25', quantity);
      const placed = await visitor.request('POST', '/api/checkout/orders', {
        body: order({ email: 'giver@example.com', giftCardRecipientEmail: recipient, ...payment }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return placed.body.order as { id: string; amountDueCents: number; status: string; paymentStatus: string };
    }

    const cardsOf = (orderId: string) =>
      suite.server.db.selectFrom('gift_cards').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    const mailTo = (to: string) =>
      suite.server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .where('subject', '=', 'You have received a gift card')
        .execute();

    it('finding 1: a pay-later order issues no gift card until the owner marks it paid', async () => {
      const recipient = `later-${dialect}@example.com`;
      const pending = await buyGiftCards(recipient, { paymentMethod: 'manual', cardNumber: null }, 2);
      expect(pending).toMatchObject({ status: 'received', paymentStatus: 'pending' });
      expect(await cardsOf(pending.id)).toEqual([]);
      expect(await mailTo(recipient)).toEqual([]);

      const path = `/api/config/orders/${pending.id}/mark-paid`;
      expect((await Visitor.of(suite.server).request('POST', path, { body: {} })).status).toBe(401);
      expect((await suite.editor.request('POST', path, { body: {} })).status).toBe(403);
      expect(
        (await suite.manager.request('POST', '/api/config/orders/no-such-order/mark-paid', { body: {} })).status,
      ).toBe(404);

      const paid = await suite.manager.request('POST', path, { body: {} });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.order).toMatchObject({ id: pending.id, status: 'confirmed', paymentStatus: 'paid' });
      expect(paid.body.giftCards).toHaveLength(2);
      for (const card of paid.body.giftCards) {
        expect(card).toMatchObject({ action: 'issued', balanceCents: 2500, recipientEmail: recipient });
        expect(card).not.toHaveProperty('code');
      }
      const cards = await cardsOf(pending.id);
      expect(cards.map((c) => c.balance_cents)).toEqual([2500, 2500]);
      const mails = await mailTo(recipient);
      expect(mails).toHaveLength(2);
      const codes = mails.flatMap((m) => [...m.text_body.matchAll(CODE)].map((match) => match[1]!));
      expect(new Set(codes).size).toBe(2);

      // The charge is recorded as succeeded, so the order can now be refunded; a second mark is refused.
      const detail = await suite.manager.request('GET', `/api/config/orders/${pending.id}`);
      expect(detail.body.order.payments[0]).toMatchObject({ provider: 'manual', status: 'succeeded' });
      expect(detail.body.order.refundableCents).toBe(pending.amountDueCents);
      const again = await suite.manager.request('POST', path, { body: {} });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: 'already-paid', message: 'This order is already paid.' });
      expect(await cardsOf(pending.id)).toHaveLength(2);
    });

    it('finding 1: cards an unpaid order minted before the fix are held until it is paid', async () => {
      const recipient = `legacy-${dialect}@example.com`;
      const pending = await buyGiftCards(recipient, { paymentMethod: 'manual', cardNumber: null });
      // As the old code did: a card minted at once for the pending order.
      const now = new Date().toISOString();
      await suite.server.db
        .insertInto('gift_cards')
        .values({
          id: `legacy-${pending.id}`.slice(0, 40),
          site_id: (await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id,
          code_hash: `legacy-hash-${pending.id}`,
          last4: 'LGCY',
          currency: 'USD',
          initial_cents: 2500,
          balance_cents: 2500,
          order_id: pending.id,
          recipient_email: recipient,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await holdUnpaidOrderGiftCards(suite.server.db);
      expect((await cardsOf(pending.id)).map((c) => c.disabled_at)).toEqual([expect.any(String)]);

      const paid = await suite.manager.request('POST', `/api/config/orders/${pending.id}/mark-paid`, { body: {} });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.giftCards).toEqual([
        expect.objectContaining({ last4: 'LGCY', action: 'enabled', balanceCents: 2500 }),
      ]);
      expect((await cardsOf(pending.id)).map((c) => c.disabled_at)).toEqual([null]);
      expect(await mailTo(recipient)).toEqual([]);
    });

    it('finding 1: marking a pending order paid twice at once issues each card once', async () => {
      const recipient = `race-${dialect}@example.com`;
      const pending = await buyGiftCards(recipient, { paymentMethod: 'manual', cardNumber: null }, 3);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          suite.manager.request('POST', `/api/config/orders/${pending.id}/mark-paid`, { body: {} }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      expect(await cardsOf(pending.id)).toHaveLength(3);
      expect(await mailTo(recipient)).toHaveLength(3);
    });

    it('finding 1: pay later is off by default and a manual order is then refused with a clear message', async () => {
      expect(paymentSettingsOf({})).toEqual({ payLaterEnabled: false, testMode: true, allowCouponStacking: false });
      // The demo turns it on; an owner turns it off again.
      expect((await suite.manager.request('GET', '/api/config/settings/store')).body.payLaterEnabled).toBe(true);
      expect(await setStore({ payLaterEnabled: false })).toMatchObject({ payLaterEnabled: false });
      try {
        const visitor = Visitor.of(suite.server);
        await addToCart(suite.server, visitor, { urlId: 'gift-card', sku: 'GIFT-25', quantity: 1 });
        expect(String((await visitor.request('GET', '/checkout')).body)).not.toContain('value="manual"');
        const refused = await visitor.request('POST', '/api/checkout/orders', {
          body: order({ paymentMethod: 'manual', giftCardRecipientEmail: `off-${dialect}@example.com` }),
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ error: 'pay-later-disabled', message: PAYMENT_SETTING_MESSAGES.payLaterOff });
        // Nothing happened: the cart is still there and no card exists.
        expect((await visitor.request('GET', '/api/commerce/shopping-cart')).body.entries).toHaveLength(1);
        expect(await mailTo(`off-${dialect}@example.com`)).toEqual([]);
        const bad = await suite.manager.request('PUT', '/api/config/settings/store', {
          body: { payLaterEnabled: 'yes' },
        });
        expect(bad.status).toBe(400);
      } finally {
        await setStore({ payLaterEnabled: true });
      }
    });

    it('finding 6: a pending (unpaid) order cannot be refunded', async () => {
      const pending = await buyGiftCards(`unpaid-${dialect}@example.com`, {
        paymentMethod: 'manual',
        cardNumber: null,
      });
      for (const body of [{}, { amountCents: 100 }]) {
        const refused = await suite.manager.request('POST', `/api/config/orders/${pending.id}/refund`, { body });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ error: 'not-paid', message: REFUND_MESSAGES.notPaid });
      }
      const row = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', pending.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ refunded_cents: 0, payment_status: 'pending' });
      expect((await suite.manager.request('GET', `/api/config/orders/${pending.id}`)).body.order.refundableCents).toBe(
        0,
      );
    });

    it('finding 6: refunding a gift-card order draws its card down, then disables it, and says so', async () => {
      const recipient = `refund-${dialect}@example.com`;
      const paid = await buyGiftCards(recipient, {});
      const [card] = await cardsOf(paid.id);
      const code = [...(await mailTo(recipient))[0]!.text_body.matchAll(CODE)][0]![1]!;

      const partial = await suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, {
        body: { amountCents: 1000 },
      });
      expect(partial.status, JSON.stringify(partial.body)).toBe(200);
      expect(partial.body.giftCards).toEqual([
        { id: card!.id, last4: card!.last4, action: 'reduced', balanceCents: 1500 },
      ]);
      expect(partial.body.message).toContain('1 gift card of this order drawn down');
      expect((await cardsOf(paid.id))[0]).toMatchObject({ balance_cents: 1500, disabled_at: null });

      const rest = await suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, { body: {} });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.refundedCents).toBe(paid.amountDueCents);
      expect(rest.body.giftCards).toEqual([
        { id: card!.id, last4: card!.last4, action: 'disabled', balanceCents: 1500 },
      ]);
      expect(rest.body.message).toContain('1 gift card of this order disabled');
      expect((await cardsOf(paid.id))[0]!.disabled_at).not.toBeNull();

      // The code no longer pays.
      const spender = Visitor.of(suite.server);
      await addToCart(suite.server, spender, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
      const quote = await spender.request('POST', '/api/checkout/quote', { body: { giftCardCode: code } });
      expect(quote.body.shoppingCart.giftCardCents).toBe(0);
      const spent = await spender.request('POST', '/api/checkout/orders', { body: order({ giftCardCode: code }) });
      expect(spent.status).toBe(400);
      expect(spent.body.message).toBe(CHECKOUT_MESSAGES.giftCardNotFound);
    });

    it('finding 6: two refunds racing never refund more than was paid', async () => {
      const paid = await buyGiftCards(`refund-race-${dialect}@example.com`, {}, 2);
      const part = Math.ceil(paid.amountDueCents * 0.6);
      const answers = await Promise.all([
        suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, { body: { amountCents: part } }),
        suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, { body: { amountCents: part } }),
        suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, { body: {} }),
        suite.manager.request('POST', `/api/config/orders/${paid.id}/refund`, { body: {} }),
      ]);
      for (const answer of answers) expect([200, 400, 409]).toContain(answer.status);
      const refunds = await suite.server.db
        .selectFrom('payments')
        .select('amount_cents')
        .where('order_id', '=', paid.id)
        .where('kind', '=', 'refund')
        .execute();
      const total = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
      const row = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', paid.id)
        .executeTakeFirstOrThrow();
      expect(total).toBeLessThanOrEqual(paid.amountDueCents);
      expect(row.refunded_cents).toBe(total);
      expect(answers.filter((a) => a.status === 200).reduce((sum, a) => sum + a.body.amountCents, 0)).toBe(total);
      // The cards gave back no more than the refunds took: 2 × 25.00 minus what was refunded, never below 0.
      const balance = (await cardsOf(paid.id)).reduce((sum, c) => sum + c.balance_cents, 0);
      expect(balance).toBeGreaterThanOrEqual(Math.max(0, 5000 - total));
    });
  });
}
