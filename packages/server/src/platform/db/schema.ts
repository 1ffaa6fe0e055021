import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TrackingTables } from './tracking-tables.js';

// Portable column conventions: booleans are integers 0/1, money is integer cents,
// times are UTC ISO-8601 strings, JSON is stored as text.

/** The key of a row that belongs to one site (the columns migrations/columns.ts `idKey` and `siteKey` add). */
export interface SiteRowKey {
  id: string;
  site_id: string;
}

/** When a row was made and last changed (`timestamps` of migrations/columns.ts). */
export interface Stamps {
  created_at: string;
  updated_at: string;
}

export interface SitesTable {
  id: string;
  /** Host name this site answers on; null for the default site that answers on any host. */
  host: string | null;
  /** The address mailed links start with (`https://shop.example.com`); null: `PUBLIC_URL` or the host (0013). */
  public_url: string | null;
  title: string;
  locale: string;
  currency: string;
  time_zone: string;
  /** JSON: website settings and store settings. */
  settings: string;
  created_at: string;
  /** The live `site_theme_versions` id; null: the default theme (0023). */
  theme_version?: string | null;
}

export interface CollectionsTable extends SiteRowKey {
  slug: string;
  title: string;
  /** SPEC §3 collection type code. */
  type: number;
  description: string;
  position: number;
  nav_visible: number;
  /** JSON: collection-level settings. */
  settings: string;
  created_at: string;
  // Content model (migration 0005_content, see content/README.md).
  /** What the collection is for: 'page', 'products', 'blog', 'events', 'gallery', 'folder', 'splash' or ''. */
  kind: Generated<string>;
  /** The folder this collection sits in, for the navigation tree. */
  parent_id: string | null;
  /** SPEC §3 folder behaviour (index 1, redirect 2, none 3) when the collection is a folder. */
  folder_behavior: number | null;
  /** Where a folder with behaviour redirect (or a link collection) goes. */
  redirect_url: string | null;
  /** JSON: the page's sections, each `{ blocks: Block[] }`. */
  sections: Generated<string>;
  /** 'published' or a SPEC content status ('scheduled', 'needs-review', 'draft', 'private'). */
  status: Generated<string>;
  /** argon2 hash of the page password (lock screen, page type 103); null when not protected. */
  password_hash: string | null;
  /** 1: only signed-in site users see the page (others get page type 106). */
  members_only: Generated<number>;
  /** JSON: language code → `{ title?, description?, sections? }` overriding the default language. */
  translations: Generated<string>;
  // Site editor (migration 0008_editor).
  /** JSON `{ sections }` of the unpublished draft; null when the page has none. */
  draft_content: string | null;
  draft_updated_at: string | null;
  /** When a scheduled page goes live (ISO UTC). */
  publish_at: string | null;
}

export interface ItemsTable extends SiteRowKey, Stamps {
  collection_id: string;
  /** SPEC §3 record type code (11 for store items). */
  record_type: number;
  url_id: string;
  title: string;
  excerpt: string;
  body: string;
  /** JSON: `structuredContent` without the variants (they have their own table). */
  structured_content: string;
  /** JSON: image assets (`assetUrl`, `originalSize`, `mediaFocalPoint`, …). */
  images: string;
  position: number;
  /** The publish date (`publishOn`); items dated in the future are not public yet. */
  published_at: string;
  // Content model (migration 0005_content, see content/README.md).
  /** 'published' or a SPEC content status ('scheduled', 'needs-review', 'draft', 'private'). */
  status: Generated<string>;
  /** JSON: body as sections of blocks (blog posts, events); `body` keeps the HTML form. */
  sections: Generated<string>;
  /** JSON: `{ id?, displayName, bio?, avatarUrl? }`. */
  author: Generated<string>;
  comments_enabled: Generated<number>;
  like_count: Generated<number>;
  /** Events: ISO UTC start and end. */
  start_date: string | null;
  end_date: string | null;
  /** JSON: events' `{ name?, addressLine1?, addressLine2?, addressCountry?, lat?, lng? }`. */
  location: Generated<string>;
  /** JSON: language code → `{ title?, excerpt?, body?, sections? }`. */
  translations: Generated<string>;
}

export interface ProductVariantsTable {
  id: string;
  item_id: string;
  position: number;
  sku: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  unlimited: number;
  qty_in_stock: number;
  /** JSON: option name → value. */
  attributes: string;
  /** JSON or null: the variant's own image asset. */
  main_image: string | null;
}

export interface CartsTable extends Stamps {
  id: string;
  token: string;
  site_id: string;
  purchased: number;
  /** 'cart' for the visitor's cart, 'subscription' for a one-item subscription checkout cart. */
  kind: string;
}

export interface CartEntriesTable extends Stamps {
  id: string;
  cart_id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
}

export interface MailOutboxTable {
  id: string;
  site_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 0022: 'retrying' or 'failed' when SMTP refused the message; null when sent (or kept without SMTP). */
  delivery: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  /** JSON `{ from, headers }` of a message kept for a retry. */
  envelope: string | null;
}

export interface Database extends CheckoutTables {
  sites: SitesTable;
  collections: CollectionsTable;
  items: ItemsTable;
  product_variants: ProductVariantsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  mail_outbox: MailOutboxTable;
  tracking_hits: TrackingTables['tracking_hits'];
  tracking_events: TrackingTables['tracking_events'];
  tracking_metrics: TrackingTables['tracking_metrics'];
  tracking_js_errors: TrackingTables['tracking_js_errors'];
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  form_submission_keys: FormSubmissionKeysTable;
  captcha_spent: CaptchaSpentTable;
  mailing_lists: MailingListsTable;
  mailing_list_subscribers: MailingListSubscribersTable;
  owners: OwnersTable;
  owner_roles: OwnerRolesTable;
  owner_sessions: OwnerSessionsTable;
  site_users: SiteUsersTable;
  site_user_sessions: SiteUserSessionsTable;
  password_resets: PasswordResetsTable;
  site_user_carts: SiteUserCartsTable;
  item_terms: ItemTermsTable;
  comments: CommentsTable;
  restock_signups: RestockSignupsTable;
  restock_keys: RestockKeysTable;
  owner_invites: OwnerInvitesTable;
  owner_password_resets: OwnerPasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  setup_tokens: SetupTokensTable;
  payment_connections: PaymentConnectionsTable;
  hosted_sessions: HostedSessionsTable;
  payment_events: PaymentEventsTable;
  review_drafts: ReviewDraftsTable;
  deleted_pages: DeletedPagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mailing_connections: MailingConnectionsTable;
  site_fonts: SiteFontsTable;
  site_font_kits: SiteFontKitsTable;
  mailing_deliveries: MailingDeliveriesTable;
  site_theme_versions: SiteThemeVersionsTable;
  donations: DonationsTable;
  donation_payments: DonationPaymentsTable;
  donation_refunds: DonationRefundsTable;
  member_areas: MemberAreasTable;
  member_area_collections: MemberAreaCollectionsTable;
  member_plans: MemberPlansTable;
  memberships: MembershipsTable;
  job_runs: JobRunsTable;
  imports: ImportsTable;
  product_reviews: ProductReviewsTable;
  review_requests: ReviewRequestsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type CartRow = Selectable<CartsTable>;
export type CartEntryRow = Selectable<CartEntriesTable>;
export type NewItem = Insertable<ItemsTable>;
export type NewVariant = Insertable<ProductVariantsTable>;
export type CartEntryUpdate = Updateable<CartEntriesTable>;

// Forms (migration 0003): definitions, submissions, one-time keys, spent captchas, mailing lists.

export interface FormsTable extends SiteRowKey, Stamps {
  name: string;
  /** 'contact', 'newsletter' or 'additional-fields'. */
  kind: string;
  /** JSON: the SPEC §3 form definition (`FormDefinition` of @tessera/core). */
  definition: string;
  mailing_list_id: string | null;
}

export interface FormSubmissionsTable extends SiteRowKey {
  form_id: string;
  /** JSON: the accepted values keyed by field id. */
  data: string;
  /** JSON: the page the form was sent from (path, title, page-permission values). */
  page_context: string;
  /** 1 when the submission looks automated (honeypot filled, sent too fast); kept, never dropped. */
  spam: number;
  spam_reason: string | null;
  created_at: string;
}

export interface FormSubmissionKeysTable {
  key: string;
  site_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface CaptchaSpentTable {
  /** The HMAC signature of a solved challenge: accepted once. */
  signature: string;
  expires_at: string;
  created_at: string;
}

export interface MailingListsTable extends SiteRowKey {
  name: string;
  created_at: string;
}

export interface MailingListSubscribersTable {
  id: string;
  list_id: string;
  email: string;
  /** Where the address came from, e.g. `form:<formId>`. */
  source: string;
  created_at: string;
}

// Site users and owners (migration 0002). Session and reset ids are SHA-256 hashes of the token.

export interface OwnersTable extends SiteRowKey, Stamps {
  email: string;
  password_hash: string;
}

export interface OwnerRolesTable {
  owner_id: string;
  /** SPEC §6 website role code. */
  role: number;
}

export interface OwnerSessionsTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
}

export interface SiteUsersTable extends SiteRowKey, Stamps {
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** When the address was proven by a mailed link (migration 0013); null until then. */
  email_verified_at: string | null;
}

export interface SiteUserSessionsTable {
  id: string;
  site_user_id: string;
  xsrf_token: string;
  remember: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: string;
  site_user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SiteUserCartsTable {
  site_user_id: string;
  cart_id: string;
  updated_at: string;
}

export type OwnerRow = Selectable<OwnersTable>;
export type SiteUserRow = Selectable<SiteUsersTable>;

// Content (migration 0005): tags and categories of items, and locally stored comments.

export interface ItemTermsTable {
  item_id: string;
  /** 'tag' or 'category'. */
  kind: string;
  value: string;
}

export interface CommentsTable extends SiteRowKey {
  item_id: string;
  parent_id: string | null;
  author_name: string;
  author_email: Generated<string>;
  body: string;
  /** 'approved', 'pending' or 'spam'; only approved comments are public. */
  status: Generated<string>;
  created_at: string;
}

export type CommentRow = Selectable<CommentsTable>;

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
  gift_card_redemptions: GiftCardRedemptionsTable;
  subscriptions: SubscriptionsTable;
  subscription_cycles: SubscriptionCyclesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

// Restock notifications (migration 0007).

export interface RestockSignupsTable extends SiteRowKey {
  product_id: string;
  /** The variant's id (its SKU when it has none). */
  variant_id: string;
  sku: string;
  /** Lower-cased address. */
  email: string;
  join_mailing_list: number;
  /** 'pending' until a sender claims it, 'sending' while claimed, 'sent' once SMTP (or the outbox) took it. */
  state: string;
  claim_id: string | null;
  claimed_at: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface RestockKeysTable {
  site_id: string;
  /** HMAC key (hex) that signs the site's unsubscribe links. */
  secret: string;
  created_at: string;
}

export type RestockSignupRow = Selectable<RestockSignupsTable>;

// Owner invitations (migration 0009_admin). `id` is the SHA-256 of the link's token.

export interface OwnerInvitesTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

// Account security (migration 0013): owner reset links and site-user email verification links.

export interface OwnerPasswordResetsTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailVerificationsTable {
  id: string;
  site_user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

// First run (migration 0014): the one-time setup address printed while a site has no owner.

export interface SetupTokensTable {
  /** SHA-256 (hex) of the token in the printed address. */
  id: string;
  site_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

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

/** A refused no-JavaScript review post's fields, kept briefly to fill the form in again (migration 0035). */
export interface ReviewDraftsTable {
  id: string;
  site_id: string;
  site_user_id: string;
  item_id: string;
  fields: string;
  captcha: Generated<number>;
  expires_at: string;
  created_at: string;
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

// Deleted pages (migration 0017, issue 16): what "undo delete" puts back, shared by every process.

export interface DeletedPagesTable {
  /** SHA-256 (hex) of the restore token the delete answered. */
  token_hash: string;
  site_id: string;
  page_id: string;
  /** JSON: the page's `collections` row as it was. */
  snapshot: string;
  deleted_at: string;
}

/** Outgoing webhook endpoints (migration 0018, `docs/webhooks.md`). */
export interface WebhookEndpointsTable extends SiteRowKey, Stamps {
  url: string;
  description: string;
  /** JSON array of event types ("order.paid", …). */
  events: string;
  /** The signing secret: sealed (`v1.…`) under TESSERA_SECRET_KEY, or `plain.<secret>` without one. */
  secret: string;
  enabled: number;
  /** Failed attempts in a row; reset by a success. */
  failure_streak: number;
  disabled_reason: string | null;
  /** The secret before the last rotation, stored like `secret` (migration 0025); null when none. */
  previous_secret: string | null;
  /** Until when deliveries are also signed with `previous_secret` (ISO time). */
  previous_secret_until: string | null;
}

/** Services that receive newsletter sign-ups (migration 0025, `docs/mailing-services.md`). */
/** An uploaded font file (issue 21); the bytes are in FileStorage under `storage_key`. */
export interface SiteFontsTable extends SiteRowKey {
  family: string;
  subfamily: string;
  weight: number;
  italic: number;
  /** 'woff2', 'woff', 'ttf' or 'otf'. */
  format: string;
  storage_key: string;
  size: number;
  created_at: string;
}

/** A connected font kit (issue 21, migration 0027): its stylesheet address and the families read from it. */
export interface SiteFontKitsTable extends SiteRowKey {
  /** The kit's https stylesheet address. */
  url: string;
  /** JSON array of family names from the stylesheet's `@font-face` rules. */
  families: string;
  /** JSON array of the other origins its `@font-face` files come from (migration 0029); null before it. */
  font_origins: string | null;
  /** JSON array of the other origins of the stylesheets it `@import`s (migration 0033); null before it. */
  style_origins: string | null;
  created_at: string;
}

export interface MailingConnectionsTable extends SiteRowKey, Stamps {
  /** 'mailchimp' or 'webhook'. */
  kind: string;
  label: string;
  /** JSON: Mailchimp `{ dc, listId, listName }`, webhook `{ url }`. */
  target: string;
  /** The API key or signing secret, sealed under TESSERA_SECRET_KEY. */
  secret: string;
  enabled: number;
  last_error: string | null;
  last_error_at: string | null;
}

/** The mailing-service outbox: one row per connection and address (migration 0025). */
export interface MailingDeliveriesTable extends SiteRowKey, Stamps {
  connection_id: string;
  email: string;
  /** Where the sign-up came from (`form:<id>`). */
  source: string;
  /** JSON of the sign-up (email, list, form, time). */
  payload: string;
  attempts: number;
  next_attempt_at: string | null;
  /** 'pending', 'delivered' or 'failed'. */
  status: string;
  response_status: number | null;
  last_error: string | null;
}

/** The webhook outbox: one row per event and endpoint (migration 0018). */
export interface WebhookDeliveriesTable extends SiteRowKey, Stamps {
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body posted, byte for byte. */
  payload: string;
  attempts: number;
  next_attempt_at: string | null;
  /** 'pending', 'delivered' or 'failed'. */
  status: string;
  response_status: number | null;
  last_error: string | null;
}

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

/** Scheduled job occurrences on SQLite (migration 0022, `platform/jobs/local-queue.ts`). */
export interface JobRunsTable extends Stamps {
  /** `<job>@<slot start ISO>`: one row per occurrence, whichever process queued it first. */
  id: string;
  name: string;
  slot: string;
  /** 'created', 'active', 'retry', 'completed' or 'failed'. */
  state: string;
  attempts: number;
  run_after: string;
  /** While active: when the claim lapses (a process that died mid-job). */
  expires_at: string | null;
  last_error: string | null;
}

/** Imports an owner started in the editor, run as jobs (migration 0030, `domains/imports/import-jobs.ts`). */
export interface ImportsTable extends SiteRowKey, Stamps {
  /** 'products' or 'wordpress'. */
  kind: string;
  /** JSON: the import's choices (`collection`, `blog`, `fetchMedia`). */
  options: string;
  file_name: string | null;
  /** The uploaded file, kept until the job ends. */
  source: string | null;
  /** 'queued', 'running', 'done' or 'failed'. */
  state: string;
  /** The site's id while queued or running (unique: one import per site at a time), else null. */
  running_site: string | null;
  /** 'queued', 'reading', 'media', 'checking', 'writing' or 'finished'. */
  phase: string;
  done: Generated<number>;
  total: Generated<number>;
  percent: Generated<number>;
  /** JSON list of texts. */
  warnings: Generated<string>;
  /** JSON: the import route's answer, once done. */
  summary: string | null;
  /** JSON `{ error, message }`, once failed. */
  error: string | null;
  attempts: Generated<number>;
  /** While running: when the claim lapses unless the run writes again (its node died). */
  claimed_until: string | null;
  /** The owner who started it. */
  started_by: string | null;
  finished_at: string | null;
}

// Product reviews (migration 0019, `domains/reviews/`).

export interface ProductReviewsTable extends SiteRowKey, Stamps {
  item_id: string;
  /** The buyer's email address in lower case: one review per (site, item, author_key). */
  author_key: string;
  site_user_id: string | null;
  order_id: string | null;
  author_name: string;
  /** 1 to 5 stars. */
  rating: number;
  title: string;
  /** Plain text; escaped when shown. */
  body: string;
  /** 'pending', 'approved' or 'hidden'. */
  status: Generated<string>;
  reply: string | null;
  replied_at: string | null;
  /** JSON list of `{ key, alt }`: the review's photos in the file storage (migration 0026). */
  photos: Generated<string>;
}

export interface ReviewRequestsTable extends SiteRowKey {
  order_id: string;
  item_id: string;
  email: string;
  name: string;
  /** Signs the mailed link (HMAC); never shown. */
  secret: string;
  /** Set once, by the review the link was used for. */
  used_at: string | null;
  created_at: string;
}

/** A site's own theme files (migration 0023, `domains/site-themes/`). */
export interface SiteThemeVersionsTable extends SiteRowKey, Stamps {
  /** 'draft' (one per site) or 'saved'. */
  kind: string;
  /** 1, 2, … for saved versions; 0 for the draft. */
  number: number;
  label: string;
  /** JSON `{ path: source }` of the overridden files only. */
  files: string;
  created_by: string | null;
}
