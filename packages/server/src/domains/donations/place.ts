import { type DonationInterval, type DonationNameDisplay, ProductType } from '@tessera/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { hostedHoldUntil, type HostedProviderId, pendingHostedCharge, recordHostedSession } from '../payments/index.js';
import { newCancelSecret } from './cancel-token.js';

// Placing a donation: an order with one donation line, its pending provider charge and hosted
// session row (what the checkout writes for an order paid on the provider's page), and the
// donation itself, in one transaction. The hosted flow then opens the provider's page and settles
// the order exactly once; nothing here can mark it paid.

/** The donation line's item and SKU: no product, so no stock is taken or returned. */
export const DONATION_ITEM = { itemId: 'donation', sku: 'donation' } as const;

export interface DonationInput {
  siteId: string;
  blockId: string;
  provider: HostedProviderId;
  amountCents: number;
  currency: string;
  interval: DonationInterval;
  email: string;
  name: string;
  nameDisplay: DonationNameDisplay;
  note: string | null;
}

export type NextOrderNumber = (trx: Transaction<Database>, siteId: string) => Promise<number>;

export const donationLineTitle = (interval: DonationInterval) =>
  interval === 'month' ? 'Monthly donation' : interval === 'year' ? 'Yearly donation' : 'Donation';

/** Writes the order, its line, charge and session row, and the donation; answers both ids. */
export async function placeDonation(
  db: Kysely<Database>,
  nextOrderNumber: NextOrderNumber,
  input: DonationInput,
): Promise<{ orderId: string; donationId: string }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const orderId = newId();
    const donationId = newId();
    const heldUntil = await hostedHoldUntil(trx, input.siteId, now);
    const amount = input.amountCents;
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        site_id: input.siteId,
        order_number: await nextOrderNumber(trx, input.siteId),
        cart_id: null,
        site_user_id: null,
        customer_email: input.email,
        customer_name: input.name,
        shipping_address: null,
        currency: input.currency,
        subtotal_cents: amount,
        discount_cents: 0,
        shipping_cents: 0,
        tax_cents: 0,
        grand_total_cents: amount,
        gift_card_cents: 0,
        amount_due_cents: amount,
        refunded_cents: 0,
        shipping_option: null,
        coupons: '[]',
        tax_lines: '[]',
        status: 'received',
        payment_status: 'pending',
        fulfillment_status: 'fulfilled',
        subscription_id: null,
        stock_held_until: heldUntil,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('order_lines')
      .values({
        id: newId(),
        order_id: orderId,
        item_id: DONATION_ITEM.itemId,
        sku: DONATION_ITEM.sku,
        title: donationLineTitle(input.interval),
        attributes: '{}',
        product_type: ProductType.SERVICE,
        quantity: 1,
        unit_price_cents: amount,
        line_total_cents: amount,
        additional_fields: null,
      })
      .execute();
    await trx
      .insertInto('payments')
      .values(pendingHostedCharge(orderId, input.provider, amount, now))
      .execute();
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await recordHostedSession(trx, order, input.provider, null);
    if (input.interval !== 'once') {
      // Renewals charge the saved method off-session (`donation-payments.ts`): the provider must keep
      // it. A provider that renews by itself (PayPal) opens a subscription instead (`service.ts`).
      await trx.updateTable('hosted_sessions').set({ save_method: 1 }).where('order_id', '=', orderId).execute();
    }
    await trx
      .insertInto('donations')
      .values({
        id: donationId,
        site_id: input.siteId,
        order_id: orderId,
        block_id: input.blockId,
        provider: input.provider,
        amount_cents: amount,
        currency: input.currency,
        interval: input.interval,
        donor_email: input.email,
        donor_name: input.name,
        name_display: input.nameDisplay,
        note: input.note,
        status: 'pending',
        saved_reference: null,
        provider_subscription_id: null,
        next_charge_at: null,
        message: null,
        cancel_secret: newCancelSecret(),
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { orderId, donationId };
  });
}
