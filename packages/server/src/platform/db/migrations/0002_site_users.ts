import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, linkWindow, ownerKey, siteKey, siteUserKey, timestamps, tokenKey } from './columns.js';

// Owners (people who run a website, with SPEC §6 roles), site users (visitors with an account),
// their sessions, password-reset links and the cart a site user keeps between visits.
// Session and reset tokens are stored as SHA-256 hashes, never as the token itself.

export const siteUsersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('owners')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('email', 'varchar(256)', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .$call(timestamps)
      .addUniqueConstraint('owners_site_email', ['site_id', 'email'])
      .execute();

    await db.schema
      .createTable('owner_roles')
      .$call(ownerKey)
      .addColumn('role', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('owner_roles_pk', ['owner_id', 'role'])
      .execute();

    await db.schema
      .createTable('owner_sessions')
      .$call(tokenKey)
      .$call(ownerKey)
      .$call(createdAt)
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('site_users')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('email', 'varchar(256)', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .$call(timestamps)
      .addUniqueConstraint('site_users_site_email', ['site_id', 'email'])
      .execute();

    await db.schema
      .createTable('site_user_sessions')
      .$call(tokenKey)
      .$call(siteUserKey)
      .addColumn('xsrf_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(createdAt)
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema.createTable('password_resets').$call(tokenKey).$call(siteUserKey).$call(linkWindow).execute();

    await db.schema
      .createTable('site_user_carts')
      .addColumn('site_user_id', 'varchar(32)', (c) => c.primaryKey().references('site_users.id').onDelete('cascade'))
      .addColumn('cart_id', 'varchar(32)', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('owner_sessions_owner').on('owner_sessions').column('owner_id').execute();
    await db.schema.createIndex('site_user_sessions_user').on('site_user_sessions').column('site_user_id').execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('site_user_id').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'site_user_carts',
      'password_resets',
      'site_user_sessions',
      'site_users',
      'owner_sessions',
      'owner_roles',
      'owners',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
