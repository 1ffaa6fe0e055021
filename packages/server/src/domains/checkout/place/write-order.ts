import type { CompiledQuery, Transaction } from 'kysely';
import type { CartEntry } from '../../cart/index.js';
import type { Database, OrderRow } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';
import { runTogether, writeAtCommit } from '../../../platform/db/together.js';
import { hostedSessionInsert } from '../../payments/index.js';
import { type enabledWebhookEndpoints, orderEventData, webhookEventInsert } from '../../webhooks/index.js';
import type { TakenPayment } from './take-payment.js';
import type { SubscriptionPlan } from '@tessera/core';

/**
 * Step 8: the order, its outgoing webhook events (written with it, posted by the `webhooks` job,
 * issue 21), its payment row, the hosted payment session and the order lines. One step on
 * PostgreSQL (issue 20): the order's row first, then the rows that refer to it, in that order;
 * with `last` (nothing after them in the transaction reads or refers to them) they go with the
 * commit (`writeAtCommit`), else together now (`runTogether`).
 */
export async function writeOrder(
  trx: Transaction<Database>,
  row: OrderRow,
  entries: readonly CartEntry[],
  payment: TakenPayment,
  plan: SubscriptionPlan | undefined,
  webhookEndpoints: Awaited<ReturnType<typeof enabledWebhookEndpoints>>,
  now: string,
  last: boolean,
): Promise<void> {
  const writes: CompiledQuery[] = [trx.insertInto('orders').values(row).compile()];
  const event = { siteId: row.site_id, data: orderEventData(row), now };
  const types =
    row.payment_status === 'paid' ? (['order.created', 'order.paid'] as const) : (['order.created'] as const);
  for (const type of types) {
    const insert = webhookEventInsert(trx, { ...event, type }, webhookEndpoints);
    if (insert) writes.push(insert.query);
  }
  if (payment.paymentRow) writes.push(trx.insertInto('payments').values(payment.paymentRow).compile());
  if (payment.hosted) writes.push(hostedSessionInsert(trx, row, payment.hosted, plan ?? null));
  writes.push(
    trx
      .insertInto('order_lines')
      .values(
        entries.map((e) => ({
          id: newId(),
          order_id: row.id,
          item_id: e.itemId,
          sku: e.chosenVariant.sku,
          title: e.title,
          attributes: JSON.stringify(e.chosenVariant.attributes),
          product_type: e.productType,
          quantity: e.quantity,
          unit_price_cents: e.purchasePriceCents,
          line_total_cents: e.subTotalCents,
          additional_fields: e.additionalFields,
        })),
      )
      .compile(),
  );
  if (last) await writeAtCommit(trx, writes);
  else await runTogether(trx, writes);
}
