/**
 * A payment provider that takes the buyer to its own page (Stripe Checkout, PayPal approval) and
 * tells us the result twice: when the buyer comes back, and by a signed webhook. No card data ever
 * reaches Tessera. Each adapter (`stripe/`, `paypal/`) implements this interface; the flow that
 * places, settles, expires and refunds orders (`flow/`) knows nothing provider-specific.
 *
 * Amounts are always integer minor units (cents; whole yen for JPY) and currencies ISO 4217 upper case.
 */

export type HostedProviderId = 'stripe' | 'paypal';

export interface HostedLineItem {
  name: string;
  quantity: number;
  unitAmountCents: number;
}

export interface CreateSessionRequest {
  orderId: string;
  orderNumber: number;
  siteId: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
  lineItems: readonly HostedLineItem[];
  /** Absolute URL the provider sends the buyer back to after paying (built from the public URL). */
  returnUrl: string;
  /** Absolute URL the provider sends the buyer back to when they give up. */
  cancelUrl: string;
  /** When the session stops accepting payment; the order's stock hold ends at the same moment. */
  expiresAt: Date;
  /** Derived from the order id, so a retried request never opens a second session. */
  idempotencyKey: string;
  /** Keep the payment method for later off-session charges (subscription renewals). */
  saveMethod: boolean;
  /**
   * The payer agrees to be charged every `interval` by the provider itself (`subscriptions` below):
   * the session is then the provider's subscription, and its first payment is taken when the payer
   * approves it. Providers without `subscriptions` never get this.
   */
  recurring?: RecurringTerms;
}

/** What a provider-scheduled recurring payment is, as the payer sees it on the provider's page. */
export interface RecurringTerms {
  interval: 'month' | 'year';
  /** The provider's product the plans hang off, e.g. "Donations". */
  productName: string;
  /** The plan's name before its currency, e.g. "Monthly donation". */
  planName: string;
}

export type CreateSessionResult = { ok: true; sessionId: string; redirectUrl: string } | { ok: false; message: string };

/** What the provider says about a session right now (the return page asks; webhooks tell). */
export interface SessionState {
  sessionId: string;
  /** `approved`: the buyer approved but money is not yet captured (PayPal before capture). */
  status: 'open' | 'approved' | 'paid' | 'expired' | 'failed';
  orderId: string | undefined;
  amountCents: number;
  currency: string;
  /** The provider's reference of the money movement (payment intent, capture id): refunds use it. */
  paymentReference?: string;
  /** A reference to charge again off-session (customer + payment method), when `saveMethod` was asked. */
  savedReference?: string;
}

export type CaptureResult = { ok: true; state: SessionState } | { ok: false; message: string };

export interface ProviderRefundRequest {
  paymentReference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  /**
   * Set when a request under this key may have been sent before (a recovery asking again after a
   * crash): the provider first looks for what that request made, since it may have forgotten the key
   * (Stripe may, once it is 24 hours old), before making anything.
   */
  askedBefore?: boolean;
}

/**
 * `unknown`: the provider could not be reached or did not answer, so it may have made the refund
 * (the request may have arrived, its answer lost). The caller keeps the refund as on its way and
 * asks again later with the same idempotency key rather than taking it back.
 */
export type ProviderRefundResult = { ok: true; reference: string } | { ok: false; message: string; unknown?: boolean };

export interface OffSessionChargeRequest {
  savedReference: string;
  amountCents: number;
  currency: string;
  orderId: string;
  idempotencyKey: string;
  /**
   * Set when a request under this key may have been sent before (a recovery asking again after a
   * crash): the provider first looks for what that request made, since it may have forgotten the key
   * (Stripe may, once it is 24 hours old), before making anything.
   */
  askedBefore?: boolean;
}

export type OffSessionChargeResult =
  | { status: 'succeeded'; paymentReference: string }
  /** The bank wants the buyer present (3-D Secure): mail them a link to pay. */
  | { status: 'requires_action'; message: string }
  | { status: 'declined'; message: string };

/** A refund the provider reports as completed (issued by Tessera or in the provider's own dashboard). */
export interface ProviderRefund {
  /** The provider's id of the refund. */
  reference: string;
  /** The provider's id of the payment refunded (capture, sale, payment intent). */
  paymentReference: string;
  amountCents: number;
  currency: string;
}

/** One verified webhook event, reduced to what the flow needs. */
export interface HostedEvent {
  /** The provider's event id: each is processed once. */
  eventId: string;
  type:
    | 'session.paid'
    | 'session.approved'
    | 'session.expired'
    | 'payment.failed'
    | 'refund.updated'
    /** The provider took a payment of one of its subscriptions (the first or a renewal). */
    | 'subscription.payment'
    /** A subscription changed state (cancelled, suspended, a failed payment, expired). */
    | 'subscription.updated'
    | 'other';
  sessionId?: string;
  /** The provider's subscription an event is about (PayPal `I-…`). */
  subscriptionId?: string;
  /** `subscription.payment`: the payment the provider took (a PayPal sale id). */
  paymentReference?: string;
  /**
   * `refund.updated`: the completed refunds of the payment the event is about, as the provider
   * reports them (PayPal: the one in the verified event; Stripe: every succeeded refund of the
   * payment intent, read back from Stripe). Each is recorded once by its reference.
   */
  refunds?: readonly ProviderRefund[];
  /**
   * `refund.updated`: refunds of that payment the provider reports as failed or canceled (Stripe),
   * so one recorded as succeeded stops counting (`flow/provider-refund-failures.ts`).
   */
  failedRefunds?: readonly ProviderRefund[];
}

/** One payment a provider-scheduled subscription took. */
export interface ProviderSubscriptionPayment {
  reference: string;
  amountCents: number;
  currency: string;
  paidAt: string;
}

/** A provider's subscription as the provider says it is now. */
export interface ProviderSubscriptionState {
  subscriptionId: string;
  /** `pending`: not approved yet; `suspended`: stopped by the provider after failed payments. */
  status: 'pending' | 'active' | 'suspended' | 'cancelled' | 'expired';
  /** The Tessera order the subscription was opened for (its custom id). */
  orderId?: string;
  /** The payments taken so far that completed (refunded ones included), oldest first. */
  payments: ProviderSubscriptionPayment[];
  /** The provider's note on the last change of state. */
  note?: string;
}

/** Recurring payments the provider schedules itself (PayPal Subscriptions). */
export interface ProviderSubscriptions {
  get(subscriptionId: string): Promise<ProviderSubscriptionState | undefined>;
  /** Stops every later payment; answers ok when it is stopped now (or was, or never started). */
  cancel(subscriptionId: string, reason: string): Promise<{ ok: true } | { ok: false; message: string }>;
}

export type WebhookVerification = { ok: true; event: HostedEvent } | { ok: false; message: string };

/** What the provider's account says for installment messaging (Stripe: `GET /v1/account`). */
export interface ProviderAccountFacts {
  /** ISO country of the account, e.g. `US`. */
  country?: string;
  /** The account's default currency, upper case, e.g. `USD`. */
  currency?: string;
  /** A buy-now-pay-later method (Afterpay/Clearpay or Klarna) is active on the account. */
  payLaterActive: boolean;
}

export type CredentialCheck = { ok: true; mode: 'test' | 'live'; country?: string } | { ok: false; message: string };

export interface HostedPaymentProvider {
  readonly id: HostedProviderId;
  /** Live keys take real money; test keys do not. */
  readonly mode: 'test' | 'live';
  createSession(request: CreateSessionRequest): Promise<CreateSessionResult>;
  getSession(sessionId: string): Promise<SessionState | undefined>;
  /** Moves approved money into the merchant's account (PayPal); Stripe sessions are captured already. */
  capture(sessionId: string, idempotencyKey: string): Promise<CaptureResult>;
  /** Stops a session from accepting payment (order cancelled or hold expired). */
  expireSession(sessionId: string): Promise<void>;
  refund(request: ProviderRefundRequest): Promise<ProviderRefundResult>;
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult>;
  /** Off-session charges of a saved method work (Stripe): Tessera can schedule renewals itself. */
  readonly chargesOffSession?: boolean;
  /** The provider schedules recurring payments itself (PayPal): sessions opened with `recurring`. */
  readonly subscriptions?: ProviderSubscriptions;
  /** Checks the signature over the exact raw body; never trusts the body before that. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookVerification>;
  /** Checks keys against the provider when the owner saves them. */
  checkCredentials(): Promise<CredentialCheck>;
  /** The account's country, currency and buy-now-pay-later state (Stripe only; `installments.ts` caches it). */
  accountFacts?(): Promise<ProviderAccountFacts>;
}
