import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// Outgoing webhooks (issue 21, `docs/webhooks.md`).
//
// - `webhook_endpoints`: where an owner wants events sent. `secret` is the endpoint's signing
//   secret: sealed with `platform/secrets.ts` (`v1.…`) when TESSERA_SECRET_KEY is set, otherwise
//   kept as `plain.<secret>` (it must be readable to sign; the owner sees it once, at creation).
//   `events` is a JSON array of event types. `failure_streak` counts failed attempts in a row; the
//   endpoint is disabled (with `disabled_reason`) when it reaches the limit.
// - `webhook_deliveries`: the outbox. One row per (event, endpoint), written in the same transaction
//   as the change it reports, then posted by the `webhooks` job with retries and backoff.
//   `status`: 'pending', 'delivered' or 'failed'.

export const webhooksMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhook_endpoints')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled_reason', 'text')
      .$call(timestamps)
      .execute();
    await db.schema.createIndex('webhook_endpoints_site').on('webhook_endpoints').column('site_id').execute();
    await db.schema
      .createTable('webhook_deliveries')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('endpoint_id', 'varchar(32)', (c) =>
        c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('last_error', 'text')
      .$call(timestamps)
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
