import { ProductType } from '@tessera/core';
import type { Transaction } from 'kysely';
import type { CartRow, Database, OrderRow } from '../../../platform/db/schema.js';
import { hostedHoldUntil } from '../../payments/index.js';
import type { PlaceOrderInput, Priced } from '../checkout-types.js';
import { stockHeldUntil } from '../stock-holds.js';
import { nextOrderNumber } from './order-number.js';
import type { TakenPayment } from './take-payment.js';

export interface OrderFacts {
  siteId: string;
  orderId: string;
  cart: CartRow;
  input: PlaceOrderInput;
  email: string;
  recipient: string;
  priced: Priced;
  requiresShipping: boolean;
  payment: TakenPayment;
  subscriptionId: string | null;
  now: string;
}

/**
 * Step 7: the order row, numbered last (the counter row stays locked for the rest of the
 * transaction only), with the stock hold of an order whose payment is pending.
 */
export async function buildOrderRow(trx: Transaction<Database>, facts: OrderFacts): Promise<OrderRow> {
  const { siteId, priced, payment, now } = facts;
  const { totals } = priced;
  const orderNumber = await nextOrderNumber(trx, siteId);
  return {
    id: facts.orderId,
    site_id: siteId,
    order_number: orderNumber,
    cart_id: facts.cart.id,
    site_user_id: facts.input.siteUserId ?? null,
    customer_email: facts.email,
    customer_name: (facts.input.name ?? '').trim().slice(0, 200),
    shipping_address: facts.requiresShipping ? JSON.stringify(facts.input.shippingAddress) : null,
    currency: priced.site.currency,
    subtotal_cents: totals.subtotalCents,
    discount_cents: totals.discountCents,
    shipping_cents: totals.shippingCostCents,
    tax_cents: totals.taxCents,
    grand_total_cents: totals.grandTotalCents,
    gift_card_cents: totals.giftCardCents,
    amount_due_cents: totals.amountDueCents,
    refunded_cents: 0,
    shipping_option: priced.shippingOption ? JSON.stringify(priced.shippingOption) : null,
    coupons: JSON.stringify(priced.validCoupons),
    tax_lines: JSON.stringify(
      totals.taxLines.map((t) => ({
        ...t,
        taxShipping: priced.taxRules.find((rule) => rule.id === t.id)?.taxShipping ?? false,
      })),
    ),
    status: payment.status,
    payment_status: payment.paymentStatus,
    fulfillment_status: 'pending',
    subscription_id: facts.subscriptionId,
    fulfilled_at: null,
    stock_held_until: payment.hosted
      ? await hostedHoldUntil(trx, siteId, now)
      : payment.paymentStatus === 'pending'
        ? await stockHeldUntil(trx, siteId, now)
        : null,
    gift_card_recipient: priced.entries.some((e) => e.productType === ProductType.GIFT_CARD) ? facts.recipient : null,
    created_at: now,
    updated_at: now,
  };
}
