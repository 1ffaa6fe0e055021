import { type Kysely, sql } from 'kysely';
import { pgPoolOf } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { createLocalJobQueue } from './local-queue.js';
import type { JobQueue } from './queue.js';

export interface CreateJobQueueOptions {
  log: { warn(object: object, message: string): void };
  /** pg-boss: poll and supervision intervals (tests shorten them). */
  pollSeconds?: number;
  superviseSeconds?: number;
  /** In-process queue: poll interval. */
  pollMs?: number;
}

/**
 * The job queue for this database: pg-boss on PostgreSQL, in a schema of its own next to the
 * shop's (`tessera_jobs` beside `public`, `<schema>_jobs` beside any other), so every node of one
 * shop shares it and two shops on one server do not; the in-process queue on SQLite.
 */
export async function createJobQueue(db: Kysely<Database>, options: CreateJobQueueOptions): Promise<JobQueue> {
  const pool = pgPoolOf(db);
  if (!pool) return createLocalJobQueue(db, { pollMs: options.pollMs });
  // Loaded on PostgreSQL only: pg-boss and its dependencies are about 6 MB of heap a SQLite server
  // has no use for (issue 20, docs/performance.md "A thousand sites and memory").
  const { createPgBossQueue } = await import('./pg-boss-queue.js');
  return createPgBossQueue(pool, { ...options, schema: await jobsSchemaFor(db) });
}

/** The pg-boss schema that goes with the shop's schema. */
export async function jobsSchemaFor(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const name = schema === 'public' ? 'tessera_jobs' : `${schema}_jobs`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Cannot name a job queue schema after ${schema}`);
  return name;
}
