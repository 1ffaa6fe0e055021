import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { filesUnder } from '../../platform/files-under.js';

// `tessera backup` (issue 19): a consistent copy of an SQLite install while it serves. The database
// is copied with SQLite's online backup API (better-sqlite3 `.backup()`: it copies one snapshot and
// starts again if another connection writes during the copy), then the uploaded files; a
// manifest.json lists every file with its size and SHA-256 and is written last, so a directory
// without one is not a backup. PostgreSQL installs are backed up with pg_dump (docs/deploy.md).

export const BACKUP_FORMAT = 'tessera-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'tessera.db';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created: string;
  dialect: 'sqlite';
  /** The newest migration applied to the copied database, and every applied one (oldest first). */
  migration: string;
  migrations: string[];
  /** Whether the files folder is in the backup (not when files live in an S3 bucket). */
  filesIncluded: boolean;
  /** Path (with `/`) → size and SHA-256 of every file of the backup but this manifest. */
  checksums: Checksums;
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export type Checksums = Record<string, { size: number; sha256: string }>;

/** Size and SHA-256 of every file under `dir`, by its path there (with `/`). */
export function checksumsOf(dir: string): Checksums {
  const checksums: Checksums = {};
  for (const path of filesUnder(dir)) {
    const file = join(dir, path);
    checksums[path] = { size: statSync(file).size, sha256: sha256Of(file) };
  }
  return checksums;
}

/** What under `dir` does not match `checksums`: a listed file missing or changed, a file not listed (the manifest aside). */
export function checksumProblems(dir: string, checksums: Checksums): string[] {
  const problems: string[] = [];
  for (const [path, expected] of Object.entries(checksums)) {
    const file = join(dir, path);
    if (path.split('/').includes('..') || !existsSync(file)) problems.push(`${path} is missing`);
    else if (statSync(file).size !== expected.size || sha256Of(file) !== expected.sha256)
      problems.push(`${path} does not match its checksum`);
  }
  for (const path of filesUnder(dir)) {
    if (path !== MANIFEST && !Object.hasOwn(checksums, path)) problems.push(`${path} is not in the manifest`);
  }
  return problems;
}

/**
 * Writes a backup or a site archive into `<dir>.partial`: `fill` writes its files and answers its
 * manifest; the manifest, with the checksums of every file, is written last and the directory moved
 * to `dir`, so a directory without a manifest is never a finished one. A failure removes it.
 */
export async function writeArchiveDir<M extends { checksums: Checksums }>(
  dir: string,
  fill: (partial: string) => Promise<Omit<M, 'checksums'>>,
): Promise<{ dir: string; manifest: M }> {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const manifest = { ...(await fill(partial)), checksums: checksumsOf(partial) } as M;
    writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, dir);
    return { dir, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The migrations applied to an SQLite database file, oldest first. */
export function appliedMigrations(sqliteFile: string): string[] {
  const db = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select name from kysely_migration order by name').all() as { name: string }[];
    return rows.map((r) => r.name);
  } finally {
    db.close();
  }
}

/** A time as it appears in backup folder names: `20300601T000000Z`. */
export const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Where the backup goes: `out` itself when it does not exist yet, or a new
 * `tessera-backup-<time>` directory inside `out` when `out` is an existing directory.
 */
export function backupTarget(out: string, now: Date, prefix = 'tessera-backup'): string {
  if (!existsSync(out)) return out;
  if (!statSync(out).isDirectory()) throw new Error(`${out} exists and is not a directory.`);
  if (existsSync(join(out, MANIFEST))) throw new Error(`${out} is a backup already: give a new or a parent directory.`);
  const target = join(out, `${prefix}-${stamp(now)}`);
  if (existsSync(target)) throw new Error(`${target} exists already.`);
  return target;
}

/** Copies the SQLite database and the files folder into a new backup directory; answers its path. */
export async function backupSqlite(args: {
  sqliteFile: string;
  /** The files folder, or undefined when files live in an S3 bucket. */
  filesDir: string | undefined;
  out: string;
  now?: Date;
}): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(args.sqliteFile)) throw new Error(`There is no database at ${args.sqliteFile}.`);
  const now = args.now ?? new Date();
  return writeArchiveDir<BackupManifest>(backupTarget(args.out, now), async (partial) => {
    const source = new SQLite(args.sqliteFile, { fileMustExist: true, timeout: 5000 });
    try {
      // After the first step, copy everything left in one step: a busy shop cannot keep restarting it.
      await source.backup(join(partial, DATABASE_FILE), { progress: () => 1_000_000 });
    } finally {
      source.close();
    }
    const copy = new SQLite(join(partial, DATABASE_FILE));
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copied database fails its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    // Files after the database: every file the copied database names existed before it was copied.
    if (args.filesDir && existsSync(args.filesDir)) cpSync(args.filesDir, join(partial, 'files'), { recursive: true });
    const migrations = appliedMigrations(join(partial, DATABASE_FILE));
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created: now.toISOString(),
      dialect: 'sqlite',
      migration: migrations.at(-1) ?? '',
      migrations,
      filesIncluded: args.filesDir !== undefined,
    };
  });
}
