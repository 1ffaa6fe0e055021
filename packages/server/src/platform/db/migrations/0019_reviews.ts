import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey, timestamps } from './columns.js';

// Product reviews (issue 23, `domains/reviews/`).
//
// - `product_reviews`: one review per buyer per product. `author_key` is the buyer's email address
//   in lower case (a signed-in site user's, or the order's for a review sent from a request link),
//   and the unique index on (site_id, item_id, author_key) is what makes two posts at once end in
//   one review. `status`: 'pending' (new), 'approved' (shown) or 'hidden'. `reply` is the owner's
//   answer, shown under the review.
// - `review_requests`: the review-request mail's links, one per (order, product). `secret` signs
//   the link (HMAC, random per row, never shown); `used_at` is set once, by the post that uses it.

export const reviewsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('product_reviews')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('author_key', 'varchar(320)', (c) => c.notNull())
      .addColumn('site_user_id', 'varchar(32)')
      .addColumn('order_id', 'varchar(32)')
      .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'varchar(32)')
      .$call(timestamps)
      .execute();
    await db.schema
      .createIndex('product_reviews_one_per_buyer')
      .on('product_reviews')
      .columns(['site_id', 'item_id', 'author_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('product_reviews_shown')
      .on('product_reviews')
      .columns(['item_id', 'status', 'created_at'])
      .execute();
    await db.schema
      .createTable('review_requests')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('email', 'varchar(320)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('secret', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .$call(createdAt)
      .execute();
    await db.schema
      .createIndex('review_requests_order_item')
      .on('review_requests')
      .columns(['order_id', 'item_id'])
      .unique()
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('review_requests').execute();
    await db.schema.dropTable('product_reviews').execute();
  },
};
