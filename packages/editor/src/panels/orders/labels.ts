// Words for the order states the API answers, and dates in the owner's locale.

const PAYMENT: Record<string, string> = { paid: 'Paid', pending: 'Payment pending', refunded: 'Refunded' };
const FULFILLMENT: Record<string, string> = { pending: 'Unfulfilled', fulfilled: 'Fulfilled' };

export function paymentLabel(order: { paymentStatus: string; refundedCents: number }): string {
  if (order.paymentStatus !== 'refunded' && order.refundedCents > 0) return 'Partly refunded';
  return PAYMENT[order.paymentStatus] ?? order.paymentStatus;
}

export function fulfillmentLabel(status: string): string {
  return FULFILLMENT[status] ?? status;
}

export function showDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
