import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, linkWindow, siteKey, timestamps, tokenKey } from './columns.js';

// Forms (SPEC §3 "Form definition") and what visitors send them: submissions (spam is flagged,
// never dropped), one-time submission keys, spent captcha challenges (replay protection), and
// the mailing lists newsletter forms fill.

export const formsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mailing_lists')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('name', 'text', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('mailing_list_subscribers')
      .$call(idKey)
      .addColumn('list_id', 'varchar(32)', (c) => c.notNull().references('mailing_lists.id').onDelete('cascade'))
      .addColumn('email', 'varchar(256)', (c) => c.notNull())
      .addColumn('source', 'varchar(64)', (c) => c.notNull())
      .$call(createdAt)
      .addUniqueConstraint('mailing_list_subscribers_list_email', ['list_id', 'email'])
      .execute();

    await db.schema
      .createTable('forms')
      .$call(tokenKey)
      .$call(siteKey)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('mailing_list_id', 'varchar(32)', (c) => c.references('mailing_lists.id').onDelete('set null'))
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable('form_submissions')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('form_id', 'varchar(64)', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('page_context', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('spam_reason', 'varchar(64)')
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('form_submission_keys')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .$call(siteKey)
      .$call(linkWindow)
      .execute();

    await db.schema
      .createTable('captcha_spent')
      .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema.createIndex('forms_site').on('forms').column('site_id').execute();
    await db.schema
      .createIndex('form_submissions_form_created')
      .on('form_submissions')
      .columns(['form_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('form_submission_keys_expires')
      .on('form_submission_keys')
      .column('expires_at')
      .execute();
    await db.schema.createIndex('captcha_spent_expires').on('captcha_spent').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'captcha_spent',
      'form_submission_keys',
      'form_submissions',
      'forms',
      'mailing_list_subscribers',
      'mailing_lists',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
