import { digitsOf, wire } from './paypal-fake-orders.js';
import type { FakeSale, FakeSubscription } from './paypal-fake-subscriptions.js';

/** The fake PayPal's subscriptions and sales in PayPal's wire format, and the payer's approval page. */

type Json = Record<string, any>;

/** A subscription as GET /v1/billing/subscriptions/{id} answers it. */
export function subscriptionToWire(s: FakeSubscription, apiBase: string): Json {
  const base = apiBase;
  const self = `${base}/v1/billing/subscriptions/${s.id}`;
  const links: Json[] = [];
  if (s.status === 'APPROVAL_PENDING') {
    links.push({
      href: `${base}/webapps/billing/subscriptions?ba_token=${s.baToken}`,
      rel: 'approve',
      method: 'GET',
    });
  }
  if (s.status === 'ACTIVE' || s.status === 'SUSPENDED')
    links.push({ href: `${self}/cancel`, rel: 'cancel', method: 'POST' });
  links.push({ href: self, rel: 'self', method: 'GET' });
  const last = s.sales.at(-1);
  const wireSub: Json = {
    id: s.id,
    plan_id: s.planId,
    status: s.status,
    ...(s.statusNote ? { status_change_note: s.statusNote } : {}),
    status_update_time: s.statusUpdateTime,
    start_time: s.createTime,
    quantity: '1',
    ...(s.customId ? { custom_id: s.customId } : {}),
    plan_overridden: s.overridden,
    create_time: s.createTime,
    update_time: s.statusUpdateTime,
    links,
  };
  if (s.payerId) {
    wireSub.subscriber = {
      email_address: 'donor@example.com',
      payer_id: s.payerId,
      name: { given_name: 'Fake', surname: 'Payer' },
    };
  }
  if (s.status !== 'APPROVAL_PENDING') {
    wireSub.billing_info = {
      outstanding_balance: wire(0, s.price.currency_code),
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: s.cyclesCompleted,
          cycles_remaining: 0,
          total_cycles: 0,
        },
      ],
      ...(last ? { last_payment: { amount: last.amount, time: last.time } } : {}),
      ...(s.nextBillingTime && s.status === 'ACTIVE' ? { next_billing_time: s.nextBillingTime } : {}),
      failed_payments_count: s.failedPayments,
    };
  }
  return wireSub;
}

/** A sale as PAYMENT.SALE.COMPLETED carries it (Payments v1 shape). */
export function saleToWire(sale: FakeSale, subscription: FakeSubscription, apiBase: string): Json {
  const base = apiBase;
  const digits = digitsOf(sale.amount.currency_code);
  return {
    id: sale.id,
    state: sale.state,
    amount: {
      total: sale.amount.value,
      currency: sale.amount.currency_code,
      details: { subtotal: sale.amount.value },
    },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: digits === 0 ? '30' : '0.30', currency: sale.amount.currency_code },
    billing_agreement_id: subscription.id,
    ...(subscription.customId ? { custom: subscription.customId } : {}),
    create_time: sale.time,
    update_time: sale.time,
    links: [
      { href: `${base}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v1/payments/sale/${sale.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  };
}

/** The payer's approval page of a subscription: Approve / Cancel, as the buyer page of orders. */
export function subscriptionApprovalPage(s: FakeSubscription, escapeText: (text: string) => string): string {
  const every = s.unit === 'YEAR' ? 'year' : s.unit === 'MONTH' ? 'month' : s.unit.toLowerCase();
  const amount = `${s.price.value} ${s.price.currency_code}`;
  const token = escapeText(s.baToken);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Subscribe with PayPal (fake)</title></head><body>
<h1>Fake PayPal</h1><p>Pay <strong id="amount">${escapeText(amount)}</strong> every ${escapeText(every)} until you cancel.</p>
<form method="post" action="/webapps/billing/subscriptions/approve"><input type="hidden" name="ba_token" value="${token}">
<button type="submit">Approve</button></form>
<form method="post" action="/webapps/billing/subscriptions/cancel"><input type="hidden" name="ba_token" value="${token}">
<button type="submit">Cancel</button></form></body></html>`;
}
