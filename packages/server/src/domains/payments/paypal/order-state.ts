import type { Order } from '@paypal/paypal-server-sdk';
import type { SessionState } from '../hosted.js';
import { fromPaypalAmount } from './amounts.js';

/**
 * A PayPal order (Orders v2) read as a hosted session. The order is "paid" only once its capture
 * has completed; a capture still pending (eCheck, review) leaves it open until PayPal's
 * PAYMENT.CAPTURE.COMPLETED event, and a declined capture makes it failed.
 */
export function sessionStateOf(order: Order): SessionState {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = unit?.amount;
  const state: SessionState = {
    sessionId: order.id ?? '',
    status: statusOf(order),
    orderId: unit?.customId ?? unit?.referenceId,
    amountCents: fromPaypalAmount(amount) ?? 0,
    currency: amount?.currencyCode ?? '',
  };
  if (capture?.id) state.paymentReference = capture.id;
  return state;
}

function statusOf(order: Order): SessionState['status'] {
  switch (order.status) {
    case 'APPROVED':
      return 'approved';
    case 'VOIDED':
      return 'expired';
    case 'COMPLETED': {
      const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
      const status = capture?.status;
      if (status === 'COMPLETED' || status === 'PARTIALLY_REFUNDED' || status === 'REFUNDED') return 'paid';
      if (status === 'DECLINED' || status === 'FAILED') return 'failed';
      return 'open';
    }
    default:
      return 'open';
  }
}
