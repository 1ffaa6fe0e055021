/**
 * The job queue contract (issue 18): scheduled work is queued as one occurrence per job and time
 * slot, and whichever node claims an occurrence runs it. Two engines implement it:
 * `pg-boss-queue.ts` on PostgreSQL (any number of nodes) and `local-queue.ts` on SQLite (one node,
 * rows in `job_runs`). Both give each occurrence a deterministic id, so every node may queue the
 * same slot and only the first insert counts; both take a claim back when it outlives its expiry
 * (the node died mid-job) and retry a failed run with exponential backoff.
 */

export interface QueuedJob {
  name: string;
  /** Does the work due at `now` (the time it runs); `slot` is the start of the occurrence's slot. */
  run(now: Date, slot?: Date): Promise<unknown>;
  /** Runs after the first that may follow a failure or an expiry (default 4). */
  retryLimit?: number;
  /** First retry delay in seconds; each further retry waits about twice as long (default 5). */
  retryDelaySeconds?: number;
  /** A run still going after this long is taken as lost and retried (default 900 s). */
  expireInSeconds?: number;
}

export interface JobAttemptInfo {
  /** 1 for the first run of an occurrence. */
  attempt: number;
  /** No retry follows: the occurrence is `failed` for good. */
  final: boolean;
}

export interface JobQueueHooks {
  onResult?: (job: string, result: unknown) => void;
  onError?: (job: string, error: unknown, info: JobAttemptInfo) => void;
}

export interface JobQueueStats {
  /** Occurrences waiting (new or waiting for a retry). */
  queued: number;
  active: number;
  /** Occurrences that failed for good and are still kept. */
  failed: number;
  /** Seconds the oldest occurrence ready to run has waited (0 when none). */
  lagSeconds: number;
}

export interface JobQueue {
  readonly engine: 'pg-boss' | 'in-process';
  /** Starts working the given jobs (and taking back lapsed claims). */
  start(jobs: readonly QueuedJob[], hooks?: JobQueueHooks): Promise<void>;
  /** Queues the occurrence of `name` for the slot starting at `slot`; false when it was queued already (by any node). */
  enqueue(name: string, slot: Date): Promise<boolean>;
  /** The state of one occurrence (tests, and the owner-facing failure view): undefined when none was queued. */
  occurrence(name: string, slot: Date): Promise<{ state: string; attempts: number } | undefined>;
  stats(): Promise<JobQueueStats>;
  /** Stops taking work and waits for runs under way (graceful shutdown). */
  stop(): Promise<void>;
  /** Stops as a node that crashed would: runs under way are left unsettled (tests). */
  kill(): Promise<void>;
}

export const JOB_DEFAULTS = Object.freeze({ retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 900 });

/** The start of the slot of length `periodMs` that holds `at` (slots are aligned to the epoch, so every node agrees). */
export function slotOf(at: Date, periodMs: number): Date {
  return new Date(Math.floor(at.getTime() / periodMs) * periodMs);
}

/** Seconds before retry number `retry` (1-based): `delay · 2^(retry-1)`, capped at an hour. */
export function retryDelaySeconds(job: Pick<QueuedJob, 'retryDelaySeconds'>, retry: number): number {
  const base = job.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds;
  return Math.min(3600, base * 2 ** Math.max(0, retry - 1));
}
