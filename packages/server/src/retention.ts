import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';
import { purgeDeletedPages } from './domains/content/pages/page-trash.js';

/**
 * Data retention (issue 15): what the server keeps no longer than it needs.
 *
 * - Carts (open or purchased) nobody touched for 90 days, with their entries and account links
 *   (foreign keys cascade). An order keeps its own copy of what was bought, so a purchased cart is
 *   not needed after that; an open cart that old is abandoned.
 * - Raw tracking rows (page views, events, performance metrics, JavaScript errors) older than 400
 *   days: a year of analytics plus a month to compare with, and nothing older.
 * - Deleted pages once their undo time (`PAGE_TRASH_MS`, 30 minutes) is over.
 *
 * Orders, payments, gift cards and subscriptions are business records and are never purged here.
 */
export const RETENTION = Object.freeze({ cartDays: 90, trackingDays: 400 });

/** The raw tracking tables the retention job trims. */
export const RAW_TRACKING_TABLES = [
  'tracking_hits',
  'tracking_events',
  'tracking_metrics',
  'tracking_js_errors',
] as const;

/** Rows deleted per statement, so one run never holds a long lock on a big table. */
const BATCH = 500;

export interface RetentionOutcome {
  carts: number;
  tracking: Record<(typeof RAW_TRACKING_TABLES)[number], number>;
  deletedPages: number;
}

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

async function purgeCarts(db: Kysely<Database>, cutoff: string): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 10_000; round++) {
    const stale = await db
      .selectFrom('carts')
      .select('id')
      .where('updated_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('cart_entries')
              .select('cart_entries.id')
              .whereRef('cart_entries.cart_id', '=', 'carts.id')
              .where('cart_entries.updated_at', '>=', cutoff),
          ),
        ),
      )
      .limit(BATCH)
      .execute();
    if (stale.length === 0) break;
    // Checked again in the delete: a cart touched since the select stays.
    const result = await db
      .deleteFrom('carts')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (stale.length < BATCH) break;
  }
  return deleted;
}

async function purgeTracking(
  db: Kysely<Database>,
  table: (typeof RAW_TRACKING_TABLES)[number],
  cutoff: string,
): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 10_000; round++) {
    const old = await db.selectFrom(table).select('id').where('created_at', '<', cutoff).limit(BATCH).execute();
    if (old.length === 0) break;
    const result = await db
      .deleteFrom(table)
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (old.length < BATCH) break;
  }
  return deleted;
}

/** Deletes what is past its retention at `now`; answers how many rows went. Safe to run concurrently. */
export async function purgeExpiredData(db: Kysely<Database>, now: Date = new Date()): Promise<RetentionOutcome> {
  const carts = await purgeCarts(db, daysBefore(now, RETENTION.cartDays));
  const tracking = {} as RetentionOutcome['tracking'];
  const cutoff = daysBefore(now, RETENTION.trackingDays);
  for (const table of RAW_TRACKING_TABLES) tracking[table] = await purgeTracking(db, table, cutoff);
  const deletedPages = await purgeDeletedPages(db, now);
  return { carts, tracking, deletedPages };
}
