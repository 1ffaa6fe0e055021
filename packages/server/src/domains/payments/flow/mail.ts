import { formatMoney } from '@tessera/core';
import type { OrderMail } from '../../checkout/index.js';

/** The buyer's mail about a payment that arrived after their order was released, and was refunded. */
export function latePaymentRefundedMail(
  order: { order_number: number; customer_email: string; currency: string },
  amountCents: number,
): OrderMail {
  return {
    to: order.customer_email,
    subject: `Payment refunded: order #${order.order_number}`,
    text: [
      `Your payment for order #${order.order_number} arrived after the time we could hold your items, and they were released.`,
      `We refunded the full ${formatMoney(amountCents, order.currency)} to the way you paid; banks usually show it within a few days.`,
      'You are welcome to place the order again.',
    ].join('\n'),
  };
}

/** The buyer's mail about a payment the provider reported failed (a bank debit bounced, a capture denied). */
export function paymentFailedMail(order: { orderNumber: number; customerEmail: string }): OrderMail {
  return {
    to: order.customerEmail,
    subject: `Payment failed: order #${order.orderNumber}`,
    text: [
      `The payment for your order #${order.orderNumber} did not go through, so the order was cancelled and nothing was charged.`,
      'The items were released. You are welcome to place the order again and pay another way.',
    ].join('\n'),
  };
}
