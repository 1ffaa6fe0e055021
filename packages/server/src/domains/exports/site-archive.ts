import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type FileStorage, siteFileStorage } from '../../platform/storage/index.js';
import { archivePlan, LEFT_OUT, rowsQuery } from './archive-plan.js';
import { backupTarget, type Checksums, writeArchiveDir } from './backup.js';

// `tessera site export` (issue 19): one site's data as JSON plus the files its data names, in a
// directory that `tessera site restore` loads into another install (SQLite or PostgreSQL). The
// rows are read in one transaction, so an order and its lines come from the same moment; the
// manifest, with a SHA-256 of every file, is written last and the directory renamed into place,
// so a directory without one is not an archive.

export const ARCHIVE_FORMAT = 'tessera-site-archive';
export const ARCHIVE_VERSION = 1;

export interface SiteArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created: string;
  site: { id: string; host: string | null; title: string };
  /** Every migration applied to the exporting install, oldest first. */
  migrations: string[];
  /** Table → number of rows, in the order a restore inserts them. */
  tables: Record<string, number>;
  /** Tables left out, with the reason. */
  leftOut: Record<string, string>;
  /** Storage keys of the files in `files/`. */
  files: string[];
  /** Files the data names that were not in the storage. */
  missingFiles: string[];
  checksums: Checksums;
}

/** `/files/<key>` addresses in text; generated image variants (`.cache/`) are made again on demand. */
const FILE_ADDRESS = /\/files\/([^\s"'<>()?#\\]+)/g;

export function fileKeysIn(text: string): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(FILE_ADDRESS)) {
    let key: string;
    try {
      key = decodeURIComponent(match[1] as string);
    } catch {
      continue;
    }
    if (key.startsWith('.cache/') || key.split('/').some((part) => part === '..' || part === '.' || part === ''))
      continue;
    keys.add(key);
  }
  return [...keys];
}

/** Path of a stored file inside the archive (keys never hold `..`; see `fileKeysIn`). */
export const archivedFilePath = (dir: string, key: string) => join(dir, 'files', ...key.split('/'));

export async function exportSiteArchive(args: {
  db: Kysely<Database>;
  storage: FileStorage;
  siteId: string;
  out: string;
  now?: Date;
}): Promise<{ dir: string; manifest: SiteArchiveManifest }> {
  const db = args.db as unknown as Kysely<any>;
  const now = args.now ?? new Date();
  const plan = await archivePlan(db);
  if (plan.unplaced.length > 0) {
    throw new Error(
      `This build cannot tell how ${plan.unplaced.join(', ')} belongs to a site: nothing was exported (add it to LEFT_OUT or give it a site_id).`,
    );
  }
  const site = await args.db
    .selectFrom('sites')
    .select(['id', 'host', 'title'])
    .where('id', '=', args.siteId)
    .executeTakeFirst();
  if (!site) throw new Error(`No site has the id "${args.siteId}".`);
  return writeArchiveDir<SiteArchiveManifest>(backupTarget(args.out, now, 'tessera-site'), async (partial) => {
    mkdirSync(join(partial, 'tables'), { recursive: true });
    const counts: Record<string, number> = {};
    const named = new Set<string>();
    const migrations = await db.transaction().execute(async (trx) => {
      for (const table of plan.tables) {
        const rows = await rowsQuery(trx, plan, table.name, site.id).execute();
        const text = JSON.stringify(rows);
        for (const key of fileKeysIn(text)) named.add(key);
        writeFileSync(join(partial, 'tables', `${table.name}.json`), text);
        counts[table.name] = rows.length;
      }
      const applied = await trx.selectFrom('kysely_migration').select('name').orderBy('name').execute();
      return applied.map((r: { name: string }) => r.name);
    });
    const files: string[] = [];
    const missingFiles: string[] = [];
    // Only the site's own files (`platform/storage/site-files.ts`): a name of another site's file is missing here.
    const own = await siteFileStorage(args.db, args.storage, site.id);
    for (const key of [...named].sort()) {
      const body = await own.read(key).catch(() => undefined);
      if (!body) {
        missingFiles.push(key);
        continue;
      }
      const path = archivedFilePath(partial, key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, body);
      files.push(key);
    }
    return {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created: now.toISOString(),
      site,
      migrations,
      tables: counts,
      leftOut: { ...LEFT_OUT },
      files,
      missingFiles,
    };
  });
}
