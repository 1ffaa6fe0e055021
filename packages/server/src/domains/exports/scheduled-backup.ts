import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { ServerConfig } from '../../platform/config.js';
import { sqliteFileFor } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { BACKUP_FORMAT, backupSqlite, MANIFEST, stamp } from './backup.js';
import { slotOf } from '../../platform/jobs/queue.js';

// Scheduled backups (issue 19): with TESSERA_BACKUP_DIR set, the running server makes a `tessera
// backup` of its SQLite install once per slot of TESSERA_BACKUP_EVERY_HOURS, then keeps only the
// newest TESSERA_BACKUP_KEEP complete backups of that folder. A backup is named after its slot, so a
// second run of the same slot (a retry, another node) finds it made and does nothing. Only folders
// whose manifest.json says `tessera-backup` are ours to delete; `tessera-backup-<time>.partial`
// folders of earlier slots are what a crash left half-written and are removed. On PostgreSQL the job
// only says, once, that pg_dump is the way (docs/deploy.md, "Backups").

export const PG_SCHEDULED_BACKUP =
  'Scheduled backups (TESSERA_BACKUP_DIR) copy SQLite installs only: back PostgreSQL up with pg_dump (docs/deploy.md, "Backups").';

const PARTIAL = /^tessera-backup-(\d{8}T\d{6}Z)\.partial$/;

export type ScheduledBackupOutcome =
  | { skipped: 'postgres' }
  | { skipped: 'made-already'; dir: string }
  | { dir: string; removed: string[]; cleanedUp: string[] };

interface OurBackup {
  name: string;
  created: string;
}

/** The complete backups in `dir` that are ours: a folder with a readable Tessera manifest. */
export function backupsIn(dir: string): OurBackup[] {
  const out: OurBackup[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    try {
      const manifest = JSON.parse(readFileSync(join(dir, entry.name, MANIFEST), 'utf8')) as {
        format?: unknown;
        created?: unknown;
      };
      if (manifest?.format === BACKUP_FORMAT && typeof manifest.created === 'string')
        out.push({ name: entry.name, created: manifest.created });
    } catch {
      // No manifest, or not ours: never touched.
    }
  }
  return out;
}

/** Deletes all but the newest `keep` of our backups in `dir`, never `made`; answers the names deleted. */
export function pruneBackups(dir: string, keep: number, made: string): string[] {
  const newestFirst = backupsIn(dir).sort((a, b) => b.created.localeCompare(a.created) || b.name.localeCompare(a.name));
  const kept = new Set([
    made,
    ...newestFirst
      .filter((b) => b.name !== made)
      .slice(0, keep - 1)
      .map((b) => b.name),
  ]);
  const removed: string[] = [];
  for (const backup of newestFirst) {
    if (kept.has(backup.name)) continue;
    rmSync(join(dir, backup.name), { recursive: true, force: true });
    removed.push(backup.name);
  }
  return removed;
}

/** Removes the half-written backups of slots before `slotName` (a crash mid-copy); answers their names. */
function cleanUpPartials(dir: string, slotName: string): string[] {
  const cleaned: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = PARTIAL.exec(entry.name);
    if (!entry.isDirectory() || !match || `tessera-backup-${match[1]}` >= slotName) continue;
    rmSync(join(dir, entry.name), { recursive: true, force: true });
    cleaned.push(entry.name);
  }
  return cleaned;
}

/** The scheduled job's work: one backup per slot, then retention. */
export function createScheduledBackup(args: {
  db: Kysely<Database>;
  config: ServerConfig;
  settings: NonNullable<ServerConfig['backup']>;
  log: { info(message: string): void };
}) {
  const { settings } = args;
  const everyMs = settings.everyHours * 3_600_000;
  let toldPostgres = false;
  return {
    everyMs,
    async run(now: Date, slot?: Date): Promise<ScheduledBackupOutcome> {
      if (args.db.getExecutor().adapter instanceof PostgresAdapter) {
        if (!toldPostgres) args.log.info(PG_SCHEDULED_BACKUP);
        toldPostgres = true;
        return { skipped: 'postgres' };
      }
      const name = `tessera-backup-${stamp(slot ?? slotOf(now, everyMs))}`;
      const target = join(settings.dir, name);
      mkdirSync(settings.dir, { recursive: true });
      const cleanedUp = cleanUpPartials(settings.dir, name);
      if (existsSync(join(target, MANIFEST))) return { skipped: 'made-already', dir: target };
      // A folder of this name without a manifest is not ours: never written into or over.
      if (existsSync(target)) throw new Error(`${target} exists but is not a complete Tessera backup: move it away.`);
      const { dir } = await backupSqlite({
        sqliteFile: sqliteFileFor(args.config.dataDir),
        filesDir: args.config.s3 ? undefined : args.config.filesDir,
        out: target,
        now,
      });
      return { dir, removed: pruneBackups(settings.dir, settings.keep, name), cleanedUp };
    },
  };
}
