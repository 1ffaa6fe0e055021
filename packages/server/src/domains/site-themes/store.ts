import type { Kysely, Selectable } from 'kysely';
import { rowWhere, siteRow } from '../../platform/db/site-row.js';
import type { Database, SiteThemeVersionsTable } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { MAX_VERSIONS } from './theme-files.js';

export type VersionRow = Selectable<SiteThemeVersionsTable>;

export function filesOf(row: Pick<VersionRow, 'files'>): Record<string, string> {
  try {
    const parsed = JSON.parse(row.files) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  } catch {
    // A row written by hand that is not JSON overrides nothing.
  }
  return {};
}

/** The site's theme versions in the database: one draft, numbered saved versions, the live pointer. */
export class SiteThemeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async live(siteId: string): Promise<string | null> {
    const row = await this.db.selectFrom('sites').select('theme_version').where('id', '=', siteId).executeTakeFirst();
    return row?.theme_version ?? null;
  }

  draft(siteId: string): Promise<VersionRow | undefined> {
    return rowWhere(this.db, 'site_theme_versions', { site_id: siteId, kind: 'draft' });
  }

  saved(siteId: string): Promise<VersionRow[]> {
    return this.db
      .selectFrom('site_theme_versions')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('kind', '=', 'saved')
      .orderBy('number', 'desc')
      .execute();
  }

  version(siteId: string, id: string): Promise<VersionRow | undefined> {
    return siteRow(this.db, 'site_theme_versions', siteId, id);
  }

  /** Files of a version by id alone (rendering: the id comes from the site row, or the stylesheet URL). */
  async filesById(id: string): Promise<{ siteId: string; files: Record<string, string> } | undefined> {
    const row = await this.db
      .selectFrom('site_theme_versions')
      .select(['site_id', 'files'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { siteId: row.site_id, files: filesOf(row) } : undefined;
  }

  async writeDraft(siteId: string, files: Record<string, string>, ownerId: string): Promise<VersionRow> {
    const now = new Date().toISOString();
    const json = JSON.stringify(files);
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('site_theme_versions')
        .set({ files: json, updated_at: now, created_by: ownerId })
        .where('site_id', '=', siteId)
        .where('kind', '=', 'draft')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await trx
        .insertInto('site_theme_versions')
        .values({
          id: newId(),
          site_id: siteId,
          kind: 'draft',
          number: 0,
          label: '',
          files: json,
          created_by: ownerId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return (await this.draft(siteId))!;
  }

  /** Saves `files` as the next numbered version; drops the oldest saved one that is not live beyond the cap. */
  async saveVersion(
    siteId: string,
    files: Record<string, string>,
    label: string,
    ownerId: string,
  ): Promise<VersionRow> {
    const id = newId();
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      // The site row is written first, so two saves at once take turns (and number in order).
      await trx.updateTable('sites').set({ id: siteId }).where('id', '=', siteId).execute();
      const last = await trx
        .selectFrom('site_theme_versions')
        .select((eb) => eb.fn.max<number>('number').as('n'))
        .where('site_id', '=', siteId)
        .where('kind', '=', 'saved')
        .executeTakeFirst();
      const number = Number(last?.n ?? 0) + 1;
      await trx
        .insertInto('site_theme_versions')
        .values({
          id,
          site_id: siteId,
          kind: 'saved',
          number,
          label,
          files: JSON.stringify(files),
          created_by: ownerId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const site = await trx.selectFrom('sites').select('theme_version').where('id', '=', siteId).executeTakeFirst();
      const old = await trx
        .selectFrom('site_theme_versions')
        .select('id')
        .where('site_id', '=', siteId)
        .where('kind', '=', 'saved')
        .orderBy('number', 'desc')
        .offset(MAX_VERSIONS)
        .limit(1000)
        .execute();
      const drop = old.map((row) => row.id).filter((oldId) => oldId !== site?.theme_version);
      if (drop.length > 0) await trx.deleteFrom('site_theme_versions').where('id', 'in', drop).execute();
    });
    return (await this.version(siteId, id))!;
  }

  /** Makes `versionId` live (null: the default theme). A write to `sites`: every node's content cache forgets. */
  async publish(siteId: string, versionId: string | null): Promise<void> {
    await this.db.updateTable('sites').set({ theme_version: versionId }).where('id', '=', siteId).execute();
  }
}
