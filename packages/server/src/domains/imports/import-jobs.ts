import type { ErrorAnswer } from '@tessera/core/contracts/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { ERROR_CATALOGUE } from '../../platform/errors/index.js';
import { type FileStorage, siteFileStorage } from '../../platform/storage/index.js';
import { productAnswer, refusalOf, wordpressAnswer } from './import-answers.js';
import { CLAIM_MS, progressWriter, type WorkPhase } from './import-progress.js';
import type { ImportChoices, ImportRow } from './import-store.js';
import { importProducts } from './product-import.js';
import { importWordpress } from './wordpress-import.js';
import type { MediaSource } from './wordpress-media.js';

// Imports as jobs (issue 19). The editor's import route queues a row in `imports` and queues an
// occurrence of the `imports` job; whichever node's job runner gets the occurrence claims the
// queued imports one at a time, each with a conditional update, so an import runs on exactly one
// node however many runners look at once. A claim lives while its run writes progress; one whose
// node died lapses after `CLAIM_MS` and is taken again (the import is all-or-nothing and a re-run
// updates what it made, so starting over is safe), at most `MAX_ATTEMPTS` times. The end (done
// with its summary) is written in the import's own transaction, so the row says done exactly when
// the data is there.

export const IMPORT_JOB = 'imports';
const MAX_ATTEMPTS = 3;

export interface ImportJobDeps {
  db: Kysely<Database>;
  fileStorage: FileStorage;
  /** The site's public address (`siteBaseUrlById`): product pictures already on it are not fetched again. */
  siteBaseUrl?: (siteId: string) => Promise<string>;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

/** The run that held the claim no longer does (it lapsed and another run took it): its writes roll back. */
class ClaimLost extends Error {}

function phasesOf(kind: string, choices: ImportChoices): WorkPhase[] {
  if (kind === 'products')
    return choices.fetchMedia ? ['reading', 'checking', 'media', 'writing'] : ['reading', 'checking', 'writing'];
  return choices.fetchMedia ? ['reading', 'media', 'writing'] : ['reading', 'writing'];
}

/**
 * Claims the oldest import that is queued, or running under a lapsed claim; undefined when there is
 * none left (or another runner won each). A lapsed import that used up its attempts fails instead.
 */
export async function claimNextImport(
  db: Kysely<Database>,
  now = new Date(),
): Promise<(ImportRow & { attempt: number }) | undefined> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('imports')
    .select(['id', 'state', 'attempts'])
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('claimed_until', '<', at)])]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(10)
    .execute();
  for (const row of candidates) {
    const lapsed = row.state === 'running';
    let update = db
      .updateTable('imports')
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .where('attempts', '=', row.attempts);
    // A heartbeat since the select renews the claim: then it is not lapsed any more.
    if (lapsed) update = update.where('claimed_until', '<', at);
    if (lapsed && row.attempts >= MAX_ATTEMPTS) {
      await update.set(failedValues(interrupted(), '[]', at)).execute();
      continue;
    }
    const claimed = await update
      .set({
        state: 'running',
        attempts: row.attempts + 1,
        claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(),
        updated_at: at,
      })
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const full = await db.selectFrom('imports').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (full) return { ...full, attempt: row.attempts + 1 };
  }
  return undefined;
}

const interrupted = (): ErrorAnswer => ({
  error: 'import-failed',
  message: `The import was interrupted ${MAX_ATTEMPTS} times (the server stopped while it ran). Nothing was imported.`,
});

function failedValues(error: ErrorAnswer, warnings: string, at: string) {
  return {
    state: 'failed',
    phase: 'finished',
    error: JSON.stringify(error),
    warnings,
    source: null,
    running_site: null,
    claimed_until: null,
    finished_at: at,
    updated_at: at,
  };
}

/** Runs one claimed import to its end and records it: done with its summary, or failed with why. */
export async function runClaimedImport(
  deps: ImportJobDeps,
  row: ImportRow & { attempt: number },
): Promise<'done' | 'failed' | 'lost'> {
  const { db } = deps;
  const choices = JSON.parse(row.options) as ImportChoices;
  const progress = progressWriter(
    db,
    { id: row.id, attempt: row.attempt, phases: phasesOf(row.kind, choices) },
    deps.log,
  );
  /** Records the end inside the import's transaction; a lost claim rolls the import back. */
  const finish = async (trx: Kysely<Database>, summary: object) => {
    const at = new Date().toISOString();
    const ended = await trx
      .updateTable('imports')
      .set({
        state: 'done',
        phase: 'finished',
        percent: 100,
        done: progress.position.total,
        total: progress.position.total,
        summary: JSON.stringify(summary),
        warnings: JSON.stringify(progress.warnings),
        source: null,
        running_site: null,
        claimed_until: null,
        finished_at: at,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('state', '=', 'running')
      .where('attempts', '=', row.attempt)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw new ClaimLost();
  };
  try {
    if (row.source === null) throw new Error('The uploaded file is gone.');
    if (row.kind === 'products') {
      await importProducts(db, {
        siteId: row.site_id,
        csv: row.source,
        collection: choices.collection,
        dryRun: false,
        media: choices.fetchMedia
          ? {
              storage: await siteFileStorage(db, deps.fileStorage, row.site_id),
              ownBaseUrl: await deps.siteBaseUrl?.(row.site_id),
            }
          : undefined,
        progress,
        finish: (trx, report) => finish(trx, productAnswer(report)),
      });
    } else {
      const media: MediaSource | undefined = choices.fetchMedia
        ? { storage: await siteFileStorage(db, deps.fileStorage, row.site_id), fetch: true }
        : undefined;
      await importWordpress(db, {
        siteId: row.site_id,
        xml: row.source,
        blog: choices.blog,
        dryRun: false,
        media,
        progress,
        finish: (trx, report) => finish(trx, wordpressAnswer(report)),
      });
    }
    await progress.close();
    return 'done';
  } catch (error) {
    await progress.close();
    if (error instanceof ClaimLost) {
      deps.log.warn({ importId: row.id }, 'import claim lapsed: another run took it over');
      return 'lost';
    }
    const refused = refusalOf(error);
    if (!refused) deps.log.error({ err: error, importId: row.id }, 'import failed');
    const answer: ErrorAnswer = refused
      ? { error: 'import-refused', message: refused }
      : { error: 'import-failed', message: ERROR_CATALOGUE['import-failed'].message };
    await db
      .updateTable('imports')
      .set(failedValues(answer, JSON.stringify(progress.warnings), new Date().toISOString()))
      .where('id', '=', row.id)
      .where('state', '=', 'running')
      .where('attempts', '=', row.attempt)
      .execute();
    return 'failed';
  }
}

/** The `imports` job: runs every import waiting to run, one after another; answers their ids. */
export async function runDueImports(deps: ImportJobDeps): Promise<{ ran: string[] }> {
  const ran: string[] = [];
  for (let claimed = await claimNextImport(deps.db); claimed; claimed = await claimNextImport(deps.db)) {
    await runClaimedImport(deps, claimed);
    ran.push(claimed.id);
  }
  return { ran };
}
