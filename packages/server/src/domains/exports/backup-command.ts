import type { ServerConfig } from '../../platform/config.js';
import { sqliteFileFor } from '../../platform/db/connect.js';
import { backupSqlite } from './backup.js';
import { parseBackupArgs, parseRestoreArgs } from './export-command.js';
import { RestoreRefused, restoreBackup } from './restore.js';

// `tessera backup` and `tessera restore` as the command line runs them: answers the exit code.

const PG_BACKUP = `This install uses PostgreSQL: back it up with pg_dump, for example
  pg_dump --format=custom --file=tessera.dump "$DATABASE_URL"
plus the files (DATA_DIR/files, or the S3 bucket). See docs/deploy.md, "Backups".`;

export async function backupCommand(config: ServerConfig, argv: string[]): Promise<number> {
  const { out } = parseBackupArgs(argv);
  if (config.databaseUrl) {
    console.error(PG_BACKUP);
    return 2;
  }
  const { dir, manifest } = await backupSqlite({
    sqliteFile: sqliteFileFor(config.dataDir),
    filesDir: config.s3 ? undefined : config.filesDir,
    out,
  });
  const files = Object.keys(manifest.checksums).length;
  console.log(`Backup written to ${dir} (migration ${manifest.migration}, ${files} files checksummed).`);
  if (config.s3) console.log('Files live in the S3 bucket and are not in this backup: back the bucket up too.');
  return 0;
}

export async function restoreCommand(config: ServerConfig, argv: string[]): Promise<number> {
  const { backup: from } = parseRestoreArgs(argv);
  if (config.databaseUrl) {
    console.error(
      `restore loads SQLite backups. ${PG_BACKUP.replace('back it up with pg_dump', 'restore with pg_restore')}`,
    );
    return 2;
  }
  try {
    const { manifest, movedAside } = restoreBackup({
      backup: from,
      dataDir: config.dataDir,
      filesDir: config.filesDir,
    });
    console.log(`Restored the backup of ${manifest.created} (migration ${manifest.migration}).`);
    if (movedAside) console.log(`The data that was here is kept in ${movedAside}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}
