import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../../platform/db/migrations.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  checksumProblems,
  DATABASE_FILE,
  MANIFEST,
  stamp,
} from './backup.js';

// `tessera restore <backup> --yes` (issue 19): checks a backup made by `tessera backup` (every file
// present with the size and SHA-256 its manifest records, nothing added, no migration this build does
// not know), then puts its database and files in place. What was there before is moved aside into
// DATA_DIR/before-restore-<time>/, never deleted. Run it while the server is stopped.

/** The backup is refused: nothing was changed. */
export class RestoreRefused extends Error {}

function readManifest(dir: string): BackupManifest {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RestoreRefused(`${dir} is not a backup directory.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused(`${dir} has no readable ${MANIFEST}: it is not a complete Tessera backup.`);
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.checksums !== 'object' || !manifest.checksums)
    throw new RestoreRefused(`${dir}/${MANIFEST} is not a Tessera backup manifest.`);
  if (manifest.version > BACKUP_VERSION)
    throw new RestoreRefused(
      `The backup has format version ${manifest.version}; this Tessera reads version ${BACKUP_VERSION}. Restore it with a newer Tessera.`,
    );
  if (manifest.dialect !== 'sqlite') throw new RestoreRefused('Only SQLite backups are restored by this command.');
  return manifest;
}

/** Every problem with the backup's files (empty when it is intact). */
export function verifyBackup(dir: string): { manifest: BackupManifest; problems: string[] } {
  const manifest = readManifest(dir);
  const problems: string[] = [];
  if (!Object.hasOwn(manifest.checksums, DATABASE_FILE)) problems.push(`${DATABASE_FILE} is not in the manifest`);
  problems.push(...checksumProblems(dir, manifest.checksums));
  const known = new Set(Object.keys(MIGRATIONS));
  const unknown = (manifest.migrations ?? []).filter((name) => !known.has(name));
  if (unknown.length > 0)
    problems.push(`it was made by a newer Tessera (migration ${unknown.join(', ')} is unknown here); upgrade first`);
  return { manifest, problems };
}

/**
 * Restores a verified backup into `dataDir` (the database) and `filesDir`. Throws RestoreRefused,
 * changing nothing, when the backup does not check out. Answers where the old data went, if any.
 */
export function restoreBackup(args: { backup: string; dataDir: string; filesDir: string }): {
  manifest: BackupManifest;
  movedAside?: string;
} {
  const { manifest, problems } = verifyBackup(args.backup);
  if (problems.length > 0)
    throw new RestoreRefused(`The backup ${args.backup} is refused, nothing was changed:\n  ${problems.join('\n  ')}`);
  mkdirSync(args.dataDir, { recursive: true });
  const database = join(args.dataDir, DATABASE_FILE);
  const incoming = `${database}.restoring`;
  copyFileSync(join(args.backup, DATABASE_FILE), incoming);

  const old = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`].filter((name) =>
    existsSync(join(args.dataDir, name)),
  );
  const hasFiles = manifest.filesIncluded && existsSync(args.filesDir) && readdirSync(args.filesDir).length > 0;
  let movedAside: string | undefined;
  if (old.length > 0 || hasFiles) {
    movedAside = join(args.dataDir, `before-restore-${stamp(new Date())}`);
    mkdirSync(movedAside, { recursive: true });
    for (const name of old) renameSync(join(args.dataDir, name), join(movedAside, name));
    if (hasFiles) {
      cpSync(args.filesDir, join(movedAside, 'files'), { recursive: true });
      rmSync(args.filesDir, { recursive: true, force: true });
    }
  }
  renameSync(incoming, database);
  const files = join(args.backup, 'files');
  if (manifest.filesIncluded && existsSync(files)) cpSync(files, args.filesDir, { recursive: true });
  return { manifest, movedAside };
}
