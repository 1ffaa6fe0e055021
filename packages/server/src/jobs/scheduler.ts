/**
 * A small in-process scheduler for housekeeping jobs (issue 15): every `intervalMs` it runs each
 * job in turn with the current time, one round at a time (a slow round delays the next instead of
 * overlapping it). It follows the renewal scheduler of `checkout/schedule.ts`: it runs once at
 * start, its timer does not keep the process alive, and `stop()` waits for the round under way.
 * Jobs must be safe to run from several processes at once (each claims its rows conditionally).
 */

export interface ScheduledJob<R = unknown> {
  name: string;
  /** On the timer, run at most this often (default: every round). Direct calls always run. */
  everyMs?: number;
  /** Does the work due at `now`; answers what it did (for logs and tests). */
  run(now: Date): Promise<R>;
}

export interface JobScheduler {
  /** Runs every job once at `now` (default: the current time), after any round under way. */
  runAll(now?: Date): Promise<Record<string, unknown>>;
  /** Runs one job by name at `now`, after any round under way. */
  run(name: string, now?: Date): Promise<unknown>;
  start(): void;
  stop(): Promise<void>;
}

export interface JobSchedulerOptions {
  intervalMs?: number;
  /** A job that threw; the other jobs of the round still run. */
  onError?: (job: string, error: unknown) => void;
  /** What a job did, when it did anything. */
  onResult?: (job: string, result: unknown) => void;
}

export const DEFAULT_JOB_INTERVAL_MS = 60_000;

export function createJobScheduler(jobs: readonly ScheduledJob[], options: JobSchedulerOptions = {}): JobScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const lastRun = new Map<string, number>();

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

  /** Queues `work` after the round under way; a failure does not stop later rounds. */
  function queue<T>(work: () => Promise<T>): Promise<T> {
    const result = running.then(work);
    running = result.catch(() => {});
    return result;
  }

  const tick = () => {
    void queue(() => round(new Date(), false, true));
  };

  return {
    runAll: (now = new Date()) => queue(() => round(now, true)),
    run(name, now = new Date()) {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No scheduled job named ${name}`));
      return queue(() => job.run(now));
    },
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs ?? DEFAULT_JOB_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running.catch(() => {});
    },
  };
}
