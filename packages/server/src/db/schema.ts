import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TrackingTables } from '../tracking/tables.js';

// Portable column conventions: booleans are integers 0/1, money is integer cents,
// times are UTC ISO-8601 strings, JSON is stored as text.

export interface SitesTable {
  id: string;
  /** Host name this site answers on; null for the default site that answers on any host. */
  host: string | null;
  title: string;
  locale: string;
  currency: string;
  time_zone: string;
  /** JSON: website settings and store settings. */
  settings: string;
  created_at: string;
}

export interface CollectionsTable {
  id: string;
  site_id: string;
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
}

export interface ItemsTable {
  id: string;
  site_id: string;
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
  published_at: string;
  created_at: string;
  updated_at: string;
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

export interface CartsTable {
  id: string;
  token: string;
  site_id: string;
  purchased: number;
  /** 'cart' for the visitor's cart, 'subscription' for a one-item subscription checkout cart. */
  kind: string;
  created_at: string;
  updated_at: string;
}

export interface CartEntriesTable {
  id: string;
  cart_id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  created_at: string;
  updated_at: string;
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
}

export interface Database {
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

export interface FormsTable {
  id: string;
  site_id: string;
  name: string;
  /** 'contact', 'newsletter' or 'additional-fields'. */
  kind: string;
  /** JSON: the SPEC §3 form definition (`FormDefinition` of @tessera/core). */
  definition: string;
  mailing_list_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface FormSubmissionsTable {
  id: string;
  site_id: string;
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

export interface MailingListsTable {
  id: string;
  site_id: string;
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

export interface OwnersTable {
  id: string;
  site_id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
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

export interface SiteUsersTable {
  id: string;
  site_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: string;
  updated_at: string;
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
