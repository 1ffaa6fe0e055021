import { CHECKOUT_MESSAGES } from '@tessera/core';
import type { Insertable, Transaction } from 'kysely';
import type { Database, PaymentsTable } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';
import { type HostedProviderId, type PaymentProviders, pendingHostedCharge } from '../../payments/index.js';
import { CheckoutError, type PlaceOrderInput, type Priced } from '../checkout-types.js';
import { paymentRefusal } from '../payment-settings.js';

export interface TakenPayment {
  /** The order's status: 'confirmed', or 'received' while the payment is pending. */
  status: string;
  paymentStatus: string;
  /** What a subscription renews with ('gift-card' when nothing was charged). */
  savedReference: string;
  paymentRow: Insertable<PaymentsTable> | undefined;
  /** The provider whose page the buyer pays on (issue 17), when paid there. */
  hosted: HostedProviderId | undefined;
}

/**
 * Step 6: payment of what the gift card does not cover. A hosted payment is pending until the
 * provider says paid (`domains/payments/flow/`); a direct one is charged now and a decline or failure
 * refuses the order.
 */
export async function takePayment(
  trx: Transaction<Database>,
  payments: PaymentProviders,
  siteId: string,
  input: PlaceOrderInput,
  priced: Priced,
  orderId: string,
  now: string,
): Promise<TakenPayment> {
  const due = priced.totals.amountDueCents;
  const hosted = input.payment.kind === 'hosted' && due > 0 ? input.payment.provider : undefined;
  if (hosted) {
    return {
      status: 'received',
      paymentStatus: 'pending',
      savedReference: 'gift-card',
      paymentRow: pendingHostedCharge(orderId, hosted, due, now),
      hosted,
    };
  }
  if (due <= 0) {
    return { status: 'confirmed', paymentStatus: 'paid', savedReference: 'gift-card', paymentRow: undefined, hosted };
  }
  const provider = payments.forMethod(input.payment);
  if (!provider) throw new CheckoutError('payment-method', CHECKOUT_MESSAGES.paymentFailed, 402);
  const refused = await paymentRefusal(trx, siteId, payments, provider, { known: priced.site.payment });
  if (refused) throw new CheckoutError(refused.code, refused.message, refused.status);
  const charged = await provider.charge({
    amountCents: due,
    currency: priced.site.currency,
    orderId,
    method: input.payment,
  });
  if (charged.status === 'declined') throw new CheckoutError('card-declined', charged.message, 402);
  if (charged.status === 'failed') throw new CheckoutError('payment-failed', charged.message, 402);
  const pending = charged.status === 'pending';
  return {
    status: pending ? 'received' : 'confirmed',
    paymentStatus: pending ? 'pending' : 'paid',
    savedReference: charged.savedReference,
    paymentRow: {
      id: newId(),
      order_id: orderId,
      provider: provider.id,
      kind: 'charge',
      status: charged.status,
      amount_cents: due,
      reference: charged.reference,
      created_at: now,
    },
    hosted,
  };
}
