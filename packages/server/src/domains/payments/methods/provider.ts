/**
 * How checkout takes money. A provider charges an amount for an order and refunds a charge;
 * the built-in ones need no network (test cards, pay later). A provider that talks to a payment
 * network would authorize here and capture after the order commits; the built-in ones settle at once.
 */
export type PaymentMethodInput =
  | { kind: 'card'; number: string; expiry?: string; cvc?: string }
  | { kind: 'manual' }
  /** A method kept from an earlier charge (subscription renewals): the `savedReference` it answered. */
  | { kind: 'saved'; reference: string }
  /** Paid on a provider's own page (issue 17, `domains/payments/`): no card data reaches Tessera. */
  | { kind: 'hosted'; provider: 'stripe' | 'paypal' };

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  orderId: string;
  method: PaymentMethodInput;
}

export type ChargeResult =
  /** Paid: the order is confirmed. `savedReference` charges the same method again later. */
  | { status: 'succeeded'; reference: string; savedReference: string }
  /** Accepted for later payment (manual): the order is received, payment pending. */
  | { status: 'pending'; reference: string; savedReference: string }
  /** The issuer said no: the buyer may try another card. */
  | { status: 'declined'; message: string }
  /** Something went wrong processing the payment. */
  | { status: 'failed'; message: string };

export interface RefundRequest {
  reference: string;
  amountCents: number;
  currency: string;
}

export type RefundResult = { ok: true; reference: string } | { ok: false; message: string };

export interface PaymentProvider {
  /** Stable name stored with each payment row. */
  readonly id: string;
  /**
   * True for a provider that takes real money. While one is configured the store is never in test
   * mode (`payments/test-mode.ts`): test cards are refused whatever the store setting says.
   */
  readonly live?: boolean;
  /** Which method kinds this provider takes. */
  accepts(method: PaymentMethodInput): boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** Picks the provider for a method: the first that accepts it. */
export class PaymentProviders {
  constructor(private readonly providers: readonly PaymentProvider[]) {}

  forMethod(method: PaymentMethodInput): PaymentProvider | undefined {
    return this.providers.find((provider) => provider.accepts(method));
  }

  byId(id: string): PaymentProvider | undefined {
    return this.providers.find((provider) => provider.id === id);
  }

  /** Whether a provider that takes real money is configured (none of the built-in ones does). */
  get liveProviderConfigured(): boolean {
    return this.providers.some((provider) => provider.live === true);
  }
}
