import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { pgPoolOf } from '../db/connect.js';

/** Kysely's table of executed migrations (in the connection's schema on PostgreSQL). */
const MIGRATION_TABLE = 'kysely_migration';

export interface MigrationDrift {
  /** Executed in the database but unknown to this build: the database is newer than the server. */
  unknown: string[];
  /** Known to this build but not executed yet. */
  pending: string[];
}

/** Compares the database's executed migrations with this build's (`known`: the names in `platform/db/migrations.ts`). */
export async function migrationDrift(db: Kysely<any>, known: readonly string[]): Promise<MigrationDrift> {
  const executed = await executedMigrations(db);
  return {
    unknown: executed.filter((name) => !known.includes(name)).sort(),
    pending: known.filter((name) => !executed.includes(name)),
  };
}

async function executedMigrations(db: Kysely<any>): Promise<string[]> {
  // A fresh database has no migration table yet: nothing executed.
  if (!(await hasMigrationTable(db))) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name);
}

/** In this connection's schema on PostgreSQL (other schemas may have one of their own). */
async function hasMigrationTable(db: Kysely<any>): Promise<boolean> {
  const { rows } =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{ found: number }>`select count(*)::int as found from information_schema.tables
        where table_schema = current_schema() and table_name = ${MIGRATION_TABLE}`.execute(db)
      : await sql<{ found: number }>`select count(*) as found from sqlite_master
        where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
  return Number(rows[0]?.found ?? 0) > 0;
}

export class DatabaseNewerError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `This database was upgraded by a newer Tessera: it has migrations this build does not know (${unknown.join(', ')}). ` +
        'Start the newer version, or restore a backup taken before the upgrade; this server will not serve it.',
    );
    this.name = 'DatabaseNewerError';
  }
}

/** Refuses a database with migrations this build does not know. */
export async function assertDatabaseNotNewer(db: Kysely<any>, known: readonly string[]): Promise<void> {
  const { unknown } = await migrationDrift(db, known);
  if (unknown.length > 0) throw new DatabaseNewerError(unknown);
}

/**
 * Runs `work` (migrations, the first seed) while holding a PostgreSQL session advisory lock named
 * after the schema, so nodes starting together take turns: the first migrates and seeds, the
 * others then find nothing to do. On SQLite, its own file locking suffices and `work` just runs.
 */
export async function withStartupLock<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  const pool = pgPoolOf(db);
  if (!pool) return work();
  const client = await pool.connect();
  const key = 'tessera:startup';
  try {
    await client.query('select pg_advisory_lock(hashtext($1 || current_schema()))', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1 || current_schema()))', [key]);
    }
  } finally {
    client.release();
  }
}
