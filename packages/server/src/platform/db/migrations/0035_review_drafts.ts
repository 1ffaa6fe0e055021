import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey } from './columns.js';

// What a reviewer typed into the product page's review form without JavaScript, kept for a short
// while when the server refused the post (issue 23): the refusal answers 303 back to the product
// page with the draft's id in its signed note, and the page fills the form in again. A draft belongs
// to one site user and one product, and is read only while it lasts (`expires_at`); expired drafts
// are deleted when the next one is written. Photos are not kept (a browser cannot refill a file input).

export const reviewDraftsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('review_drafts')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('site_user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
      /** JSON: `{ rating, title, body, name }` as typed (text, at most the form's lengths). */
      .addColumn('fields', 'text', (c) => c.notNull())
      /** 1 when the post was refused for want of a captcha: the page then shows the no-JS challenge. */
      .addColumn('captcha', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('review_drafts_expires').on('review_drafts').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('review_drafts').execute();
  },
};
