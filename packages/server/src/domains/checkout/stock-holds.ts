import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { parseSiteSettings } from '../settings/index.js';
import { returnStockFor } from './stock.js';

/**
 * Stock held by unpaid orders (issue 15, finding 5). An order placed with its payment pending
 * ("pay later") takes its stock at once like any order, but only holds it until
 * `orders.stock_held_until`: the store setting `stockHoldMinutes` after it was placed (default 30).
 * The sweep below then cancels every order whose payment has still not succeeded and puts its
 * stock (and any gift-card amount it drew) back, exactly once.
 */

export const STOCK_HOLD_MINUTES = { default: 30, min: 5, max: 43_200 } as const;

/** `stockHoldMinutes` from the `store` object of the settings JSON, or the default. */
export function stockHoldMinutesOf(store: Record<string, unknown> | undefined): number {
  const value = store?.stockHoldMinutes;
  if (typeof value !== 'number' || !Number.isInteger(value)) return STOCK_HOLD_MINUTES.default;
  return Math.min(STOCK_HOLD_MINUTES.max, Math.max(STOCK_HOLD_MINUTES.min, value));
}

/** When a payment-pending order placed at `nowIso` on the site stops holding its stock. */
export async function stockHeldUntil(db: Kysely<Database>, siteId: string, nowIso: string): Promise<string> {
  const row = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
  const store = parseSiteSettings(row?.settings).store;
  return new Date(new Date(nowIso).getTime() + stockHoldMinutesOf(store) * 60_000).toISOString();
}

export interface ExpiredHold {
  orderId: string;
  siteId: string;
  orderNumber: number;
  customerEmail: string;
}

/** What an expired order is set to: cancelled, its payment expired. */
export const EXPIRED_ORDER = { status: 'cancelled', paymentStatus: 'expired' } as const;

export interface ReleaseOptions {
  /** Release even before the hold ends (the provider expired or refused the payment session). */
  beforeHoldEnds?: boolean;
  /** The order's payment status after release (default `expired`; `failed` when no session could open). */
  paymentStatus?: 'expired' | 'failed';
}

/**
 * Cancels one order whose hold ran out, if its payment is still pending. The conditional update
 * is the claim: of two sweeps, or a sweep and an owner marking the order paid (or a payment
 * provider's expiry webhook, `releaseHeldOrder`), exactly one changes the row, and only the one
 * that changed it puts the stock back.
 */
async function expireOne(
  db: Kysely<Database>,
  orderId: string,
  now: string,
  options: ReleaseOptions = {},
): Promise<ExpiredHold | undefined> {
  const paymentStatus = options.paymentStatus ?? EXPIRED_ORDER.paymentStatus;
  return db.transaction().execute(async (trx) => {
    let claim = trx
      .updateTable('orders')
      .set({
        status: EXPIRED_ORDER.status,
        payment_status: paymentStatus,
        stock_held_until: null,
        updated_at: now,
      })
      .where('id', '=', orderId)
      .where('payment_status', '=', 'pending')
      .where('status', '=', 'received');
    if (!options.beforeHoldEnds) claim = claim.where('stock_held_until', '<=', now);
    const claimed = await claim.executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'site_id', 'order_number', 'customer_email'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

    const lines = await trx
      .selectFrom('order_lines')
      .select(['item_id', 'sku', 'quantity', 'product_type'])
      .where('order_id', '=', orderId)
      .orderBy('item_id')
      .orderBy('sku')
      .execute();
    for (const line of lines) {
      await returnStockFor(trx, line.product_type, { itemId: line.item_id, sku: line.sku, quantity: line.quantity });
    }

    // A gift card that paid part of the order gets that amount back.
    const redemptions = await trx
      .selectFrom('gift_card_redemptions')
      .select(['id', 'gift_card_id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .execute();
    for (const redemption of redemptions) {
      await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', redemption.amount_cents), updated_at: now }))
        .where('id', '=', redemption.gift_card_id)
        .execute();
      await trx.deleteFrom('gift_card_redemptions').where('id', '=', redemption.id).execute();
    }

    await trx
      .updateTable('payments')
      .set({ status: paymentStatus })
      .where('order_id', '=', orderId)
      .where('kind', '=', 'charge')
      .where('status', '=', 'pending')
      .execute();
    // A subscription whose first order was never paid does not renew.
    await trx
      .updateTable('subscriptions')
      .set({ status: 'cancelled', next_billing_at: null, updated_at: now })
      .where('first_order_id', '=', orderId)
      .where('status', '=', 'active')
      .execute();
    return {
      orderId,
      siteId: order.site_id,
      orderNumber: order.order_number,
      customerEmail: order.customer_email,
    };
  });
}

/** Releases one payment-pending order now (same claim as the sweep): answers it if this call released it. */
export function releaseHeldOrder(
  db: Kysely<Database>,
  orderId: string,
  options: Omit<ReleaseOptions, 'beforeHoldEnds'> = {},
  at: Date = new Date(),
): Promise<ExpiredHold | undefined> {
  return expireOne(db, orderId, at.toISOString(), { ...options, beforeHoldEnds: true });
}

/**
 * The sweep: cancels every payment-pending order whose stock hold ended at or before `at` and
 * answers the orders it cancelled (not those another sweep or a payment got to first).
 */
export async function expireStockHolds(db: Kysely<Database>, at: Date = new Date()): Promise<ExpiredHold[]> {
  const now = at.toISOString();
  const expired: ExpiredHold[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < 1000; round++) {
    const due = await db
      .selectFrom('orders')
      .select('id')
      .where('stock_held_until', '<=', now)
      .where('payment_status', '=', 'pending')
      .where('status', '=', 'received')
      .orderBy('stock_held_until')
      .orderBy('id')
      .limit(100)
      .execute();
    const fresh = due.filter((row) => !seen.has(row.id));
    if (fresh.length === 0) break;
    for (const { id } of fresh) {
      seen.add(id);
      const outcome = await expireOne(db, id, now);
      if (outcome) expired.push(outcome);
    }
  }
  return expired;
}

/** The customer's mail about an order cancelled because its payment did not arrive in time. */
export function expiredOrderMail(hold: ExpiredHold): { to: string; subject: string; text: string } {
  return {
    to: hold.customerEmail,
    subject: `Order cancelled: #${hold.orderNumber}`,
    text: [
      `Your order #${hold.orderNumber} was cancelled because its payment did not arrive in time.`,
      'The items were released. You are welcome to place the order again.',
    ].join('\n'),
  };
}
