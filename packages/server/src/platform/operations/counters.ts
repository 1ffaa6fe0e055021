/**
 * Counts a server instance keeps for `/metrics` (issue 18) that happen away from HTTP: mails and
 * scheduled jobs. Keyed by the instance's database object, so several apps in one process (the
 * tests) each count their own; modules that mail or run jobs call `nodeCounters(db)`.
 */
export interface NodeCounters {
  mails: { sent: number; failed: number };
  /** Per job name: rounds that finished and rounds that threw. */
  jobs: Map<string, { runs: number; failures: number }>;
}

const byDatabase = new WeakMap<object, NodeCounters>();

export function nodeCounters(db: object): NodeCounters {
  let counters = byDatabase.get(db);
  if (counters === undefined) {
    counters = { mails: { sent: 0, failed: 0 }, jobs: new Map() };
    byDatabase.set(db, counters);
  }
  return counters;
}

/** Records one run of a scheduled job. */
export function countJobRun(db: object, job: string, failed: boolean): void {
  const jobs = nodeCounters(db).jobs;
  let entry = jobs.get(job);
  if (entry === undefined) {
    entry = { runs: 0, failures: 0 };
    jobs.set(job, entry);
  }
  entry.runs++;
  if (failed) entry.failures++;
}
