import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  sql,
} from 'kysely';
import { createdAt, idKey, siteKey, timestamps } from './migrations/columns.js';
import { siteUsersMigration } from './migrations/0002_site_users.js';
import { trackingMigration } from './migrations/0004_tracking.js';
import { formsMigration } from './migrations/0003_forms.js';
import { contentMigration } from './migrations/0005_content.js';
import { commentsMigration } from './migrations/0005b_comments.js';
import { checkoutMigration } from './migrations/0006_checkout.js';
import { restockMigration } from './migrations/0007_restock.js';
import { editorMigration } from './migrations/0008_editor.js';
import { adminMigration } from './migrations/0009_admin.js';
import { commerceAdminMigration } from './migrations/0010_commerce_admin.js';
import { orderPaymentIntegrityMigration } from './migrations/0011_order_payment_integrity.js';
import { stockHoldsMigration } from './migrations/0012_stock_holds.js';
import { accountSecurityMigration } from './migrations/0013_account_security.js';
import { sitesSetupMigration } from './migrations/0014_sites_setup.js';
import { hostedPaymentsMigration } from './migrations/0015_hosted_payments.js';
import { paymentConnectionsMigration } from './migrations/0016_payment_connections.js';
import { deletedPagesMigration } from './migrations/0017_deleted_pages.js';
import { webhooksMigration } from './migrations/0018_webhooks.js';
import { reviewsMigration } from './migrations/0019_reviews.js';
import { donationsMigration } from './migrations/0020_donations.js';
import { memberAreasMigration } from './migrations/0021_member_areas.js';
import { jobQueueMigration } from './migrations/0022_job_queue.js';
import { siteThemesMigration } from './migrations/0023_site_themes.js';
import { siteFontsMigration } from './migrations/0024_site_fonts.js';
import { mailingServicesMigration } from './migrations/0025_mailing_services.js';
import { reviewPhotosMigration } from './migrations/0026_review_photos.js';
import { siteFontKitsMigration } from './migrations/0027_site_font_kits.js';
import { fontKitOriginsMigration } from './migrations/0029_font_kit_origins.js';
import { importsMigration } from './migrations/0030_imports.js';
import { donationRecurringRefundsMigration } from './migrations/0031_donation_recurring_refunds.js';
import { fontKitStyleOriginsMigration } from './migrations/0033_font_kit_style_origins.js';
import { paymentEventsPerSiteMigration } from './migrations/0034_payment_events_per_site.js';
import { reviewDraftsMigration } from './migrations/0035_review_drafts.js';
import { siteFilesRootMigration } from './migrations/0039_site_files_root.js';
import { refundGiftCardsMigration } from './migrations/0040_refund_gift_cards.js';
import { variantOrderIndexMigration } from './migrations/0041_variant_order_index.js';
import { pendingRefundsIndexMigration } from './migrations/0042_pending_refunds_index.js';
import { renewalClaimsMigration } from './migrations/0043_renewal_claims.js';
import { assertDatabaseNotNewer } from '../operations/migration-guard.js';

// Migrations live in code so the built server needs no migration folder on disk.
// Portable SQL only: every statement must run unchanged on SQLite and PostgreSQL.

const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sites')
      .$call(idKey)
      .addColumn('host', 'varchar(255)', (c) => c.unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('locale', 'varchar(32)', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('collections')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('slug', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('nav_visible', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .$call(createdAt)
      .addUniqueConstraint('collections_site_slug', ['site_id', 'slug'])
      .execute();

    await db.schema
      .createTable('items')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('collection_id', 'varchar(32)', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('record_type', 'integer', (c) => c.notNull())
      .addColumn('url_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('structured_content', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
      .$call(timestamps)
      .addUniqueConstraint('items_collection_url_id', ['collection_id', 'url_id'])
      .execute();

    await db.schema
      .createTable('product_variants')
      .$call(idKey)
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('main_image', 'text')
      .addUniqueConstraint('product_variants_item_sku', ['item_id', 'sku'])
      .execute();

    await db.schema
      .createTable('carts')
      .$call(idKey)
      .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
      .$call(siteKey)
      .addColumn('purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('cart'))
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable('cart_entries')
      .$call(idKey)
      .addColumn('cart_id', 'varchar(32)', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('additional_fields', 'text')
      .$call(timestamps)
      .addUniqueConstraint('cart_entries_cart_item_sku', ['cart_id', 'item_id', 'sku'])
      .execute();

    await db.schema
      .createTable('mail_outbox')
      .$call(idKey)
      .addColumn('site_id', 'varchar(32)', (c) => c.references('sites.id').onDelete('set null'))
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .$call(createdAt)
      .addColumn('sent_at', 'varchar(32)')
      .execute();

    await db.schema.createIndex('items_site_collection').on('items').columns(['site_id', 'collection_id']).execute();
    await db.schema.createIndex('product_variants_item').on('product_variants').column('item_id').execute();
    await db.schema.createIndex('cart_entries_cart').on('cart_entries').column('cart_id').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['mail_outbox', 'cart_entries', 'carts', 'product_variants', 'items', 'collections', 'sites']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/** Every migration, in order; names sort in the order they must run. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_site_users': siteUsersMigration,
  '0003_forms': formsMigration,
  '0004_tracking': trackingMigration,
  '0005_content': contentMigration,
  '0005b_comments': commentsMigration,
  '0006_checkout': checkoutMigration,
  '0007_restock': restockMigration,
  '0008_editor': editorMigration,
  '0009_admin': adminMigration,
  '0010_commerce_admin': commerceAdminMigration,
  '0011_order_payment_integrity': orderPaymentIntegrityMigration,
  '0012_stock_holds': stockHoldsMigration,
  '0013_account_security': accountSecurityMigration,
  '0014_sites_setup': sitesSetupMigration,
  '0015_hosted_payments': hostedPaymentsMigration,
  '0016_payment_connections': paymentConnectionsMigration,
  '0017_deleted_pages': deletedPagesMigration,
  '0018_webhooks': webhooksMigration,
  '0019_reviews': reviewsMigration,
  '0020_donations': donationsMigration,
  '0021_member_areas': memberAreasMigration,
  '0022_job_queue': jobQueueMigration,
  '0023_site_themes': siteThemesMigration,
  '0024_site_fonts': siteFontsMigration,
  '0025_mailing_services': mailingServicesMigration,
  '0026_review_photos': reviewPhotosMigration,
  '0027_site_font_kits': siteFontKitsMigration,
  '0029_font_kit_origins': fontKitOriginsMigration,
  '0030_imports': importsMigration,
  '0031_donation_recurring_refunds': donationRecurringRefundsMigration,
  '0033_font_kit_style_origins': fontKitStyleOriginsMigration,
  '0034_payment_events_per_site': paymentEventsPerSiteMigration,
  '0035_review_drafts': reviewDraftsMigration,
  '0039_site_files_root': siteFilesRootMigration,
  '0040_refund_gift_cards': refundGiftCardsMigration,
  '0041_variant_order_index': variantOrderIndexMigration,
  '0042_pending_refunds_index': pendingRefundsIndexMigration,
  '0043_renewal_claims': renewalClaimsMigration,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export function createMigrator(db: Kysely<any>, migrationTableSchema?: string): Migrator {
  // Areas add migrations side by side (0005b_comments landed after 0006_checkout had run on some
  // databases): a pending migration that sorts before an executed one still runs instead of failing.
  return new Migrator({
    db: migrationTableSchema ? withSchemaScopedIntrospection(db, migrationTableSchema) : db,
    provider: new InCodeMigrationProvider(),
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
}

/**
 * Kysely's migrator asks whether its own tables exist by listing every table of every schema, and
 * PostgreSQL's column details for that list fail ("column "x" of relation "t" does not exist",
 * "schema "s" does not exist") when another server on the same database creates or drops a schema
 * meanwhile: other shops, or the test servers that each have one. The migrator only needs the
 * table names of its own schema, so it gets an introspector that lists those and nothing else.
 */
function withSchemaScopedIntrospection(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    async getTables() {
      const { rows } = await sql<{ name: string; kind: string }>`
        select table_name as name, table_type as kind from information_schema.tables
        where table_schema = ${schema}`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'VIEW', columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  // Kysely keeps its state in private fields, so methods are called on the real instance.
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * On PostgreSQL, the schema the connection writes to. Kysely looks for its migration tables in
 * every schema unless told which one, so a server whose search_path names a fresh schema (each
 * test server has one) would otherwise find another schema's lock table and skip creating its own.
 */
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Brings the schema up to date; throws with the failing migration's name on error, and refuses a
 * database with migrations this build does not know (a newer server upgraded it: issue 18).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  await assertDatabaseNotNewer(db, Object.keys(MIGRATIONS));
  const schema = await currentSchema(db);
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
