import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';

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
 * - What a refund took is written down against its `payments` row (`refund_gift_cards`, migration
 *   0040). A refund the provider later reports as failed gives back exactly that, in the transaction
 *   that stops it counting (`provider-refund-failures.ts`): each draw added back to its card, each
 *   card it disabled enabled again unless it was disabled or re-enabled since. Once: each row is
 *   claimed by a conditional update of its `restored_at`. Cards stay as they are otherwise: a draw given
 *   back to a card a later full refund disabled raises its balance, and the card stays disabled.
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

/** Writes down, against the refund's `payments` row, what the refund took from each card. */
export async function recordGiftCardTakes(
  trx: Kysely<Database>,
  refundId: string,
  changes: readonly GiftCardChange[],
  now: string,
): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('refund_gift_cards')
    .values(
      changes.map((change) => ({
        id: newId(),
        refund_id: refundId,
        gift_card_id: change.card.id,
        drawn_cents: change.drawnCents,
        disabled_at: change.disabledAt,
        restored_at: null,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Gives back what a refund that failed took from the order's gift cards (its `refund_gift_cards`
 * rows), once each; answers how many cards it gave something back to. Runs in the transaction that
 * moves the refund's row to `failed`.
 */
export async function returnGiftCardTakes(trx: Kysely<Database>, refundId: string, now: string): Promise<number> {
  const takes = await trx
    .selectFrom('refund_gift_cards')
    .select(['id', 'gift_card_id', 'drawn_cents', 'disabled_at'])
    .where('refund_id', '=', refundId)
    .where('restored_at', 'is', null)
    .orderBy('id')
    .execute();
  let returned = 0;
  for (const take of takes) {
    const claimed = await trx
      .updateTable('refund_gift_cards')
      .set({ restored_at: now })
      .where('id', '=', take.id)
      .where('restored_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    returned++;
    await giveBack(trx, take.gift_card_id, take.drawn_cents, take.disabled_at, now);
  }
  return returned;
}

/** Gives one card back what a refund took: a draw added back, or the card enabled again if still disabled by it. */
async function giveBack(
  db: Kysely<Database>,
  cardId: string,
  drawnCents: number,
  disabledAt: string | null,
  now: string,
): Promise<void> {
  if (disabledAt) {
    await db
      .updateTable('gift_cards')
      .set({ disabled_at: null, updated_at: now })
      .where('id', '=', cardId)
      .where('disabled_at', '=', disabledAt)
      .execute();
  } else if (drawnCents > 0) {
    await db
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', drawnCents), updated_at: now }))
      .where('id', '=', cardId)
      .execute();
  }
}

/** Puts the gift cards back as they were when the provider refused the refund. */
export async function restoreGiftCards(
  db: Kysely<Database>,
  changes: readonly GiftCardChange[],
  now: string,
): Promise<void> {
  for (const change of changes) await giveBack(db, change.card.id, change.drawnCents, change.disabledAt, now);
}

export function giftCardNote(cards: RevokedGiftCard[]): string {
  const disabled = cards.filter((c) => c.action === 'disabled').length;
  const reduced = cards.filter((c) => c.action === 'reduced').length;
  const parts: string[] = [];
  if (disabled) parts.push(`${disabled} gift card${disabled === 1 ? '' : 's'} of this order disabled`);
  if (reduced) parts.push(`${reduced} gift card${reduced === 1 ? '' : 's'} of this order drawn down`);
  return parts.length ? ` ${parts.join('; ')}.` : '';
}
