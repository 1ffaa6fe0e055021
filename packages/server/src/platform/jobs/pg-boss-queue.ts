import { createHash } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { JOB_DEFAULTS, type JobQueue, type JobQueueHooks, type JobQueueStats, type QueuedJob } from './queue.js';

export interface PgBossQueueOptions {
  /** The schema pg-boss keeps its tables in (created and migrated by pg-boss on start, under its own lock). */
  schema: string;
  /** How often each node's workers look for a job (default 1 s; pg-boss allows 0.5 s and up). */
  pollSeconds?: number;
  /** How often expired runs are taken back and counts refreshed (default 30 s). */
  superviseSeconds?: number;
  log: { warn(object: object, message: string): void };
}

/** A version-5-shaped UUID from `text`: the same occurrence gets the same pg-boss job id on every node. */
export function occurrenceId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A pg-boss queue's options for a job: exponential backoff, the job's expiry, a week of history. */
function queueOptions(job: QueuedJob) {
  return {
    retryLimit: job.retryLimit ?? JOB_DEFAULTS.retryLimit,
    retryDelay: job.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: job.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
    deleteAfterSeconds: 7 * 86_400,
  };
}

/**
 * The `JobQueue` contract on pg-boss (issue 18), for any number of nodes on one PostgreSQL. Every
 * node runs workers for every job; pg-boss hands each job to one of them (`FOR UPDATE SKIP
 * LOCKED`), takes back a job whose node died once it outlives `expireInSeconds`, and retries a
 * failed run with exponential backoff. An occurrence's job id is derived from its name and slot, so
 * the insert of a second node is a no-op. pg-boss gets its own small pool on the shop's database.
 */
export function createPgBossQueue(appPool: pg.Pool, options: PgBossQueueOptions): JobQueue {
  const pool = new pg.Pool({
    ...appPool.options,
    max: 4,
    application_name: `${String(appPool.options.application_name ?? 'tessera').slice(0, 48)}:jobs`,
  });
  pool.on('error', (error) => options.log.warn({ err: error }, 'job queue connection lost'));
  let dead = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        dead ? Promise.reject(new Error('The job queue was killed.')) : pool.query(text, values as unknown[]),
    },
    schema: options.schema,
    schedule: false,
    supervise: true,
    superviseIntervalSeconds: options.superviseSeconds ?? 30,
    monitorIntervalSeconds: options.superviseSeconds ?? 30,
  });
  boss.on('error', (error: unknown) => {
    if (!dead) options.log.warn({ err: error }, 'job queue (pg-boss) error');
  });
  let started = false;
  const names = new Set<string>();
  const slotKey = (name: string, slot: Date) => `${name}@${slot.toISOString()}`;

  async function work(job: QueuedJob, hooks: JobQueueHooks): Promise<void> {
    const settings = queueOptions(job);
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, settings);
    else await boss.createQueue(job.name, { ...settings, policy: 'standard' });
    await boss.work<{ slot?: string }>(
      job.name,
      { pollingIntervalSeconds: options.pollSeconds ?? 1, batchSize: 1 },
      async (jobs) => {
        for (const queued of jobs) {
          const attempt = queued.retryCount + 1;
          try {
            const slot = queued.data?.slot ? new Date(queued.data.slot) : undefined;
            const result = await job.run(new Date(), slot);
            hooks.onResult?.(job.name, result);
          } catch (error) {
            hooks.onError?.(job.name, error, { attempt, final: attempt > settings.retryLimit });
            throw error;
          }
        }
      },
    );
  }

  return {
    engine: 'pg-boss',
    async start(jobs, hooks = {}) {
      if (!started) await boss.start();
      started = true;
      for (const job of jobs) {
        if (names.has(job.name)) continue;
        names.add(job.name);
        await work(job, hooks);
      }
    },
    async enqueue(name, slot) {
      const key = slotKey(name, slot);
      const id = await boss.send(name, { slot: slot.toISOString() }, { id: occurrenceId(key), singletonKey: key });
      return id !== null;
    },
    async occurrence(name, slot) {
      const job = await boss.getJobById(name, occurrenceId(slotKey(name, slot)));
      return job ? { state: job.state, attempts: job.retryCount + (job.state === 'created' ? 0 : 1) } : undefined;
    },
    async stats(): Promise<JobQueueStats> {
      const { rows } = await pool.query<{ state: string; n: string; oldest: Date | null }>(
        `select state, count(*) as n, min(start_after) filter (where start_after <= now()) as oldest
           from ${options.schema}.job where name = any($1) and state in ('created', 'retry', 'active', 'failed')
          group by state`,
        [[...names]],
      );
      const count = (states: string[]) =>
        rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
      const oldest = rows
        .filter((r) => (r.state === 'created' || r.state === 'retry') && r.oldest)
        .map((r) => (r.oldest as Date).getTime());
      return {
        queued: count(['created', 'retry']),
        active: count(['active']),
        failed: count(['failed']),
        lagSeconds: oldest.length ? Math.max(0, (Date.now() - Math.min(...oldest)) / 1000) : 0,
      };
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, close: false, timeout: 20_000 }); // within the 25 s shutdown
      started = false;
      await pool.end();
    },
    async kill() {
      // Every statement fails from now on, as for a node that lost its database: the run under way
      // stays `active` in the table until its expiry, when another node takes it back.
      dead = true;
      await boss.stop({ graceful: false, close: false, timeout: 1000 }).catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
