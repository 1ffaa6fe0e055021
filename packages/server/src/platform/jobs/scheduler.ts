import { type JobAttemptInfo, type JobQueue, type JobQueueStats, type QueuedJob, slotOf } from './queue.js';

/**
 * The scheduler of housekeeping jobs (issue 15). With a job queue (issue 18, how the server runs):
 * each tick queues the occurrence of every job for its current slot (`everyMs`, else `intervalMs`,
 * aligned to the epoch); every node ticks, only the first insert of a slot counts, and the queue
 * runs it once on whichever node claims it. Without a queue (unit tests): every `intervalMs` it runs
 * each job in turn, one round at a time. Either way the timer does not keep the process alive,
 * `stop()` waits for the work under way, and `run`/`runAll` run a job here and now (tests, CLI).
 * Jobs must still be safe to run from several processes at once (each claims its rows conditionally).
 */

export interface ScheduledJob<R = unknown> extends Omit<QueuedJob, 'run'> {
  name: string;
  /** On the timer, run at most this often (default: every round). Direct calls always run. */
  everyMs?: number;
  /** Does the work due at `now`; answers what it did (for logs and tests). From the queue, `slot` is the occurrence's slot. */
  run(now: Date, slot?: Date): Promise<R>;
}

export interface JobScheduler {
  /** Runs every job once at `now` (default: the current time), after any round under way. */
  runAll(now?: Date): Promise<Record<string, unknown>>;
  /** Runs one job by name at `now`, after any round under way. */
  run(name: string, now?: Date): Promise<unknown>;
  /** Adds a job (plugins registered after the jobs plugin); after `start()` the promise says when its workers run. */
  add(job: ScheduledJob): Promise<void>;
  /** With a queue: queues each job's occurrence for the slot holding `now`; answers the names this call queued first. */
  enqueueDue(now?: Date): Promise<string[]>;
  /** The queue's counts (undefined without a queue). */
  stats(): Promise<JobQueueStats | undefined>;
  readonly queue: JobQueue | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobSchedulerOptions {
  intervalMs?: number;
  /** Where the timer's occurrences run (see above). */
  queue?: JobQueue;
  /** With a queue: how often each node looks for a new slot (default: `intervalMs`, at most 15 s). */
  tickMs?: number;
  /** A job that threw; the other jobs of the round still run. `info` comes from the queue. */
  onError?: (job: string, error: unknown, info?: JobAttemptInfo) => void;
  /** What a job did, when it did anything. */
  onResult?: (job: string, result: unknown) => void;
}

export const DEFAULT_JOB_INTERVAL_MS = 60_000;

export function createJobScheduler(given: readonly ScheduledJob[], options: JobSchedulerOptions = {}): JobScheduler {
  const jobs = [...given];
  const queue = options.queue;
  const intervalMs = options.intervalMs ?? DEFAULT_JOB_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let starting: Promise<void> | undefined;
  const lastRun = new Map<string, number>();
  const lastSlot = new Map<string, number>();
  const hooks = { onResult: options.onResult, onError: options.onError };

  async function enqueueDue(now: Date): Promise<string[]> {
    const first: string[] = [];
    if (!queue) return first;
    for (const job of jobs) {
      const slot = slotOf(now, job.everyMs ?? intervalMs);
      if (lastSlot.get(job.name) === slot.getTime()) continue;
      try {
        if (await queue.enqueue(job.name, slot)) first.push(job.name);
        lastSlot.set(job.name, slot.getTime());
      } catch (error) {
        options.onError?.(job.name, error);
      }
    }
    return first;
  }

  async function round(now: Date, rethrow: boolean, onTimer = false): Promise<Record<string, unknown>> {
    const results: Record<string, unknown> = {};
    for (const job of jobs) {
      const last = lastRun.get(job.name);
      if (onTimer && job.everyMs && last !== undefined && now.getTime() - last < job.everyMs) continue;
      lastRun.set(job.name, now.getTime());
      try {
        results[job.name] = await job.run(now);
        options.onResult?.(job.name, results[job.name]);
      } catch (error) {
        if (rethrow) throw error;
        options.onError?.(job.name, error);
      }
    }
    return results;
  }

  /** Runs `work` after the round under way; a failure does not stop later rounds. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = running.then(work);
    running = result.catch(() => {});
    return result;
  }

  const tick = () => {
    void inTurn<unknown>(() => (queue ? enqueueDue(new Date()) : round(new Date(), false, true)));
  };

  return {
    queue,
    runAll: (now = new Date()) => inTurn(() => round(now, true)),
    run(name, now = new Date()) {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No scheduled job named ${name}`));
      return inTurn(() => job.run(now));
    },
    add(job) {
      if (jobs.some((j) => j.name === job.name)) throw new Error(`A scheduled job named ${job.name} exists already`);
      jobs.push(job);
      // Added after start: its workers start too; its first slot is queued on the next tick.
      if (!starting) return Promise.resolve();
      const added = starting.then(() => queue?.start([job], hooks));
      starting = added.catch((error: unknown) => options.onError?.(job.name, error));
      return added;
    },
    enqueueDue: (now = new Date()) => inTurn(() => enqueueDue(now)),
    stats: async () => queue?.stats(),
    start() {
      if (timer || starting) return starting ?? Promise.resolve();
      starting = (async () => {
        await queue?.start(jobs, hooks);
        tick();
        timer = setInterval(tick, queue ? (options.tickMs ?? Math.min(intervalMs, 15_000)) : intervalMs);
        timer.unref();
      })();
      return starting;
    },
    async stop() {
      await starting?.catch(() => {});
      starting = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running.catch(() => {});
      await queue?.stop();
    },
  };
}
