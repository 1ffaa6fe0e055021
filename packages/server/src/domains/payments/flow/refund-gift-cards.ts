import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * What a refund of an order takes back from the gift cards the order bought: one rule, applied in
 * the transaction that records the refund, whoever made it — the owner from Orders
 * (`checkout/refunds.ts`, where the refund is claimed before the provider is asked, and put back if it
 * refuses) or the provider's dashboard, told by webhook (`provider-refunds.ts`).
 *
 * - A refund that completes the order's refund disables every card of the order still enabled,
 *   unspent or partly spent: its remaining balance can no longer be spent. What was already spent
 *   from a card stays spent (it paid for another order); the owner sees each card's balance at the
 *   time in the refund's answer and in Gift cards. Chosen over leaving a partly spent card usable:
 *   the money it was bought with went back in full, so nothing of it should stay spendable.
 * - A partial refund draws the cards down by the amount refunded, oldest card first, as far as
 *   their balances go (a card spent to zero is left as it is).
 * - Cards the owner issued by hand (`issued_by`) are never touched, nor cards already disabled, so
 *   a second report of the same refund changes nothing (the refund itself is recorded once).
 */

/** What a refund did to a gift card the order bought. */
export interface RevokedGiftCard {
  id: string;
  last4: string;
  /** `disabled`: the order is refunded in full and the card refused from now on; `reduced`: drawn down. */
  action: 'disabled' | 'reduced';
  /** The card's balance after the refund. */
  balanceCents: number;
}

export interface GiftCardChange {
  card: RevokedGiftCard;
  drawnCents: number;
  disabledAt: string | null;
}

/**
 * Takes back what a refund gives back from the gift cards the order bought. A refund that completes
 * the order's refund disables every card of the order that is still enabled (its remaining balance
 * can no longer be spent); a partial refund draws the cards down by the refunded amount, oldest
 * card first, as far as their balances go.
 */
export async function revokeGiftCards(
  trx: Kysely<Database>,
  orderId: string,
  amountCents: number,
  full: boolean,
  now: string,
): Promise<GiftCardChange[]> {
  let query = trx
    .selectFrom('gift_cards')
    .select(['id', 'last4', 'balance_cents'])
    .where('order_id', '=', orderId)
    .where('issued_by', 'is', null)
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const cards = await query.execute();
  const changes: GiftCardChange[] = [];
  let left = amountCents;
  for (const card of cards) {
    if (full) {
      await trx
        .updateTable('gift_cards')
        .set({ disabled_at: now, updated_at: now })
        .where('id', '=', card.id)
        .execute();
      changes.push({
        card: { id: card.id, last4: card.last4, action: 'disabled', balanceCents: card.balance_cents },
        drawnCents: 0,
        disabledAt: now,
      });
      continue;
    }
    const drawn = Math.min(card.balance_cents, left);
    if (drawn <= 0) continue;
    await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', drawn), updated_at: now }))
      .where('id', '=', card.id)
      .execute();
    left -= drawn;
    changes.push({
      card: { id: card.id, last4: card.last4, action: 'reduced', balanceCents: card.balance_cents - drawn },
      drawnCents: drawn,
      disabledAt: null,
    });
  }
  return changes;
}

/** Puts the gift cards back as they were when the provider refused the refund. */
export async function restoreGiftCards(
  db: Kysely<Database>,
  changes: readonly GiftCardChange[],
  now: string,
): Promise<void> {
  for (const change of changes) {
    if (change.disabledAt) {
      await db
        .updateTable('gift_cards')
        .set({ disabled_at: null, updated_at: now })
        .where('id', '=', change.card.id)
        .where('disabled_at', '=', change.disabledAt)
        .execute();
    } else if (change.drawnCents > 0) {
      await db
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', change.drawnCents), updated_at: now }))
        .where('id', '=', change.card.id)
        .execute();
    }
  }
}

export function giftCardNote(cards: RevokedGiftCard[]): string {
  const disabled = cards.filter((c) => c.action === 'disabled').length;
  const reduced = cards.filter((c) => c.action === 'reduced').length;
  const parts: string[] = [];
  if (disabled) parts.push(`${disabled} gift card${disabled === 1 ? '' : 's'} of this order disabled`);
  if (reduced) parts.push(`${reduced} gift card${reduced === 1 ? '' : 's'} of this order drawn down`);
  return parts.length ? ` ${parts.join('; ')}.` : '';
}
