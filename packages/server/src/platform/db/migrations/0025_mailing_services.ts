import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// Connections out, second part (issue 21, `docs/mailing-services.md`, `docs/webhooks.md`).
//
// - `mailing_connections`: services that receive the site's newsletter sign-ups. `kind` is
//   'mailchimp' or 'webhook'; `target` is JSON (Mailchimp: data centre, audience id and name;
//   webhook: the receiver address); `secret` is the API key or signing secret sealed with
//   `platform/secrets.ts` under TESSERA_SECRET_KEY. `last_error` is the newest failure the owner sees.
// - `mailing_deliveries`: the outbox. One row per (connection, address), written in the same
//   transaction as the subscription and sent by the `mailing-services` job with retries and backoff.
//   `status`: 'pending', 'delivered' or 'failed'.
// - `webhook_endpoints.previous_secret` / `previous_secret_until`: the secret an endpoint had before
//   the owner rotated it; deliveries are signed with both until `previous_secret_until`.

export const mailingServicesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mailing_connections')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'varchar(32)')
      .$call(timestamps)
      .execute();
    await db.schema.createIndex('mailing_connections_site').on('mailing_connections').column('site_id').execute();
    await db.schema
      .createTable('mailing_deliveries')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('connection_id', 'varchar(32)', (c) =>
        c.notNull().references('mailing_connections.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('last_error', 'text')
      .$call(timestamps)
      .addUniqueConstraint('mailing_deliveries_connection_email', ['connection_id', 'email'])
      .execute();
    await db.schema
      .createIndex('mailing_deliveries_due')
      .on('mailing_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_until', 'varchar(32)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_until').execute();
    await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret').execute();
    await db.schema.dropTable('mailing_deliveries').execute();
    await db.schema.dropTable('mailing_connections').execute();
  },
};
