import type { Generated, Selectable } from 'kysely';
import type { SiteRowKey, Stamps } from './schema-columns.js';

// Paid member areas and donations of `Database` in schema.ts.
// Paid member areas (migration 0021, `domains/memberships/`).

export interface MemberAreasTable extends SiteRowKey, Stamps {
  title: string;
  description: Generated<string>;
}

export interface MemberAreaCollectionsTable {
  collection_id: string;
  area_id: string;
  site_id: string;
  /** The collection's own members-only flag before it joined the area (restored when it leaves). */
  was_members_only: Generated<number>;
}

export interface MemberPlansTable {
  id: string;
  area_id: string;
  site_id: string;
  title: string;
  /** 'free', 'one-time' or 'recurring'. */
  kind: string;
  price_cents: Generated<number>;
  currency: string;
  /** Recurring plans: SPEC billing period unit ('WEEK', 'MONTH', 'YEAR') and count. */
  interval_unit: string | null;
  interval_value: number | null;
  /** One-time plans: days of access from the payment; null: permanent. */
  duration_days: number | null;
  /** The store item a paid plan sells (a service product); null for free plans. */
  item_id: string | null;
  position: Generated<number>;
  archived: Generated<number>;
  created_at: string;
}

export interface MembershipsTable extends SiteRowKey, Stamps {
  area_id: string;
  site_user_id: string;
  plan_id: string | null;
  /** 'free' (joined a free plan), 'granted' (by an owner) or 'revoked' (by an owner: beats paid access). */
  state: string;
  /** When free or granted access ends; null: no end. */
  ends_at: string | null;
}

// Donations (migration 0020, issue 23): `domains/donations/`.

export interface DonationsTable extends SiteRowKey, Stamps {
  /** The order of the first payment (one donation line), paid through the hosted flow. */
  order_id: string;
  /** The donation block (block type 52) the gift came from. */
  block_id: string;
  provider: string;
  amount_cents: number;
  currency: string;
  /** 'once', 'month' or 'year'. */
  interval: string;
  donor_email: string;
  donor_name: string;
  /** How the owner may show the donor: 'name' or 'anonymous'. */
  name_display: string;
  note: string | null;
  /** 'pending' (first payment not settled), 'paid' (one-time), 'active' (recurring), 'cancelled', 'lapsed' (a renewal failed), 'expired' (never paid). */
  status: string;
  /** `<provider>:<saved reference>` a recurring donation is charged with. */
  saved_reference: string | null;
  /** The provider's own subscription of a gift it renews itself (PayPal `I-…`, migration 0031). */
  provider_subscription_id: string | null;
  next_cycle: Generated<number>;
  next_charge_at: string | null;
  message: string | null;
  cancel_secret: string;
  cancelled_at: string | null;
}

export interface DonationPaymentsTable {
  id: string;
  donation_id: string;
  site_id: string;
  cycle: number;
  order_id: string | null;
  amount_cents: number;
  currency: string;
  /** 'charging', 'succeeded' or 'failed'. */
  status: string;
  reference: string | null;
  message: string | null;
  created_at: string;
  /** Given back of a renewal payment (migration 0031); a first payment's refunds stay on its order. */
  refunded_cents: Generated<number>;
}

/** A refund of a renewal payment (migration 0031). */
export interface DonationRefundsTable extends SiteRowKey, Stamps {
  donation_id: string;
  payment_id: string;
  provider: string;
  amount_cents: number;
  currency: string;
  /** 'pending' (claimed, the provider not answered yet) or 'succeeded'. */
  status: string;
  /** The provider's refund id, once known. */
  reference: string | null;
  /** 'owner' (issued from Tessera) or 'provider' (reported by the provider's webhook only). */
  source: string;
}

export type DonationRow = Selectable<DonationsTable>;
export type DonationPaymentRow = Selectable<DonationPaymentsTable>;

/** These tables by name, as `Database` (schema.ts) lists them. */
export interface MembershipTables {
  donations: DonationsTable;
  donation_payments: DonationPaymentsTable;
  donation_refunds: DonationRefundsTable;
  member_areas: MemberAreasTable;
  member_area_collections: MemberAreaCollectionsTable;
  member_plans: MemberPlansTable;
  memberships: MembershipsTable;
}
