import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey, siteUserKey, timestamps } from './columns.js';

// Paid member areas (issue 23, `domains/memberships/`).
//
// - `member_areas`: an owner's area: a title and a description shown on the access-denied page (106).
// - `member_area_collections`: the pages and collections an area covers (a collection belongs to at
//   most one area). `was_members_only` keeps the collection's own members-only flag from before it
//   joined, so taking it out of the area restores it.
// - `member_plans`: how to join: `kind` 'free', 'one-time' or 'recurring'. Paid plans are backed by
//   a store item (`item_id`, a service product; recurring ones subscribable) bought through the
//   normal checkout; `duration_days` limits a one-time plan (null: permanent). `archived` plans stay
//   for revenue and existing members but are not offered.
// - `memberships`: what is not derived from orders: free joins and owner grants and revokes, one row
//   per (area, site user). `state` 'free', 'granted' or 'revoked'; `ends_at` null means no end.
//   Paid access is never stored: it is read from the user's paid orders and subscriptions.

export const memberAreasMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_areas')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .$call(timestamps)
      .execute();
    await db.schema.createIndex('member_areas_site').on('member_areas').column('site_id').execute();
    await db.schema
      .createTable('member_area_collections')
      .addColumn('collection_id', 'varchar(32)', (c) => c.primaryKey().references('collections.id').onDelete('cascade'))
      .addColumn('area_id', 'varchar(32)', (c) => c.notNull().references('member_areas.id').onDelete('cascade'))
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('was_members_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('member_area_collections_area')
      .on('member_area_collections')
      .column('area_id')
      .execute();
    await db.schema
      .createTable('member_plans')
      .$call(idKey)
      .addColumn('area_id', 'varchar(32)', (c) => c.notNull().references('member_areas.id').onDelete('cascade'))
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('interval_unit', 'varchar(8)')
      .addColumn('interval_value', 'integer')
      .addColumn('duration_days', 'integer')
      .addColumn('item_id', 'varchar(32)')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('member_plans_area').on('member_plans').columns(['area_id', 'position']).execute();
    await db.schema
      .createTable('memberships')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('area_id', 'varchar(32)', (c) => c.notNull().references('member_areas.id').onDelete('cascade'))
      .$call(siteUserKey)
      .addColumn('plan_id', 'varchar(32)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('ends_at', 'varchar(32)')
      .$call(timestamps)
      .addUniqueConstraint('memberships_area_user', ['area_id', 'site_user_id'])
      .execute();
    await db.schema.createIndex('memberships_user').on('memberships').column('site_user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('memberships').execute();
    await db.schema.dropTable('member_plans').execute();
    await db.schema.dropTable('member_area_collections').execute();
    await db.schema.dropTable('member_areas').execute();
  },
};
