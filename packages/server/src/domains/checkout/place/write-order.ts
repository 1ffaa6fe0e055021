import type { Transaction } from 'kysely';
import type { CartEntry } from '../../cart/index.js';
import type { Database, OrderRow } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';
import { recordHostedSession } from '../../payments/index.js';
import { type enabledWebhookEndpoints, orderEventData, recordWebhookEvent } from '../../webhooks/index.js';
import type { TakenPayment } from './take-payment.js';
import type { SubscriptionPlan } from '@tessera/core';

/**
 * Step 8: the order, its outgoing webhook events (written with it, posted by the `webhooks` job,
 * issue 21), its payment row, the hosted payment session and the order lines.
 */
export async function writeOrder(
  trx: Transaction<Database>,
  row: OrderRow,
  entries: readonly CartEntry[],
  payment: TakenPayment,
  plan: SubscriptionPlan | undefined,
  webhookEndpoints: Awaited<ReturnType<typeof enabledWebhookEndpoints>>,
  now: string,
): Promise<void> {
  await trx.insertInto('orders').values(row).execute();
  const event = { siteId: row.site_id, data: orderEventData(row), now };
  await recordWebhookEvent(trx, { ...event, type: 'order.created' }, webhookEndpoints);
  if (row.payment_status === 'paid') await recordWebhookEvent(trx, { ...event, type: 'order.paid' }, webhookEndpoints);
  if (payment.paymentRow) await trx.insertInto('payments').values(payment.paymentRow).execute();
  if (payment.hosted) await recordHostedSession(trx, row, payment.hosted, plan ?? null);
  await trx
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
    .execute();
}
