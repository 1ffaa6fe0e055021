import type { ErrorAnswer } from '@tessera/core/contracts/errors';
import type {
  ImportKindName,
  ImportPhase,
  ImportProgress,
  ImportState,
  ProductImportAnswer,
  WordpressImportAnswer,
} from '@tessera/core/contracts/imports';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ImportsTable } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

// The `imports` table (migration 0030): imports started in the editor, queued for the job runner
// (import-jobs.ts), and read back by their owners while they run and after.

export type ImportRow = Selectable<ImportsTable>;

/** What the owner chose besides the file. */
export interface ImportChoices {
  collection?: string;
  blog?: string;
  fetchMedia?: boolean;
}

/** Finished imports are kept this long (their files are gone as soon as they end). */
const KEEP_MS = 30 * 86_400_000;
/** The recent imports a list shows. */
const LIST_LIMIT = 10;

/**
 * Queues an import of `source` for the site: undefined when the site has one queued or running
 * already (its `running_site` is taken, on whichever node it was started). Finished imports of the
 * site older than 30 days are deleted on the way.
 */
export async function queueImport(
  db: Kysely<Database>,
  input: {
    siteId: string;
    kind: ImportKindName;
    choices: ImportChoices;
    source: string;
    fileName?: string;
    ownerId?: string;
  },
): Promise<ImportRow | undefined> {
  const now = new Date();
  await db
    .deleteFrom('imports')
    .where('site_id', '=', input.siteId)
    .where('state', 'in', ['done', 'failed'])
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  const at = now.toISOString();
  const id = newId();
  const inserted = await db
    .insertInto('imports')
    .values({
      id,
      site_id: input.siteId,
      kind: input.kind,
      options: JSON.stringify(input.choices),
      file_name: input.fileName ?? null,
      source: input.source,
      state: 'queued',
      running_site: input.siteId,
      phase: 'queued',
      started_by: input.ownerId ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('running_site').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
  return readImport(db, input.siteId, id);
}

/** True while an import of the site is queued or running. */
export async function importRunning(db: Kysely<Database>, siteId: string): Promise<boolean> {
  const row = await db.selectFrom('imports').select('id').where('running_site', '=', siteId).executeTakeFirst();
  return row !== undefined;
}

const PROGRESS_COLUMNS = [
  'id',
  'site_id',
  'kind',
  'options',
  'file_name',
  'state',
  'running_site',
  'phase',
  'done',
  'total',
  'percent',
  'warnings',
  'summary',
  'error',
  'attempts',
  'claimed_until',
  'started_by',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

/** One import of the site, without its file; undefined when the site has none with that id. */
export async function readImport(db: Kysely<Database>, siteId: string, id: string): Promise<ImportRow | undefined> {
  const row = await db
    .selectFrom('imports')
    .select(PROGRESS_COLUMNS)
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ? { ...row, source: null } : undefined;
}

/** The site's recent imports of the given kinds, newest first, without their files or summaries. */
export async function listImports(
  db: Kysely<Database>,
  siteId: string,
  kinds: readonly ImportKindName[],
): Promise<ImportRow[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('imports')
    .select(PROGRESS_COLUMNS.filter((c) => c !== 'summary'))
    .where('site_id', '=', siteId)
    .where('kind', 'in', [...kinds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, summary: null, source: null }));
}

function parsed<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The row as the owner API answers it. */
export function progressOf(row: ImportRow): ImportProgress {
  return {
    id: row.id,
    kind: row.kind as ImportKindName,
    state: row.state as ImportState,
    phase: row.phase as ImportPhase,
    done: row.done,
    total: row.total,
    percent: row.percent,
    warnings: parsed<string[]>(row.warnings, []),
    fileName: row.file_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    summary: parsed<ProductImportAnswer | WordpressImportAnswer | null>(row.summary, null),
    error: parsed<ErrorAnswer | null>(row.error, null),
  };
}

/**
 * Waits until the import has ended (done or failed) and answers its row; undefined when it is
 * gone (its site was deleted) or `signal` aborts (the client went away: the import goes on).
 */
export async function importEnded(
  db: Kysely<Database>,
  siteId: string,
  id: string,
  signal: AbortSignal,
  everyMs = 150,
): Promise<ImportRow | undefined> {
  while (!signal.aborted) {
    const row = await readImport(db, siteId, id);
    if (!row || row.state === 'done' || row.state === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return undefined;
}
