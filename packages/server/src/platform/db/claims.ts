import type { Kysely, Updateable, UpdateResult } from 'kysely';
import type { Database } from './schema.js';

// Claims made by the database (issue 16: written once for checkout, reviews, subscriptions and
// donations): a unique index lets one writer in, and a conditional update moves a counter only
// from the value the writer read. Whoever loses learns it from the error these throw or recognise.

const TAKEN = 'claim-taken';

/** Did a write fail on a unique index (PostgreSQL 23505, SQLite "UNIQUE constraint failed")? */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * Throws (to roll the transaction back) unless the conditional update moved exactly one row: the
 * counter it guards had been moved by another process meanwhile.
 */
export function expectClaimed(result: UpdateResult): void {
  if (Number(result.numUpdatedRows) !== 1) throw new Error(TAKEN);
}

/** A claim lost to another process: its unique row taken first, or its counter moved (`expectClaimed`). */
export function isClaimConflict(error: unknown): boolean {
  return isUniqueViolation(error) || (error instanceof Error && error.message === TAKEN);
}

/** The work rows a crash can leave half done, and the column each leases by. */
const LEASED = {
  payments: 'created_at',
  donation_payments: 'created_at',
  donation_refunds: 'updated_at',
  subscription_cycles: 'claimed_at',
} as const;

/**
 * Takes a row a crash left half done (a refund `pending`, a charge `charging`) for one of the
 * processes that found it: its lease column moves from the value read (`seen`) to `now`, only while
 * the row is still `status`, so of two callers one moves it, and a caller that finds it later sees
 * a fresh time and waits its turn. Answers whether this caller took it.
 */
export async function takeLease(
  db: Kysely<Database>,
  table: keyof typeof LEASED,
  row: { id: string; status: string; seen: string },
  now: string,
): Promise<boolean> {
  const column = LEASED[table];
  const moved = await db
    .updateTable(table as 'payments')
    .set({ [column]: now } as Updateable<Database['payments']>)
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where(column as 'created_at', '=', row.seen)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
