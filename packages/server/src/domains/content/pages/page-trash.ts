import { createHash } from 'node:crypto';
import { EDITOR_MESSAGES } from '@tessera/core';
import type { PageSummary } from '@tessera/core/contracts/pages';
import type { Kysely } from 'kysely';
import type { CollectionRow, Database } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/errors/aliases.js';
import { newToken } from '../../../platform/ids.js';
import { createPageStore } from './page-store.js';

/** How long a deleted page can be restored by undo; the retention job purges it after that. */
export const PAGE_TRASH_MS = 30 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Deleted pages kept in the database (`deleted_pages`, issue 16), so "undo delete" works whichever
 * server process answers it. The page leaves `collections` at once, so visitors, navigation,
 * sitemaps and search never see it; its row waits here, under the hash of the restore token.
 */
export function createPageTrash(db: Kysely<Database>) {
  return {
    /** Deletes the page and keeps its row; answers the page id and the token that restores it. */
    async trash(siteId: string, pageId: string, now = new Date()): Promise<{ deleted: string; restoreToken: string }> {
      const token = newToken();
      await db.transaction().execute(async (trx) => {
        const row = await createPageStore(trx).remove(siteId, pageId);
        await trx
          .insertInto('deleted_pages')
          .values({
            token_hash: hashOf(token),
            site_id: siteId,
            page_id: row.id,
            snapshot: JSON.stringify(row),
            deleted_at: now.toISOString(),
          })
          .execute();
      });
      return { deleted: pageId, restoreToken: token };
    },

    /** Puts back the page a token names, once, within {@link PAGE_TRASH_MS} of its deletion. */
    async restore(siteId: string, token: string, now = new Date()): Promise<PageSummary> {
      const since = new Date(now.getTime() - PAGE_TRASH_MS).toISOString();
      return db.transaction().execute(async (trx) => {
        const kept = await trx
          .selectFrom('deleted_pages')
          .select(['token_hash', 'snapshot'])
          .where('token_hash', '=', hashOf(token))
          .where('site_id', '=', siteId)
          .where('deleted_at', '>=', since)
          .executeTakeFirst();
        // Taken by a conditional delete, so two undos of one deletion restore it once.
        const taken = kept
          ? await trx.deleteFrom('deleted_pages').where('token_hash', '=', kept.token_hash).executeTakeFirst()
          : undefined;
        if (!kept || Number(taken?.numDeletedRows) !== 1)
          throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
        return createPageStore(trx).restore(siteId, JSON.parse(kept.snapshot) as CollectionRow);
      });
    },
  };
}

/** Forgets deleted pages whose undo time is over (the retention job); answers how many went. */
export async function purgeDeletedPages(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PAGE_TRASH_MS).toISOString();
  const result = await db.deleteFrom('deleted_pages').where('deleted_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
