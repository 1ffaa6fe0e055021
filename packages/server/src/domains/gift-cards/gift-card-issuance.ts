import { moneyText, ProductType } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import type { OrderMail } from '../checkout/index.js';
import { giftCardHash, newGiftCardCode } from './gift-card-codes.js';

/** A gift card an order's payment issued: the answer of "mark paid" lists them (never the code). */
export interface IssuedGiftCard {
  id: string;
  last4: string;
  balanceCents: number;
  recipientEmail: string;
  /** `issued`: a new card, its code mailed; `enabled`: a card held since before migration 0011, enabled again. */
  action: 'issued' | 'enabled';
}

type IssuingOrder = Pick<OrderRow, 'id' | 'site_id' | 'currency' | 'customer_email' | 'gift_card_recipient'>;

const money = moneyText;

function giftCardMail(to: string, code: string, cents: number, currency: string, from: string): OrderMail {
  return {
    to,
    subject: 'You have received a gift card',
    text: [
      `${from} sent you a gift card worth ${money(cents, currency)}.`,
      '',
      `Your code: ${code}`,
      '',
      'Enter it at checkout. It never expires and can be used over several orders.',
    ].join('\n'),
  };
}

/**
 * Issues the gift cards an order bought: one card per unit of each gift card line, its code mailed
 * to the recipient. Call it only once the order's payment has succeeded, inside the transaction
 * that records that (placing a paid order, or an owner marking a pending order paid), so a card
 * exists only for money the store has. The caller makes sure it runs once per order (the order row
 * moves to paid with a conditional update); as a second guard an order that already has cards gets
 * no new ones (cards held by migration 0011 are enabled again).
 */
export async function issueOrderGiftCards(
  trx: Kysely<Database>,
  order: IssuingOrder,
  now: string,
): Promise<{ cards: IssuedGiftCard[]; mail: OrderMail[] }> {
  const existing = await trx
    .selectFrom('gift_cards')
    .select(['id', 'last4', 'balance_cents', 'recipient_email', 'disabled_at'])
    .where('order_id', '=', order.id)
    .where('issued_by', 'is', null)
    .execute();
  if (existing.length > 0) {
    await trx
      .updateTable('gift_cards')
      .set({ disabled_at: null, updated_at: now })
      .where('order_id', '=', order.id)
      .where('issued_by', 'is', null)
      .execute();
    return {
      cards: existing.map((c) => ({
        id: c.id,
        last4: c.last4,
        balanceCents: c.balance_cents,
        recipientEmail: c.recipient_email,
        action: 'enabled',
      })),
      mail: [],
    };
  }
  const lines = await trx
    .selectFrom('order_lines')
    .select(['quantity', 'unit_price_cents'])
    .where('order_id', '=', order.id)
    .where('product_type', '=', ProductType.GIFT_CARD)
    .orderBy('id')
    .execute();
  const recipient = order.gift_card_recipient || order.customer_email;
  const cards: IssuedGiftCard[] = [];
  const mail: OrderMail[] = [];
  for (const line of lines) {
    for (let i = 0; i < line.quantity; i++) {
      const code = newGiftCardCode();
      const id = newId();
      await trx
        .insertInto('gift_cards')
        .values({
          id,
          site_id: order.site_id,
          code_hash: giftCardHash(code),
          last4: code.slice(-4),
          currency: order.currency,
          initial_cents: line.unit_price_cents,
          balance_cents: line.unit_price_cents,
          order_id: order.id,
          recipient_email: recipient,
          created_at: now,
          updated_at: now,
        })
        .execute();
      cards.push({
        id,
        last4: code.slice(-4),
        balanceCents: line.unit_price_cents,
        recipientEmail: recipient,
        action: 'issued',
      });
      mail.push(giftCardMail(recipient, code, line.unit_price_cents, order.currency, order.customer_email));
    }
  }
  return { cards, mail };
}
