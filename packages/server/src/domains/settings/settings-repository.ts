import { type Kysely, PostgresAdapter } from 'kysely';
import type { ContentService } from '../content/index.js';
import type { Database, SiteRow } from '../../platform/db/schema.js';

/** The site's settings JSON: `website` (website settings) and `store` (store settings), plus anything else. */
export interface StoredSettings {
  website?: Record<string, unknown>;
  store?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Site columns a settings save may change beside the JSON. */
export type SiteColumns = Partial<Pick<SiteRow, 'title' | 'locale' | 'currency' | 'time_zone' | 'public_url'>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The one reader of `sites.settings`: an object whose `website` and `store` are objects when
 * present. Unreadable or odd JSON (an array, a string, `website: 3`) reads as empty parts.
 */
export function parseSiteSettings(text: string | null | undefined): StoredSettings {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const settings: StoredSettings = { ...value };
  if ('website' in settings && !isRecord(settings.website)) delete settings.website;
  if ('store' in settings && !isRecord(settings.store)) delete settings.store;
  return settings;
}

/**
 * The one write of a site's settings JSON: the row is read, changed by `change` (which edits the
 * object it is given and may throw to change nothing) and written back inside one transaction that
 * holds the row for the whole step, so two saves of different parts at once both keep their part,
 * across server processes too. PostgreSQL locks the row (`SELECT … FOR UPDATE`); SQLite takes the
 * database's write lock first (a no-op write, as `BEGIN IMMEDIATE` would), so a second writer waits
 * at its start instead of reading a copy that is about to go stale.
 */
export async function updateSiteSettings<T>(
  db: Kysely<Database>,
  siteId: string,
  change: (settings: StoredSettings, row: SiteRow) => T | Promise<T>,
  columns: (result: T) => SiteColumns = () => ({}),
): Promise<T> {
  return db.transaction().execute((trx) => updateSiteSettingsIn(trx, siteId, change, columns));
}

/** `updateSiteSettings` inside a transaction the caller holds (an import that writes posts and redirects at once). */
export async function updateSiteSettingsIn<T>(
  trx: Kysely<Database>,
  siteId: string,
  change: (settings: StoredSettings, row: SiteRow) => T | Promise<T>,
  columns: (result: T) => SiteColumns = () => ({}),
): Promise<T> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    await trx
      .updateTable('sites')
      .set((eb) => ({ settings: eb.ref('settings') }))
      .where('id', '=', siteId)
      .execute();
  }
  let query = trx.selectFrom('sites').selectAll().where('id', '=', siteId);
  if (postgres) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  const settings = parseSiteSettings(row.settings);
  const outcome = await change(settings, row);
  await trx
    .updateTable('sites')
    .set({ settings: JSON.stringify(settings), ...columns(outcome) })
    .where('id', '=', siteId)
    .execute();
  return outcome;
}

/** The settings repository the owner API uses: reads, and the locked update plus a content cache drop. */
export function createSiteSettingsStore(db: Kysely<Database>, content: ContentService) {
  async function read(siteId: string): Promise<{ row: SiteRow; settings: StoredSettings }> {
    const row = await db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirstOrThrow();
    return { row, settings: parseSiteSettings(row.settings) };
  }

  async function update<T>(
    siteId: string,
    change: (settings: StoredSettings, row: SiteRow) => T | Promise<T>,
    columns?: (result: T) => SiteColumns,
  ): Promise<T> {
    const result = await updateSiteSettings(db, siteId, change, columns);
    content.invalidate(siteId);
    return result;
  }

  return { read, update };
}

export type SiteSettingsStore = ReturnType<typeof createSiteSettingsStore>;
