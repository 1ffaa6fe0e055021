import type { Kysely, Migration } from 'kysely';

// Review photos (issue 23): `product_reviews.photos` is a JSON list of `{ key, alt }`, at most four,
// each `key` a file in the file storage under `review-photos/<folder>/`, removed with the review.

export const reviewPhotosMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('product_reviews')
      .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('product_reviews').dropColumn('photos').execute();
  },
};
