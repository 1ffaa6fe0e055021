import { blockLimitProblem, CollectionType, EDITOR_LIMITS, EDITOR_MESSAGES, type PageSettings } from '@tessera/core';
import type { PageDocument, PageSummary, SectionData } from '@tessera/core/contracts/pages';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/index.js';
import type { Updateable } from 'kysely';
import { siteRow } from '../../../platform/db/site-row.js';
import type { CollectionRow, CollectionsTable, Database } from '../../../platform/db/schema.js';
import { sanitizeOwnerHtml } from '../../../platform/html/sanitize-owner-html.js';
import { AppError } from '../../../platform/errors/aliases.js';
import { newId, nowIso } from '../../../platform/ids.js';
import { recordMovedAddress } from '../../web/index.js';
import { nextCollectionPosition } from '../../../platform/db/positions.js';

const EDITABLE_KINDS = new Set(['page', 'gallery', 'splash', 'folder', '']);

function parseObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function parseList(text: string | null | undefined): unknown[] {
  try {
    const value = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function summaryOf(row: CollectionRow): PageSummary {
  const kind = row.kind || (row.type === CollectionType.PRODUCTS ? 'products' : 'page');
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    kind,
    type: row.type,
    parentId: row.parent_id,
    position: row.position,
    status: row.status || 'published',
    hasDraft: row.draft_content != null,
    isFolder: row.folder_behavior != null || kind === 'folder',
    folderBehavior: row.folder_behavior,
    navVisible: row.nav_visible === 1,
  };
}

/**
 * Checks sections from the editor: a list of `{ id?, settings?, blocks }` whose blocks are
 * `{ type: number, settings: object, content: object }`, at most 60 blocks per layout, each within
 * its type's limits (core `blocks/block-rules.ts`: at most 60 tracks in an album …).
 */
export function checkSections(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length > EDITOR_LIMITS.maxSectionsPerPage) throw new AppError('invalid-body');
  for (const section of value) {
    if (!section || typeof section !== 'object' || !Array.isArray((section as { blocks?: unknown }).blocks))
      throw new AppError('invalid-body');
    const blocks = (section as { blocks: unknown[] }).blocks;
    if (blocks.length > EDITOR_LIMITS.maxBlocksPerLayout)
      throw new AppError('invalid-body', EDITOR_MESSAGES.tooManyBlocks);
    for (const block of blocks) {
      const b = block as Record<string, unknown> | null;
      if (!b || typeof b !== 'object' || !Number.isInteger(b.type)) throw new AppError('invalid-body');
      if (b.settings !== undefined && (typeof b.settings !== 'object' || b.settings === null))
        throw new AppError('invalid-body');
      if (b.content !== undefined && (typeof b.content !== 'object' || b.content === null))
        throw new AppError('invalid-body');
      const limit = blockLimitProblem(b);
      if (limit) throw new AppError('invalid-body', limit);
    }
  }
  return value;
}

/** The owner's page operations, always scoped to one site. */
export function createPageStore(db: Kysely<Database>) {
  async function row(siteId: string, id: string): Promise<CollectionRow> {
    const found = await siteRow(db, 'collections', siteId, id);
    if (!found) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    return found;
  }

  async function slugFree(siteId: string, slug: string, exceptId?: string): Promise<boolean> {
    let query = db.selectFrom('collections').select('id').where('site_id', '=', siteId).where('slug', '=', slug);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) === undefined;
  }

  async function freeSlug(siteId: string, base: string): Promise<string> {
    let slug = base;
    for (let n = 2; !(await slugFree(siteId, slug)); n++) slug = `${base}-${n}`;
    return slug;
  }

  function document(found: CollectionRow): PageDocument {
    const settings = parseObject(found.settings);
    // Stored as the draft route took them (`draftBody`), or by the seed and the importers.
    const published = parseList(found.sections) as SectionData[];
    const draft = found.draft_content != null ? parseObject(found.draft_content) : undefined;
    return {
      summary: summaryOf(found),
      settings: {
        title: found.title,
        slug: found.slug,
        navigationTitle: typeof settings.navigationTitle === 'string' ? settings.navigationTitle : '',
        seoTitle: typeof settings.seoTitle === 'string' ? settings.seoTitle : '',
        seoDescription: typeof settings.seoDescription === 'string' ? settings.seoDescription : found.description,
        passwordProtected: found.password_hash != null,
        membersOnly: found.members_only === 1,
        status: found.status || 'published',
        publishAt: found.publish_at,
        folderBehavior: found.folder_behavior,
        redirectUrl: found.redirect_url ?? '',
        feedContent: settings.feedContent === 'full' ? 'full' : 'excerpt',
        hideFromSearch: settings.noindex === true,
      },
      published: { sections: published },
      draft: { sections: Array.isArray(draft?.sections) ? (draft.sections as SectionData[]) : published },
      draftUpdatedAt: found.draft_updated_at,
    };
  }

  return {
    async list(siteId: string): Promise<PageSummary[]> {
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map(summaryOf);
    },

    async get(siteId: string, id: string): Promise<PageDocument> {
      return document(await row(siteId, id));
    },

    async create(
      siteId: string,
      input: { title: string; slug: string; parentId: string | null; folder?: boolean },
    ): Promise<PageSummary> {
      if (!(await slugFree(siteId, input.slug)))
        throw new AppError('invalid-body', EDITOR_MESSAGES.slugTaken, { field: 'slug' });
      if (input.parentId) await row(siteId, input.parentId);
      const id = newId();
      await db
        .insertInto('collections')
        .values({
          id,
          site_id: siteId,
          slug: input.slug,
          title: input.title,
          type: CollectionType.PAGE,
          description: '',
          position: await nextCollectionPosition(db, siteId),
          nav_visible: 1,
          settings: '{}',
          created_at: nowIso(),
          kind: input.folder ? 'folder' : 'page',
          parent_id: input.parentId,
          folder_behavior: input.folder ? 1 : null,
          redirect_url: null,
          sections: '[]',
          // A new page stays a draft until it is published.
          status: 'draft',
          password_hash: null,
          members_only: 0,
          draft_content: input.folder ? null : JSON.stringify({ sections: [] }),
          draft_updated_at: null,
          publish_at: null,
        })
        .execute();
      return summaryOf(await row(siteId, id));
    },

    async saveDraft(siteId: string, id: string, sections: unknown[]): Promise<{ savedAt: string }> {
      const found = await row(siteId, id);
      if (!EDITABLE_KINDS.has(found.kind))
        throw new AppError('invalid-body', 'This collection has no sections to edit.');
      const savedAt = nowIso();
      await db
        .updateTable('collections')
        .set({ draft_content: JSON.stringify({ sections: checkSections(sections) }), draft_updated_at: savedAt })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      return { savedAt };
    },

    async discardDraft(siteId: string, id: string): Promise<void> {
      await row(siteId, id);
      await db
        .updateTable('collections')
        .set({ draft_content: null, draft_updated_at: null })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
    },

    /** Copies the draft into the published sections; a page still marked Draft becomes published. */
    async publish(siteId: string, id: string): Promise<PageDocument> {
      const found = await row(siteId, id);
      const draft = found.draft_content != null ? parseObject(found.draft_content) : undefined;
      const sections = Array.isArray(draft?.sections) ? checkSections(draft.sections) : parseList(found.sections);
      await db
        .updateTable('collections')
        .set({
          sections: JSON.stringify(sections),
          draft_content: null,
          draft_updated_at: null,
          status: found.status === 'draft' ? 'published' : found.status,
        })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      return document(await row(siteId, id));
    },

    async updateSettings(siteId: string, id: string, value: PageSettings): Promise<PageDocument> {
      const found = await row(siteId, id);
      if (value.slug !== undefined && !(await slugFree(siteId, value.slug, id)))
        throw new AppError('invalid-body', EDITOR_MESSAGES.slugTaken, { field: 'slug' });
      const settings = parseObject(found.settings);
      if (value.navigationTitle !== undefined) settings.navigationTitle = value.navigationTitle;
      if (value.seoTitle !== undefined) settings.seoTitle = value.seoTitle;
      if (value.seoDescription !== undefined) settings.seoDescription = value.seoDescription;
      if (value.feedContent !== undefined) settings.feedContent = value.feedContent;
      if (value.hideFromSearch !== undefined) settings.noindex = value.hideFromSearch;
      const change: Updateable<CollectionsTable> = { settings: JSON.stringify(settings) };
      if (value.title !== undefined) change.title = value.title;
      if (value.slug !== undefined) change.slug = value.slug;
      // The description is printed as HTML on plain pages and product lists: stored cleaned.
      if (value.seoDescription !== undefined) change.description = sanitizeOwnerHtml(value.seoDescription);
      if (value.membersOnly !== undefined) change.members_only = value.membersOnly ? 1 : 0;
      if (value.status !== undefined) change.status = value.status;
      if (value.publishAt !== undefined) change.publish_at = value.publishAt;
      if (value.folderBehavior !== undefined || value.redirectUrl !== undefined) {
        if (found.folder_behavior == null && found.kind !== 'folder')
          throw new AppError('invalid-body', 'Only folders have a folder behaviour.', { field: 'folderBehavior' });
        if (value.folderBehavior !== undefined) change.folder_behavior = value.folderBehavior;
        if (value.redirectUrl !== undefined) change.redirect_url = value.redirectUrl || null;
      }
      if (value.password !== undefined)
        change.password_hash = value.password === '' ? null : await hashPassword(value.password);
      await db.updateTable('collections').set(change).where('id', '=', id).where('site_id', '=', siteId).execute();
      // Old links keep working: `/old -> /new 301` and `/old/* -> /new/* 301` (issue 22, domains/web/moved-address.ts).
      if (value.slug !== undefined && value.slug !== found.slug) {
        await recordMovedAddress(db, siteId, `/${found.slug}`, `/${value.slug}`, { withChildren: true });
      }
      return document(await row(siteId, id));
    },

    /** New positions (and parents) for pages of the site, in the order given. */
    async reorder(siteId: string, order: { id: string; parentId: string | null }[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [index, entry] of order.entries()) {
          const result = await trx
            .updateTable('collections')
            .set({ position: index + 1, parent_id: entry.parentId })
            .where('id', '=', entry.id)
            .where('site_id', '=', siteId)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
        }
      });
    },

    async duplicate(siteId: string, id: string): Promise<PageSummary> {
      const found = await row(siteId, id);
      if (found.kind === 'products' || found.kind === 'blog' || found.kind === 'events')
        throw new AppError('invalid-body', 'Only pages made of sections can be duplicated.');
      const newIdValue = newId();
      const slug = await freeSlug(siteId, `${found.slug}-copy`);
      await db
        .insertInto('collections')
        .values({
          ...found,
          id: newIdValue,
          slug,
          title: `${found.title} (copy)`,
          position: found.position,
          created_at: nowIso(),
          status: 'draft',
          draft_content: found.draft_content ?? JSON.stringify({ sections: parseList(found.sections) }),
          draft_updated_at: null,
        })
        .execute();
      return summaryOf(await row(siteId, newIdValue));
    },

    /** Deletes a page (not a collection that still holds items); answers the row so undo can restore it. */
    async remove(siteId: string, id: string): Promise<CollectionRow> {
      const found = await row(siteId, id);
      const item = await db.selectFrom('items').select('id').where('collection_id', '=', id).executeTakeFirst();
      if (item) throw new AppError('invalid-body', 'Move or delete the items of this collection first.');
      await db
        .updateTable('collections')
        .set({ parent_id: found.parent_id })
        .where('parent_id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      await db.deleteFrom('collections').where('id', '=', id).where('site_id', '=', siteId).execute();
      return found;
    },

    /** Undo of a delete: puts the row back as it was (same id, slug and content). */
    async restore(siteId: string, snapshot: CollectionRow): Promise<PageSummary> {
      if (snapshot.site_id !== siteId) throw new AppError('forbidden');
      if (!(await slugFree(siteId, snapshot.slug)))
        throw new AppError('invalid-body', EDITOR_MESSAGES.slugTaken, { field: 'slug' });
      await db.insertInto('collections').values(snapshot).execute();
      return summaryOf(await row(siteId, snapshot.id));
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
