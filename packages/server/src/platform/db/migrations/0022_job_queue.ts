import type { Kysely, Migration } from 'kysely';
import { timestamps } from './columns.js';

// Scheduled jobs on SQLite (issue 18, `platform/jobs/local-queue.ts`): one row per occurrence of a job. On
// PostgreSQL the jobs run on pg-boss (its own schema) and this table stays empty.
//
// - `job_runs`: the id is `<job>@<slot>` (the slot's start, ISO), so an occurrence is queued once
//   however many processes try. `state` is 'created', 'active', 'retry', 'completed' or 'failed';
//   an 'active' row whose `expires_at` passed belonged to a process that died and is claimed again.
//   `run_after` holds a retry back (exponential backoff); `last_error` says why the last try failed.
// - `mail_outbox` gains the retry state of a mail SMTP refused (`platform/mail/mail-retry.ts`, the
//   `mail-outbox` job): `delivery` ('retrying', 'failed'; null for a message sent, or kept without
//   SMTP, as before), `attempts`, `next_attempt_at` and `last_error`, and `envelope` (JSON: the sender and headers to
//   send it with). The editor's outbox shows the state.

export const jobQueueMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_runs')
      .addColumn('id', 'varchar(160)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('slot', 'varchar(32)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)')
      .addColumn('last_error', 'text')
      .$call(timestamps)
      .execute();
    await db.schema.createIndex('job_runs_state_run_after').on('job_runs').columns(['state', 'run_after']).execute();
    await db.schema.alterTable('mail_outbox').addColumn('delivery', 'varchar(16)').execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'varchar(32)').execute();
    await db.schema.alterTable('mail_outbox').addColumn('last_error', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('envelope', 'text').execute();
    await db.schema
      .createIndex('mail_outbox_retry')
      .on('mail_outbox')
      .columns(['delivery', 'next_attempt_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('mail_outbox_retry').execute();
    for (const column of ['envelope', 'last_error', 'next_attempt_at', 'attempts', 'delivery'])
      await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
    await db.schema.dropTable('job_runs').execute();
  },
};
