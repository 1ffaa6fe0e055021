import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey } from './columns.js';

// First-party tracking: page hits, named events (census, site, schema and server events), web
// vitals and timings from the performance records, and JavaScript errors. Rows are written in
// batches by the tracking plugin; no foreign keys, so a burst of writes never waits on a lookup.

export const trackingMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('tracking_hits')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('visit_id', 'varchar(96)', (c) => c.notNull())
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('analytics_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('referrer_host', 'varchar(255)', (c) => c.notNull())
      .addColumn('device', 'varchar(16)', (c) => c.notNull())
      .addColumn('page_type', 'integer')
      .addColumn('landing', 'integer', (c) => c.notNull())
      .addColumn('language', 'varchar(35)', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('tracking_events')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('item_id', 'varchar(64)')
      .addColumn('value_cents', 'integer')
      .addColumn('currency', 'varchar(3)')
      .addColumn('data', 'text', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('tracking_metrics')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('page_load_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('tracking_js_errors')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('stack', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('line', 'integer')
      .addColumn('col', 'integer')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    for (const table of ['tracking_hits', 'tracking_events', 'tracking_metrics', 'tracking_js_errors']) {
      await db.schema.createIndex(`${table}_site_time`).on(table).columns(['site_id', 'created_at']).execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['tracking_js_errors', 'tracking_metrics', 'tracking_events', 'tracking_hits']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
