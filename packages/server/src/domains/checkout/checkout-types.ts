import type { CheckoutTotals, Coupon, ShippingOption, TaxRule } from '@tessera/core';
import type { CartEntry } from '../cart/index.js';
import type { ProductItemJson } from '../content/index.js';
import type { CartRow } from '../../platform/db/schema.js';
import { type ErrorCode, type ErrorStatus, TesseraError } from '../../platform/errors/index.js';
import type { PaymentMethodInput } from '../payments/index.js';
import type { WebhookEndpointEvents } from './checkout-reads.js';
import type { PaymentSettings } from './payment-settings.js';

// The checkout's inputs and intermediate results, shared by the service (`checkout-service.ts`),
// pricing (`pricing.ts`) and the steps of placing an order (`place/`).

/** An expected refusal, a catalogue error; thrown inside the order transaction so everything rolls back. */
export class CheckoutError<C extends ErrorCode = ErrorCode> extends TesseraError<C> {
  constructor(code: C, message?: string, status?: ErrorStatus<C>) {
    super(code, message, undefined, status);
  }
}

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface QuoteInput {
  cartToken: string;
  shippingOptionId?: string | null;
  couponCodes?: readonly string[];
  giftCardCode?: string | null;
  country?: string | null;
}

export interface PlaceOrderInput extends QuoteInput {
  idempotencyKey: string;
  email: string;
  name?: string;
  shippingAddress?: Address | null;
  giftCardRecipientEmail?: string | null;
  payment: PaymentMethodInput;
  siteUserId?: string | null;
}

/** Mail the service asks the caller to send once the order is committed. */
export interface OrderMail {
  to: string;
  subject: string;
  text: string;
}

export interface SiteInfo {
  currency: string;
  locale: string;
  subtotalMinimumCents: number;
  /** The store's payment settings, from the same read of the site row. */
  payment: PaymentSettings;
}

export interface Priced {
  cart: CartRow;
  entries: CartEntry[];
  products: Map<string, ProductItemJson>;
  /** The cart's items visitors may buy now (`isProductForSale`), from the same read. */
  forSale: Set<string>;
  /** Every shipping option's countries, before filtering by the buyer's country. */
  shippingCountries: { countries: string }[];
  totals: CheckoutTotals;
  shippingOption: ShippingOption | null;
  shippingOptions: ShippingOption[];
  taxRules: TaxRule[];
  validCoupons: Coupon[];
  invalidCoupons: { code: string; message: string }[];
  giftCard: { id: string; balanceCents: number } | undefined;
  giftCardProblem: string | undefined;
  site: SiteInfo;
  /** The site's enabled webhook endpoints, read with the rest (an order records its events for them). */
  webhookEndpoints: WebhookEndpointEvents[];
}
