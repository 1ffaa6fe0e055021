import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TrackingTables } from './tracking-tables.js';
import type { CheckoutTables, PaymentTables } from './checkout-tables.js';
import type { FormTables } from './forms-tables.js';
import type { AccountTables } from './account-tables.js';
import type { ContentTables } from './content-tables.js';
import type { ConnectionTables } from './connection-tables.js';
import type { MembershipTables } from './membership-tables.js';
import type { SiteRowKey, Stamps } from './schema-columns.js';

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
  /** 1: this site's files sit at the top level of the file storage; 0: under `sites/<id>/` (0039). */
  files_root: Generated<number>;
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

export interface Database
  extends CheckoutTables,
    PaymentTables,
    FormTables,
    AccountTables,
    ContentTables,
    ConnectionTables,
    MembershipTables {
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

// Every table's row types, from the file of its area (importers keep reading them from here).
export type { SiteRowKey, Stamps } from './schema-columns.js';
export type * from './forms-tables.js';
export type * from './account-tables.js';
export type * from './content-tables.js';
export type * from './connection-tables.js';
export type * from './membership-tables.js';
export type * from './checkout-tables.js';
