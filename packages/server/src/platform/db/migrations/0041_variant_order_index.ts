import type { Kysely, Migration } from 'kysely';

// A product's variants are read in their order (item, position, id) by every add to cart, checkout
// and product page (issue 20). With the index on `item_id` alone, SQLite sorted each read's variants
// in a temporary B-tree; an index on (item_id, position, id) hands them over in that order. It
// replaces the old one, whose single column is its prefix, so a variant write keeps one index.

export const variantOrderIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('product_variants_item_order')
      .on('product_variants')
      .columns(['item_id', 'position', 'id'])
      .execute();
    await db.schema.dropIndex('product_variants_item').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.createIndex('product_variants_item').on('product_variants').column('item_id').execute();
    await db.schema.dropIndex('product_variants_item_order').execute();
  },
};
