import type { UpdateResult } from 'kysely';

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
