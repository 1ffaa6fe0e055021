import { moneyText } from '@tessera/core';
import type { CartEntry } from '../cart/index.js';
import type { OrderRow } from '../../platform/db/schema.js';
import type { OrderMail } from './checkout-types.js';

/** Amounts in mail: core's currency table decides the digits (`moneyText`). */
const money = moneyText;

/** The order confirmation (or "received") mail; hosted payments send it when they settle. */
export function confirmationMail(
  order: OrderRow,
  entries: readonly Pick<CartEntry, 'quantity' | 'title' | 'subTotalCents'>[],
): OrderMail {
  const lines = entries.map((e) => `  ${e.quantity} × ${e.title} — ${money(e.subTotalCents, order.currency)}`);
  const pending = order.status === 'received';
  return {
    to: order.customer_email,
    subject: `${pending ? 'Order received' : 'Order confirmed'}: #${order.order_number}`,
    text: [
      `Thank you for your order #${order.order_number}.`,
      pending ? 'We will be in touch about payment.' : 'Your payment was received.',
      '',
      ...lines,
      '',
      `Subtotal: ${money(order.subtotal_cents, order.currency)}`,
      order.discount_cents ? `Discount: -${money(order.discount_cents, order.currency)}` : '',
      `Shipping: ${money(order.shipping_cents, order.currency)}`,
      `Tax: ${money(order.tax_cents, order.currency)}`,
      order.gift_card_cents ? `Gift card: -${money(order.gift_card_cents, order.currency)}` : '',
      `Total: ${money(order.grand_total_cents, order.currency)}`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}
