import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  JOB_DEFAULTS,
  type JobQueue,
  type JobQueueHooks,
  type JobQueueStats,
  type QueuedJob,
  retryDelaySeconds,
} from './queue.js';

export interface LocalJobQueueOptions {
  /** How often the queue looks for occurrences to run (default 1 s). */
  pollMs?: number;
  /** Finished occurrences are kept this long, then deleted (default 7 days). */
  keepMs?: number;
}

const KEEP_MS = 7 * 86_400_000;
const CLEAN_EVERY_MS = 10 * 60_000;
const BATCH = 20;

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * The in-process job queue for SQLite (issue 18): the `JobQueue` contract on the `job_runs` table.
 * Each claim is a conditional update, so even two processes on one file (the server and a CLI run)
 * never run an occurrence twice; a claim that outlives its expiry (the process died) is taken back
 * by the next poll, here or in the next process to start. One job runs at a time per name; different
 * jobs run side by side. It only works statements through the shop's own database: no new server.
 */
export function createLocalJobQueue(db: Kysely<Database>, options: LocalJobQueueOptions = {}): JobQueue {
  const byName = new Map<string, QueuedJob>();
  const running = new Map<string, Promise<void>>();
  let hooks: JobQueueHooks = {};
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  let stopped = true;
  let killed = false;
  let lastClean = 0;

  const idOf = (name: string, slot: Date) => `${name}@${slot.toISOString()}`;

  async function poll(): Promise<void> {
    if (stopped) return;
    const now = new Date();
    const at = now.toISOString();
    const due = await db
      .selectFrom('job_runs')
      .select(['id', 'name', 'slot', 'state', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', ['created', 'retry']), eb('run_after', '<=', at)]),
          eb.and([eb('state', '=', 'active'), eb('expires_at', '<=', at)]),
        ]),
      )
      .orderBy('run_after')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      const job = byName.get(row.name);
      if (!job || running.has(row.name) || stopped) continue;
      await claim(job, row, now);
    }
    if (now.getTime() - lastClean > CLEAN_EVERY_MS) {
      lastClean = now.getTime();
      const cutoff = new Date(now.getTime() - (options.keepMs ?? KEEP_MS)).toISOString();
      await db
        .deleteFrom('job_runs')
        .where('state', 'in', ['completed', 'failed'])
        .where('updated_at', '<', cutoff)
        .execute();
    }
  }

  /** Takes the occurrence if nobody else did since the select, then runs it in the background. */
  async function claim(job: QueuedJob, row: { id: string; slot: string; state: string; attempts: number }, now: Date) {
    const at = now.toISOString();
    const allowed = (job.retryLimit ?? JOB_DEFAULTS.retryLimit) + 1;
    const lapsed = row.state === 'active';
    if (lapsed && row.attempts >= allowed) {
      // The last allowed run never finished: the occurrence has failed for good.
      const gaveUp = await db
        .updateTable('job_runs')
        .set({
          state: 'failed',
          expires_at: null,
          last_error: 'The run did not finish before its expiry.',
          updated_at: at,
        })
        .where('id', '=', row.id)
        .where('state', '=', 'active')
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(gaveUp.numUpdatedRows) === 1)
        hooks.onError?.(job.name, new Error('The run did not finish before its expiry.'), {
          attempt: row.attempts,
          final: true,
        });
      return;
    }
    const expiresAt = new Date(now.getTime() + (job.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds) * 1000);
    const claimed = await db
      .updateTable('job_runs')
      .set({ state: 'active', attempts: row.attempts + 1, expires_at: expiresAt.toISOString(), updated_at: at })
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const attempt = row.attempts + 1;
    const run = execute(job, row, attempt, allowed).finally(() => running.delete(job.name));
    running.set(job.name, run);
  }

  async function execute(job: QueuedJob, { id, slot }: { id: string; slot: string }, attempt: number, allowed: number) {
    let result: unknown;
    let failure: { error: unknown } | undefined;
    try {
      result = await job.run(new Date(), new Date(slot));
    } catch (error) {
      failure = { error };
    }
    if (killed) return;
    const now = new Date();
    // Only the run that holds the claim settles it: a lapsed run that comes back late changes nothing.
    const finish = (values: { state: string; run_after?: string; last_error?: string }) =>
      db
        .updateTable('job_runs')
        .set({ ...values, expires_at: null, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('state', '=', 'active')
        .where('attempts', '=', attempt)
        .execute();
    try {
      if (!failure) {
        await finish({ state: 'completed' });
        hooks.onResult?.(job.name, result);
        return;
      }
      const final = attempt >= allowed;
      const runAfter = new Date(now.getTime() + retryDelaySeconds(job, attempt) * 1000);
      await finish({
        state: final ? 'failed' : 'retry',
        run_after: final ? now.toISOString() : runAfter.toISOString(),
        last_error: errorText(failure.error),
      });
      hooks.onError?.(job.name, failure.error, { attempt, final });
    } catch (error) {
      hooks.onError?.(job.name, error, { attempt, final: false });
    }
  }

  const tick = () => {
    polling = polling
      .then(poll)
      .catch((error: unknown) => hooks.onError?.('job-queue', error, { attempt: 0, final: false }));
  };

  return {
    engine: 'in-process',
    async start(jobs, given = {}) {
      for (const job of jobs) byName.set(job.name, job);
      hooks = given;
      stopped = false;
      killed = false;
      if (timer) return;
      timer = setInterval(tick, options.pollMs ?? 1000);
      timer.unref();
      tick();
    },
    async enqueue(name, slot) {
      const at = new Date().toISOString();
      const inserted = await db
        .insertInto('job_runs')
        .values({
          id: idOf(name, slot),
          name,
          slot: slot.toISOString(),
          state: 'created',
          attempts: 0,
          run_after: at,
          expires_at: null,
          last_error: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      const fresh = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      if (fresh && !stopped) tick();
      return fresh;
    },
    async occurrence(name, slot) {
      const row = await db
        .selectFrom('job_runs')
        .select(['state', 'attempts'])
        .where('id', '=', idOf(name, slot))
        .executeTakeFirst();
      return row ? { state: row.state, attempts: row.attempts } : undefined;
    },
    async stats(): Promise<JobQueueStats> {
      const rows = await db
        .selectFrom('job_runs')
        .select(({ fn }) => ['state', fn.countAll<number>().as('n'), fn.min('run_after').as('oldest')])
        .where('state', 'in', ['created', 'retry', 'active', 'failed'])
        .groupBy('state')
        .execute();
      const count = (states: string[]) =>
        rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
      const now = Date.now();
      const waiting = rows
        .filter((r) => r.state === 'created' || r.state === 'retry')
        .map((r) => Date.parse(String(r.oldest)))
        .filter((t) => t <= now);
      return {
        queued: count(['created', 'retry']),
        active: count(['active']),
        failed: count(['failed']),
        lagSeconds: waiting.length ? Math.max(0, (now - Math.min(...waiting)) / 1000) : 0,
      };
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await polling.catch(() => {});
      await Promise.allSettled([...running.values()]);
    },
    async kill() {
      stopped = true;
      killed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      running.clear();
    },
  };
}
