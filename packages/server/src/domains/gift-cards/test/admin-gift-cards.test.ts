import { randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { giftCardHash } from '../gift-card-codes.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const CARDS = '/api/config/gift-cards';
const CODE = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

async function shopper(server: TestServer): Promise<Visitor> {
  const visitor = Visitor.of(server);
  const added = await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

for (const dialect of DIALECTS) {
  describe(`gift cards admin (${dialect})`, () => {
    const suite = suiteServer(
      dialect,
      { manager: OWNERS.storeManager, editor: OWNERS.editor },
      { rateLimit: { max: 100_000, timeWindowMs: 60_000 } },
    );

    it('issues a card by hand: the code is answered once, mailed, and stored only as a hash', async () => {
      expect((await Visitor.of(suite.server).request('GET', CARDS)).status).toBe(401);
      expect((await suite.editor.request('GET', CARDS)).status).toBe(403);
      expect(
        (await suite.editor.request('POST', CARDS, { body: { amountCents: 500, recipientEmail: 'a@b.co' } })).status,
      ).toBe(403);

      const issued = await suite.manager.request('POST', CARDS, {
        body: { amountCents: 2500, recipientEmail: 'Lucky@Example.com', note: 'Thanks for the help!' },
      });
      expect(issued.status, JSON.stringify(issued.body)).toBe(201);
      const { code, giftCard, mailed } = issued.body;
      expect(code).toMatch(CODE);
      expect(mailed).toBe(true);
      expect(giftCard).toMatchObject({
        code: `••••-••••-••••-${code.slice(-4)}`,
        last4: code.slice(-4),
        currency: 'USD',
        initialCents: 2500,
        balanceCents: 2500,
        recipientEmail: 'lucky@example.com',
        issuedBy: 'sm@owners.test',
        status: 'active',
        orderId: null,
      });
      const row = await suite.server.db
        .selectFrom('gift_cards')
        .selectAll()
        .where('id', '=', giftCard.id)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).toBe(giftCardHash(code));
      expect(JSON.stringify(row)).not.toContain(code);
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'lucky@example.com')
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain(code);
      expect(mail.text_body).toContain('$25.00');
      expect(mail.text_body).toContain('Thanks for the help!');

      // The list never shows the code again.
      const list = await suite.manager.request('GET', CARDS);
      expect(list.status).toBe(200);
      expect(list.body.currency).toBe('USD');
      const listed = list.body.giftCards.find((c: { id: string }) => c.id === giftCard.id);
      expect(listed).toMatchObject({ code: giftCard.code, status: 'active' });
      expect(JSON.stringify(list.body)).not.toContain(code);
    });

    it('refuses bad input with a message per field', async () => {
      const zero = await suite.manager.request('POST', CARDS, {
        body: { amountCents: 0, recipientEmail: 'x@example.com' },
      });
      expect(zero.status).toBe(400);
      expect(zero.body.message).toContain('amountCents: The amount must be more than zero.');
      const email = await suite.manager.request('POST', CARDS, {
        body: { amountCents: 100, recipientEmail: 'nobody' },
      });
      expect(email.status).toBe(400);
      expect(email.body.message).toContain('recipientEmail: Enter an email address such as name@example.com.');
      const huge = await suite.manager.request('POST', CARDS, {
        body: { amountCents: 1.5, recipientEmail: 'x@example.com' },
      });
      expect(huge.status).toBe(400);
      expect((await suite.manager.request('GET', `${CARDS}?status=lost`)).status).toBe(400);
      expect((await suite.manager.request('GET', `${CARDS}?cursor=nonsense`)).body.message).toBe(
        'cursor: This page cursor is not valid.',
      );
      const unknown = await suite.manager.request('POST', `${CARDS}/nope/disable`, { body: {} });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('That gift card does not exist.');
    });

    it('disables a card so checkout refuses its code, and enables it again', async () => {
      const issued = await suite.manager.request('POST', CARDS, {
        body: { amountCents: 300, recipientEmail: 'spender@example.com', sendEmail: false },
      });
      expect(issued.status).toBe(201);
      expect(issued.body.mailed).toBe(false);
      const { code, giftCard } = issued.body;

      const visitor = await shopper(suite.server);
      const quote = async () =>
        (await visitor.request('POST', '/api/checkout/quote', { body: { giftCardCode: code } })).body;
      expect((await quote()).shoppingCart.giftCardCents).toBe(300);

      const disabled = await suite.manager.request('POST', `${CARDS}/${giftCard.id}/disable`, { body: {} });
      expect(disabled.status).toBe(200);
      expect(disabled.body.giftCard).toMatchObject({ status: 'disabled', balanceCents: 300 });
      expect(disabled.body.giftCard.disabledAt).toBeTruthy();
      expect((await quote()).shoppingCart.giftCardCents).toBe(0);
      const refused = await visitor.request('POST', '/api/checkout/orders', {
        body: cardOrder({ email: 'spender@example.com', name: 'Sam Spender', giftCardCode: code }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(CHECKOUT_MESSAGES.giftCardNotFound);

      const filtered = await suite.manager.request('GET', `${CARDS}?status=disabled`);
      expect(filtered.body.giftCards.map((c: { id: string }) => c.id)).toEqual([giftCard.id]);

      const enabled = await suite.manager.request('POST', `${CARDS}/${giftCard.id}/enable`, { body: {} });
      expect(enabled.body.giftCard).toMatchObject({ status: 'active', disabledAt: null });
      expect((await quote()).shoppingCart.giftCardCents).toBe(300);
    });

    it('finds cards by the last four characters or the recipient, a page at a time', async () => {
      const made: { id: string; code: string }[] = [];
      for (const who of ['page-a@example.com', 'page-b@example.com', 'page-c@example.com']) {
        const issued = await suite.manager.request('POST', CARDS, {
          body: { amountCents: 1000, recipientEmail: who, sendEmail: false },
        });
        made.push({ id: issued.body.giftCard.id, code: issued.body.code });
      }
      const byLast4 = await suite.manager.request('GET', `${CARDS}?q=${made[1]!.code.slice(-4).toLowerCase()}`);
      expect(byLast4.body.giftCards.map((c: { id: string }) => c.id)).toContain(made[1]!.id);
      const byEmail = await suite.manager.request('GET', `${CARDS}?q=PAGE-`);
      expect(byEmail.body.giftCards).toHaveLength(3);
      // `_` is a literal character, not a wildcard.
      expect((await suite.manager.request('GET', `${CARDS}?q=page_a`)).body.giftCards).toHaveLength(0);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: { body: { giftCards: { id: string }[]; nextPageCursor: string | null; hasNextPage: boolean } } =
          await suite.manager.request('GET', `${CARDS}?q=page-&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(answer.body.giftCards.length).toBeLessThanOrEqual(2);
        seen.push(...answer.body.giftCards.map((c) => c.id));
        cursor = answer.body.hasNextPage ? answer.body.nextPageCursor : null;
      } while (cursor);
      expect(seen.sort()).toEqual(made.map((m) => m.id).sort());
    });

    it('lists a card bought at checkout with its order number', async () => {
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'gift-card', sku: 'GIFT-25', quantity: 1 });
      const placed = await visitor.request('POST', '/api/checkout/orders', {
        body: {
          idempotencyKey: randomUUID(),
          email: 'giver@example.com',
          giftCardRecipientEmail: 'bought-for@example.com',
          paymentMethod: 'card',
          cardNumber: '4242 4242 4242 4242',
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const list = await suite.manager.request('GET', `${CARDS}?q=bought-for`);
      expect(list.body.giftCards).toHaveLength(1);
      expect(list.body.giftCards[0]).toMatchObject({
        orderId: placed.body.order.id,
        orderNumber: placed.body.order.orderNumber,
        issuedBy: null,
        initialCents: 2500,
      });
    });
  });
}
