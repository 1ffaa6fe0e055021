import type { Generated, Selectable } from 'kysely';
import type { SiteRowKey, Stamps } from './schema-columns.js';

// Item terms, comments, restock sign-ups, deleted pages, product reviews and site themes of `Database` in schema.ts.
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

/** These tables by name, as `Database` (schema.ts) lists them. */
export interface ContentTables {
  item_terms: ItemTermsTable;
  comments: CommentsTable;
  restock_signups: RestockSignupsTable;
  restock_keys: RestockKeysTable;
  review_drafts: ReviewDraftsTable;
  deleted_pages: DeletedPagesTable;
  site_theme_versions: SiteThemeVersionsTable;
  product_reviews: ProductReviewsTable;
  review_requests: ReviewRequestsTable;
}
