import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import {
  type FileStorage,
  newSiteTakesRoot,
  rootFiles,
  scopedStorage,
  siteFolder,
} from '../../platform/storage/index.js';
import { nowIso } from '../../platform/ids.js';
import { archivePlan } from './archive-plan.js';
import { checksumProblems, MANIFEST } from './backup.js';
import { RestoreRefused } from './restore.js';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archivedFilePath, type SiteArchiveManifest } from './site-archive.js';

// `tessera site restore <archive>` (issue 19): loads a site made by `tessera site export` into this
// install, beside the sites it has. Everything is checked before anything is written (checksums,
// migrations, the site id and host free, no stored file that differs from the archive's), the
// files are stored, then every row goes in within one transaction: the site comes in whole or not
// at all. Works across dialects (an SQLite shop moves to PostgreSQL this way).

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values for any table here. */
const BATCH = 100;

function readManifest(dir: string): SiteArchiveManifest {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new RestoreRefused(`${dir} is not a site archive directory.`);
  let manifest: SiteArchiveManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as SiteArchiveManifest;
  } catch {
    throw new RestoreRefused(`${dir} has no readable ${MANIFEST}: it is not a complete site archive.`);
  }
  if (
    manifest?.format !== ARCHIVE_FORMAT ||
    typeof manifest.checksums !== 'object' ||
    !manifest.checksums ||
    typeof manifest.site?.id !== 'string' ||
    typeof manifest.tables !== 'object' ||
    !Array.isArray(manifest.migrations) ||
    !Array.isArray(manifest.files)
  )
    throw new RestoreRefused(`${dir}/${MANIFEST} is not a Tessera site archive manifest.`);
  if (manifest.version > ARCHIVE_VERSION)
    throw new RestoreRefused(
      `The archive has format version ${manifest.version}; this Tessera reads version ${ARCHIVE_VERSION}. Restore it with a newer Tessera.`,
    );
  return manifest;
}

/** Checksums, completeness and migrations: every problem found, empty when the archive is intact. */
function verify(dir: string, manifest: SiteArchiveManifest, applied: ReadonlySet<string>): string[] {
  const problems = checksumProblems(dir, manifest.checksums);
  const listed = new Set(Object.keys(manifest.checksums));
  for (const table of Object.keys(manifest.tables)) {
    if (!listed.has(`tables/${table}.json`)) problems.push(`tables/${table}.json is not in the archive`);
  }
  for (const key of manifest.files) {
    // A stored file's name: never a way out of the archive or into another part of the storage.
    if (
      typeof key !== 'string' ||
      key.startsWith('/') ||
      key.includes('\\') ||
      key.split('/').some((p) => p === '' || p === '.' || p === '..')
    )
      problems.push(`${JSON.stringify(key).slice(0, 80)} is not the name of a stored file`);
    else if (!listed.has(`files/${key}`)) problems.push(`files/${key} is not in the archive`);
  }
  const newer = manifest.migrations.filter((name) => !applied.has(name));
  if (newer.length > 0)
    problems.push(`it was made by a newer Tessera (migration ${newer.join(', ')} is not applied here); upgrade first`);
  return problems;
}

export interface SiteRestoreResult {
  manifest: SiteArchiveManifest;
  siteId: string;
  host: string | null;
  rows: number;
  filesStored: number;
}

export async function restoreSiteArchive(args: {
  db: Kysely<Database>;
  storage: FileStorage;
  archive: string;
  /** Serve the restored site on this host instead of the archive's. */
  host?: string;
}): Promise<SiteRestoreResult> {
  const db = args.db as unknown as Kysely<any>;
  const manifest = readManifest(args.archive);
  const applied = new Set(
    (await db.selectFrom('kysely_migration').select('name').execute()).map((r: { name: string }) => r.name),
  );
  const problems = verify(args.archive, manifest, applied);
  const siteId = manifest.site.id;
  const host = args.host ?? manifest.site.host;
  if (await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst())
    problems.push(`this install has site ${siteId} already (delete it first, or restore into another install)`);
  if (host && (await db.selectFrom('sites').select('id').where('host', '=', host).executeTakeFirst()))
    problems.push(`the host ${host} is taken by another site here (give --host <name>)`);
  const plan = await archivePlan(db);
  const known = new Set(plan.tables.map((t) => t.name));
  for (const table of Object.keys(manifest.tables)) {
    if (!known.has(table)) problems.push(`table ${table} is not restored by this install`);
  }
  // The restored site's own files: the top of the storage in an install without sites (it becomes
  // the root site), else its folder; a site joining an install never takes the top level over.
  const joining = !(await newSiteTakesRoot(args.db));
  const files = joining ? scopedStorage(args.storage, siteFolder(siteId)) : rootFiles(args.storage);
  const toStore: string[] = [];
  // Files are compared only once the archive checked out: a refused archive's names are never opened.
  for (const key of problems.length === 0 ? manifest.files : []) {
    const incoming = readFileSync(archivedFilePath(args.archive, key));
    const stored = await files.read(key).catch(() => null);
    if (stored === null) problems.push(`${JSON.stringify(key).slice(0, 80)} is not the name of a stored file`);
    else if (!stored) toStore.push(key);
    else if (!stored.equals(incoming)) problems.push(`the file ${key} exists here with other content`);
  }
  if (problems.length > 0)
    throw new RestoreRefused(
      `The archive ${args.archive} is refused, nothing was changed:\n  ${problems.join('\n  ')}`,
    );

  // Files first: a file nobody names yet is harmless if the rows then fail; rows naming a missing file are not.
  for (const key of toStore) await files.put(key, readFileSync(archivedFilePath(args.archive, key)));
  let rows = 0;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.transaction().execute(async (trx) => {
    for (const table of plan.tables) {
      if (!(table.name in manifest.tables)) continue;
      const data = JSON.parse(readFileSync(join(args.archive, 'tables', `${table.name}.json`), 'utf8')) as Record<
        string,
        unknown
      >[];
      if (table.name === 'sites')
        for (const row of data)
          Object.assign(row, { host, files_root: joining ? 0 : 1 }, joining ? { created_at: nowIso() } : {});
      for (let i = 0; i < data.length; i += BATCH) {
        try {
          await trx
            .insertInto(table.name)
            .values(data.slice(i, i + BATCH))
            .execute();
        } catch (error) {
          throw new RestoreRefused(
            `The rows of ${table.name} do not fit this install (${(error as Error).message}); nothing was restored.`,
          );
        }
      }
      rows += data.length;
      if (postgres) {
        for (const column of table.autoIncrement) {
          await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}), greatest(coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0), 1))`.execute(
            trx,
          );
        }
      }
    }
  });
  return { manifest, siteId, host, rows, filesStored: toStore.length };
}
