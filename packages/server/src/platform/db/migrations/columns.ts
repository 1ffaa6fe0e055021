import type { CreateTableBuilder } from 'kysely';

// Column groups that many tables share, for `createTable(...).$call(group)`. Each adds exactly the
// columns the tables spelled out before (names, types, constraints, order), so the DDL a migration
// runs is the same to the byte on SQLite and PostgreSQL. A migration that has run never changes
// what it creates: change a group only by adding a new one.

type Table = CreateTableBuilder<any, any>;

const stamp = 'varchar(32)';

/** `id varchar(32)`, the table's primary key. */
export const idKey = (table: Table): Table => table.addColumn('id', 'varchar(32)', (c) => c.primaryKey());

/** `site_id`, required, deleted with its site. */
export const siteKey = (table: Table): Table =>
  table.addColumn('site_id', 'varchar(32)', (c) => c.notNull().references('sites.id').onDelete('cascade'));

/** `created_at`, required. */
export const createdAt = (table: Table): Table => table.addColumn('created_at', stamp, (c) => c.notNull());

/** `created_at` then `updated_at`, both required. */
export const timestamps = (table: Table): Table => createdAt(table).addColumn('updated_at', stamp, (c) => c.notNull());

/** A single-use link's `created_at` and `expires_at` (required) and `used_at` (empty until used). */
export const linkWindow = (table: Table): Table =>
  createdAt(table)
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .addColumn('used_at', stamp);

/** `id varchar(64)`, the primary key of a row stored under a token's SHA-256 (sessions, mailed links). */
export const tokenKey = (table: Table): Table => table.addColumn('id', 'varchar(64)', (c) => c.primaryKey());

/** `owner_id`, required, deleted with its owner. */
export const ownerKey = (table: Table): Table =>
  table.addColumn('owner_id', 'varchar(32)', (c) => c.notNull().references('owners.id').onDelete('cascade'));

/** `site_user_id`, required, deleted with its site user. */
export const siteUserKey = (table: Table): Table =>
  table.addColumn('site_user_id', 'varchar(32)', (c) => c.notNull().references('site_users.id').onDelete('cascade'));
