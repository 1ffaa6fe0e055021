import {
  type CheckoutTotals,
  computeCheckoutTotals,
  productTypeOf,
  type ShippingOption,
  type TaxRule,
} from '@tessera/core';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { loadProducts } from '../content/index.js';
import type { Database, SubscriptionsTable } from '../../platform/db/schema.js';
import { takeStockFor } from '../checkout/index.js';
import { renewalOrderId } from './hosted-renewal.js';

/**
 * The first step of a renewal (issue 20): in one short transaction, the cycle is claimed, its stock
 * taken and what it will charge written on its row (`subscription_cycles.charge`, status
 * `charging`). The provider is asked after that transaction commits (`renewal-record.ts`), so no
 * database connection, stock row or subscription row is held while the provider answers; a crash
 * before the outcome is written leaves the cycle `charging`, and the recovery asks again with the
 * same key and the same amount, which the row keeps.
 */

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** What a claimed cycle charges and orders, fixed at the claim. */
export interface CycleCharge {
  /** Failed hosted attempts of this cycle before this one (the idempotency key and order id count it). */
  attempts: number;
  orderId: string;
  currency: string;
  unitCents: number;
  /** `productTypeOf` the product, for the stock rule. */
  stockType: number | undefined;
  line: { title: string; attributes: string; productType: number };
  totals: Pick<
    CheckoutTotals,
    | 'subtotalCents'
    | 'discountCents'
    | 'shippingCostCents'
    | 'taxCents'
    | 'taxLines'
    | 'grandTotalCents'
    | 'amountDueCents'
  >;
}

/** A cycle claimed for charging: its row says `charging` since `claimedAt`. */
export interface ClaimedCycle {
  subscriptionId: string;
  cycle: number;
  dueAt: string;
  claimedAt: string;
  charge: CycleCharge;
  /** Taken over by the recovery: this attempt's charge may have been asked for before the crash. */
  recovered?: true;
}

/** A claim that ended in the claim's own transaction: the product or its stock is gone. */
export interface ClaimEnded {
  subscriptionId: string;
  cycle: number;
  status: 'out-of-stock';
  orderId: null;
}

/**
 * Claims cycle `cycle` of `sub` (its row written already, `pending` or waiting for a retry): takes
 * the stock and writes what the charge will be; or ends the cycle `out-of-stock`.
 */
export async function claimCycleCharge(
  trx: Transaction<Database>,
  sub: SubscriptionRow,
  cycle: { cycle: number; dueAt: string; attempts: number },
  now: string,
): Promise<ClaimedCycle | ClaimEnded> {
  const first = await trx.selectFrom('orders').selectAll().where('id', '=', sub.first_order_id).executeTakeFirst();
  const product = (await loadProducts(trx, sub.site_id, [sub.item_id], first?.currency ?? 'USD')).get(sub.item_id);
  const variant = product?.structuredContent.variants.find((v) => v.sku === sub.sku);
  const stockType = product ? productTypeOf(product) : undefined;
  const stockLine = { itemId: sub.item_id, sku: sub.sku, quantity: sub.quantity };
  if (!first || !product || !variant || !(await takeStockFor(trx, stockType, stockLine))) {
    await setCycle(trx, sub.id, cycle.cycle, { status: 'out-of-stock', order_id: null });
    return { subscriptionId: sub.id, cycle: cycle.cycle, status: 'out-of-stock', orderId: null };
  }
  const unitCents = variant.onSale ? variant.salePrice : variant.price;
  const shipping = first.shipping_option ? (JSON.parse(first.shipping_option) as ShippingOption) : null;
  const taxRules = (
    JSON.parse(first.tax_lines) as { id: string; name: string; rateBasisPoints: number; taxShipping?: boolean }[]
  ).map((t): TaxRule => ({ ...t, taxShipping: t.taxShipping ?? true }));
  const totals = computeCheckoutTotals({
    lines: [{ quantity: sub.quantity, unitPriceCents: unitCents }],
    shipping,
    taxRules,
  });
  const charge: CycleCharge = {
    attempts: cycle.attempts,
    // The same id whenever this attempt runs (hosted-renewal.ts): the charge's metadata names it.
    orderId: renewalOrderId(sub, cycle.cycle, cycle.attempts),
    currency: first.currency,
    unitCents,
    stockType,
    line: {
      title: product.title,
      attributes: JSON.stringify(variant.attributes),
      productType: product.structuredContent.productType,
    },
    totals: {
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCostCents: totals.shippingCostCents,
      taxCents: totals.taxCents,
      taxLines: totals.taxLines,
      grandTotalCents: totals.grandTotalCents,
      amountDueCents: totals.amountDueCents,
    },
  };
  await setCycle(trx, sub.id, cycle.cycle, { status: 'charging', charge: JSON.stringify(charge), claimed_at: now });
  return { subscriptionId: sub.id, cycle: cycle.cycle, dueAt: cycle.dueAt, claimedAt: now, charge };
}

function setCycle(
  trx: Transaction<Database>,
  subscriptionId: string,
  cycle: number,
  changes: { status: string; order_id?: null; charge?: string; claimed_at?: string },
) {
  return trx
    .updateTable('subscription_cycles')
    .set(changes)
    .where('subscription_id', '=', subscriptionId)
    .where('cycle', '=', cycle)
    .execute();
}

/**
 * Cycles left `charging` since before `before` (a process that died between its claim and its
 * outcome), oldest first. The status is written out, not bound, so the planners use the partial
 * index of such rows (migration 0043).
 */
export function staleChargingCycles(db: Kysely<Database>, before: string) {
  return db
    .selectFrom('subscription_cycles')
    .select(['id', 'subscription_id', 'cycle', 'due_at', 'claimed_at', 'charge'])
    .where('status', '=', sql.lit('charging'))
    .where('claimed_at', '<=', before)
    .orderBy('claimed_at')
    .limit(20)
    .execute();
}
