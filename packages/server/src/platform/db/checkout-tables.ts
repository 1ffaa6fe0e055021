import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SiteRowKey, Stamps } from './schema-columns.js';

// Checkout (orders, payments, gift cards, coupons, shipping, tax, subscriptions), hosted payments and payment connections of `Database` in schema.ts.
// Checkout (migration 0006): orders, payments, gift cards, coupons, shipping, tax, subscriptions.

export interface ShippingOptionsTable extends SiteRowKey {
  name: string;
  amount_cents: number;
  free_over_cents: number | null;
  position: number;
  /** JSON list of ISO 3166-1 alpha-2 codes the option ships to; `[]` ships everywhere (migration 0012). */
  countries: Generated<string>;
  created_at: string;
}

export interface TaxRulesTable extends SiteRowKey {
  name: string;
  rate_basis_points: number;
  tax_shipping: number;
  /** JSON array of ISO country codes; empty for every country. */
  countries: string;
  created_at: string;
}

export interface CouponsTable extends SiteRowKey {
  /** Upper-case code. */
  code: string;
  /** 'percent', 'fixed' or 'free-shipping'. */
  kind: string;
  value: number;
  min_subtotal_cents: number;
  active: number;
  created_at: string;
}

export interface OrdersTable extends SiteRowKey, Stamps {
  order_number: number;
  cart_id: string | null;
  site_user_id: string | null;
  customer_email: string;
  customer_name: string;
  /** JSON address or null when nothing ships. */
  shipping_address: string | null;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  grand_total_cents: number;
  gift_card_cents: number;
  amount_due_cents: number;
  refunded_cents: number;
  /** JSON of the chosen shipping option. */
  shipping_option: string | null;
  /** JSON: applied coupon codes and kinds. */
  coupons: string;
  /** JSON: tax lines. */
  tax_lines: string;
  /** 'confirmed' (paid) or 'received' (payment pending), 'refunded'. */
  status: string;
  /** 'paid', 'pending' or 'refunded'. */
  payment_status: string;
  /** 'pending' or 'fulfilled'. */
  fulfillment_status: string;
  subscription_id: string | null;
  /** When an owner marked the order fulfilled (migration 0010). */
  fulfilled_at: string | null;
  /** Until when a payment-pending order holds its stock; the sweep releases it then (migration 0012). */
  stock_held_until: string | null;
  /** Who receives the gift cards the order buys; they are issued once its payment succeeded (migration 0011). */
  gift_card_recipient: string | null;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  item_id: string;
  sku: string;
  title: string;
  attributes: string;
  product_type: number;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  additional_fields: string | null;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  provider: string;
  /** 'charge' or 'refund'. */
  kind: string;
  status: string;
  amount_cents: number;
  reference: string;
  created_at: string;
}

export interface GiftCardsTable extends SiteRowKey, Stamps {
  /** SHA-256 of the normalised code: the code itself is only in the recipient's email. */
  code_hash: string;
  last4: string;
  currency: string;
  initial_cents: number;
  balance_cents: number;
  order_id: string | null;
  recipient_email: string;
  /** Set when an owner disabled the card: checkout refuses its code (migration 0010). */
  disabled_at: string | null;
  /** Email of the owner who issued the card by hand; null for cards bought in an order. */
  issued_by: string | null;
}

export interface GiftCardRedemptionsTable {
  id: string;
  gift_card_id: string;
  order_id: string;
  amount_cents: number;
  created_at: string;
}

/** What one refund took from one gift card its order bought (migration 0040): given back if the refund fails. */
export interface RefundGiftCardsTable {
  id: string;
  /** The refund's `payments` row. */
  refund_id: string;
  gift_card_id: string;
  /** Drawn down by a partial refund; 0 when the card was disabled. */
  drawn_cents: number;
  /** The stamp a full refund disabled the card with; null when it was drawn down. */
  disabled_at: string | null;
  /** When a failed refund gave it back; null while the refund counts. */
  restored_at: string | null;
  created_at: string;
}

export interface SubscriptionsTable extends SiteRowKey, Stamps {
  site_user_id: string | null;
  customer_email: string;
  item_id: string;
  sku: string;
  quantity: number;
  /** JSON: `{ billingPeriod: { value, unit }, numBillingCycles }`. */
  plan: string;
  first_order_id: string;
  payment_reference: string;
  /** 0 for indefinite. */
  cycles_total: number;
  next_cycle: number;
  next_billing_at: string | null;
  /** 'active', 'completed' or 'cancelled'. */
  status: string;
  /** Off-session attempts that failed for the cycle now due (migration 0016); 0 when none. */
  renewal_attempts: Generated<number>;
  /** When the failed renewal is tried again; null when nothing is waiting. */
  renewal_retry_at: string | null;
  /** 'requires-action', 'declined', or null when the last renewal went through. */
  renewal_state: string | null;
  /** What the provider said about the last failed attempt. */
  renewal_message: string | null;
}

export interface SubscriptionCyclesTable {
  id: string;
  subscription_id: string;
  cycle: number;
  order_id: string | null;
  status: string;
  due_at: string;
  created_at: string;
  /** What a claimed cycle charges (JSON, `renewal-claim.ts` `CycleCharge`); null before the claim. */
  charge: string | null;
  /** Since when the cycle is `charging` (the recovery's lease); null once recorded. */
  claimed_at: string | null;
}

export interface IdempotencyKeysTable {
  site_id: string;
  key: string;
  order_id: string;
  created_at: string;
}

export interface OrderCountersTable {
  site_id: string;
  last_number: number;
}

export interface CheckoutTables {
  order_counters: OrderCountersTable;
  shipping_options: ShippingOptionsTable;
  tax_rules: TaxRulesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  gift_cards: GiftCardsTable;
  refund_gift_cards: RefundGiftCardsTable;
  gift_card_redemptions: GiftCardRedemptionsTable;
  subscriptions: SubscriptionsTable;
  subscription_cycles: SubscriptionCyclesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

// Hosted payments (migration 0015, issue 17): orders paid on a provider's page.

export interface HostedSessionsTable extends Stamps {
  order_id: string;
  site_id: string;
  /** 'stripe' or 'paypal'. */
  provider: string;
  /** The provider's session (Stripe Checkout Session, PayPal order); null until it answered. */
  session_id: string | null;
  /** Where the buyer is sent to pay. */
  redirect_url: string | null;
  /** 'creating', 'open', 'paid', 'expired', 'cancelled' (by the buyer on the provider's page), 'failed'. */
  status: string;
  amount_cents: number;
  currency: string;
  /** When the session stops taking payment: the order's stock hold ends then. */
  expires_at: string;
  /** JSON subscription plan the order starts once paid, or null. */
  subscription_plan: string | null;
  /** The provider's reference of the payment (refunds use it). */
  payment_reference: string | null;
  /** What charges the buyer again off-session (renewals). */
  saved_reference: string | null;
  /** Automatic refund of a payment that arrived after the hold ended: null, 'refunding', 'refunded', 'failed'. */
  refund_status: string | null;
  refund_reference: string | null;
  /** The provider's last message (a refused refund, a failed session). */
  message: string | null;
  /** 1: keep the payment method for off-session charges without a subscription plan (a recurring donation; migration 0020). */
  save_method: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentEventsTable {
  provider: string;
  /** The site whose webhook address received it (migration 0034); '' for events seen before. */
  site_id: string;
  event_id: string;
  type: string;
  received_at: string;
}

export type HostedSessionRow = Selectable<HostedSessionsTable>;

// Payment provider connections (migration 0016): keys sealed with `platform/secrets.ts`.

export interface PaymentConnectionsTable extends SiteRowKey, Stamps {
  /** 'stripe' or 'paypal'. */
  provider: string;
  /** 'test' or 'live', as the provider answered when the keys were checked. */
  mode: string;
  /** The sealed JSON of the provider's settings (`v1.…`). */
  config: string;
  /** JSON: masked hints the editor shows (`{ secretKey: 'sk_test_…4242' }`). */
  hints: string;
}

/** The hosted-payment tables by name, as `Database` (schema.ts) lists them. */
export interface PaymentTables {
  payment_connections: PaymentConnectionsTable;
  hosted_sessions: HostedSessionsTable;
  payment_events: PaymentEventsTable;
}
