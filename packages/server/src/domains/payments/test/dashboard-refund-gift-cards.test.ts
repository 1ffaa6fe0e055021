import { CHECKOUT_MESSAGES } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart, visitorWithCart } from '../../../../test/cart-helpers.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import type { StripeFake } from '../../../../test/fakes/stripe-fake.js';
import { orderRow, startWithStripe, stripeOrderBody } from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 23: a refund made in the provider's dashboard takes back the gift cards the order bought by
// the rule the owner's refund from Orders follows (`payments/flow/refund-gift-cards.ts`): a partial
// refund draws the cards down, the refund that completes the order's refund disables every card
// still enabled, unspent or partly spent (what was spent stays spent). Once, in the refund's own
// transaction, however many times and at once the provider reports it.

const CODE = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/g;

for (const dialect of DIALECTS) {
  describe(`gift cards of an order refunded in Stripe's dashboard (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;

    beforeAll(async () => {
      ({ server, fake } = await startWithStripe(dialect));
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    const cardsOf = (orderId: string) =>
      server.db
        .selectFrom('gift_cards')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    const codesFor = async (to: string) => {
      const mail = await server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', to)
        .where('subject', '=', 'You have received a gift card')
        .execute();
      return mail.flatMap((m) => [...m.text_body.matchAll(CODE)].map((match) => match[1]!));
    };
    /** What a code still pays at checkout (0 once disabled or spent). */
    const worth = async (code: string) => {
      const visitor = Visitor.of(server);
      await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
      return (await visitor.post('/api/checkout/quote', { giftCardCode: code })).body.shoppingCart
        .giftCardCents as number;
    };

    it('a partial dashboard refund draws the cards down once; the rest disables them, partly spent too', async () => {
      const recipient = `cards-${dialect}@example.com`;
      const buyer = await visitorWithCart(server, 'gift-card', 'GIFT-25', 2);
      const placed = await buyer.post(
        '/api/checkout/orders',
        stripeOrderBody({ email: 'giver@example.com', giftCardRecipientEmail: recipient }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = String(placed.body.redirect).slice(`${fake.url}/pay/`.length);
      await fake.pay(sessionId);
      const orderId = String(placed.body.order.id);
      const due = (await orderRow(server, orderId)).amount_due_cents;
      const intent = fake.sessions.get(sessionId)!.payment_intent!;
      expect((await cardsOf(orderId)).map((c) => c.balance_cents)).toEqual([2500, 2500]);
      const codes = await codesFor(recipient);
      expect(codes).toHaveLength(2);

      // One card is partly spent on another order, paid by test card for the rest.
      const spender = await visitorWithCart(server, 'sticker-pack', 'STICKERS-BOT', 1);
      const spent = await spender.post('/api/checkout/orders', cardOrder({ giftCardCode: codes[0] }));
      expect(spent.status, JSON.stringify(spent.body)).toBe(201);
      const afterSpend = await cardsOf(orderId);
      const used = afterSpend.find((c) => c.balance_cents < 2500)!;
      expect(used).toBeDefined();
      const fresh = afterSpend.find((c) => c.id !== used.id)!;

      // 10.00 back from the dashboard, its two events three times each at once: drawn down once, oldest card first.
      const part = await fake.refundFromDashboard(intent, { amount: 1000, hold: true });
      const ids = part.events.map((e) => e.id);
      expect(
        (await Promise.all([...ids, ...ids, ...ids].map((id) => fake.redeliver(id)))).every((s) => s === 200),
      ).toBe(true);
      const drawn = await cardsOf(orderId);
      const total = (cards: { balance_cents: number }[]) => cards.reduce((sum, c) => sum + c.balance_cents, 0);
      expect(total(drawn)).toBe(total(afterSpend) - 1000);
      expect(drawn.every((c) => c.disabled_at === null)).toBe(true);
      expect(drawn[0]!.balance_cents).toBe(Math.max(0, afterSpend[0]!.balance_cents - 1000));

      // The rest from the dashboard: the order is refunded in full and both cards are disabled.
      const rest = await fake.refundFromDashboard(intent, { hold: true });
      const restIds = rest.events.map((e) => e.id);
      expect(
        (await Promise.all([...restIds, ...restIds, ...restIds].map((id) => fake.redeliver(id)))).every(
          (s) => s === 200,
        ),
      ).toBe(true);
      expect(await orderRow(server, orderId)).toMatchObject({ payment_status: 'refunded', refunded_cents: due });
      const disabled = await cardsOf(orderId);
      expect(disabled.every((c) => c.disabled_at !== null)).toBe(true);
      // Balances are left as they were (the owner sees what each card still held); nothing more drawn.
      expect(total(disabled)).toBe(total(drawn));
      for (const code of codes) expect(await worth(code)).toBe(0);
      const visitor = await visitorWithCart(server, 'sticker-pack', 'STICKERS-BOT', 1);
      const refused = await visitor.post('/api/checkout/orders', cardOrder({ giftCardCode: codes[1] }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(CHECKOUT_MESSAGES.giftCardNotFound);
      expect(fresh.id).not.toBe(used.id);
    });

    /** An order of two $25 gift cards paid on Stripe's page; answers it, its intent, its due amount and the codes. */
    async function boughtCards(recipient: string) {
      const buyer = await visitorWithCart(server, 'gift-card', 'GIFT-25', 2);
      const placed = await buyer.post(
        '/api/checkout/orders',
        stripeOrderBody({ email: 'giver@example.com', giftCardRecipientEmail: recipient }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = String(placed.body.redirect).slice(`${fake.url}/pay/`.length);
      await fake.pay(sessionId);
      const orderId = String(placed.body.order.id);
      const due = (await orderRow(server, orderId)).amount_due_cents;
      return { orderId, due, intent: fake.sessions.get(sessionId)!.payment_intent!, codes: await codesFor(recipient) };
    }
    const state = async (orderId: string) =>
      (await cardsOf(orderId)).map((c) => ({ balance: c.balance_cents, disabled: c.disabled_at !== null }));
    /** Every delivery at once; answers their statuses. */
    const allAtOnce = (ids: string[]) => Promise.all(ids.map((id) => fake.redeliver(id)));

    it('a refund that fails gives the cards back what it took, once, whatever arrives at once', async () => {
      const { orderId, due, intent, codes } = await boughtCards(`failing-${dialect}@example.com`);
      // 10.00 back, drawing the oldest card down; then the rest, disabling both.
      const part = await fake.refundFromDashboard(intent, { amount: 1000 });
      const rest = await fake.refundFromDashboard(intent);
      expect([...part.statuses, ...rest.statuses].every((s) => s === 200)).toBe(true);
      expect(await state(orderId)).toEqual([
        { balance: 1500, disabled: true },
        { balance: 2500, disabled: true },
      ]);
      // The rest fails: refund.failed four times and its older events, all at once. The cards are
      // enabled again with the balances the partial refund left; nothing drawn is given back twice.
      const failed = await fake.failRefund(rest.refund.id, { hold: true });
      const ids = [...Array(4).fill(failed.event.id), ...rest.events.map((e) => e.id)];
      expect(await allAtOnce(ids)).toEqual(ids.map(() => 200));
      expect(await orderRow(server, orderId)).toMatchObject({ payment_status: 'paid', refunded_cents: 1000 });
      expect(await state(orderId)).toEqual([
        { balance: 1500, disabled: false },
        { balance: 2500, disabled: false },
      ]);
      expect(await worth(codes[0]!)).toBeGreaterThan(0);
      // The partial refund fails too, its event three times at once: its 10.00 is back on the card, once.
      const partFailed = await fake.failRefund(part.refund.id, { hold: true });
      expect(await allAtOnce([partFailed.event.id, partFailed.event.id, partFailed.event.id])).toEqual([200, 200, 200]);
      expect(await orderRow(server, orderId)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });
      expect(await state(orderId)).toEqual([
        { balance: 2500, disabled: false },
        { balance: 2500, disabled: false },
      ]);
      // Later deliveries change nothing; refunded again in full, the cards are disabled again.
      expect(await allAtOnce([failed.event.id, partFailed.event.id, ...part.events.map((e) => e.id)])).toEqual([
        200, 200, 200, 200,
      ]);
      expect((await state(orderId)).map((c) => c.balance)).toEqual([2500, 2500]);
      const again = await fake.refundFromDashboard(intent);
      expect(again.statuses.every((s) => s === 200)).toBe(true);
      expect(await orderRow(server, orderId)).toMatchObject({ payment_status: 'refunded', refunded_cents: due });
      expect((await state(orderId)).every((c) => c.disabled)).toBe(true);
    });

    it("the owner's refund from Orders failing at Stripe enables the cards it disabled, once", async () => {
      const { orderId, codes } = await boughtCards(`owner-failing-${dialect}@example.com`);
      const owner = await ownerSession(server, OWNERS.storeManager);
      const refund = await owner.post(`/api/config/orders/${orderId}/refund`, {});
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await fake.idle();
      expect((await state(orderId)).every((c) => c.disabled)).toBe(true);
      for (const code of codes) expect(await worth(code)).toBe(0);
      const failed = await fake.failRefund(refund.body.reference, { hold: true });
      expect(await allAtOnce([failed.event.id, failed.event.id, failed.event.id])).toEqual([200, 200, 200]);
      expect(await state(orderId)).toEqual([
        { balance: 2500, disabled: false },
        { balance: 2500, disabled: false },
      ]);
      for (const code of codes) expect(await worth(code)).toBeGreaterThan(0);
    });
  });
}
