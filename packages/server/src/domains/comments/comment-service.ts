import type { CommentStatus, CommentView } from '@tessera/core/contracts/comments';
import type { Kysely } from 'kysely';
import type { CommentRow, Database } from '../../platform/db/schema.js';
import { type CommentsDatabase, withLikes } from './tables.js';
import { newId, nowIso } from '../../platform/ids.js';

// A comment as pages and the API show it (`body` is plain text: templates escape it), and its statuses.
export { COMMENT_STATUSES, type CommentStatus, type CommentView } from '@tessera/core/contracts/comments';

export interface NewComment {
  siteId: string;
  itemId: string;
  authorName: string;
  body: string;
  status: CommentStatus;
}

export interface LikeResult {
  /** False when this visitor had already liked the item: nothing changed. */
  added: boolean;
  likeCount: number;
}

export interface CommentService {
  listApproved(siteId: string, itemId: string): Promise<CommentView[]>;
  listByStatus(siteId: string, status: CommentStatus, limit?: number): Promise<CommentView[]>;
  /** Approved comments per item id (items without any are absent). */
  countApproved(siteId: string, itemIds: readonly string[]): Promise<Map<string, number>>;
  addComment(comment: NewComment): Promise<CommentView>;
  /** Moves a comment to `status`; false when the site has no such comment. */
  setStatus(siteId: string, commentId: string, status: CommentStatus): Promise<boolean>;
  like(siteId: string, itemId: string, visitorId: string): Promise<LikeResult>;
  likeCounts(siteId: string, itemIds: readonly string[]): Promise<Map<string, number>>;
  hasLiked(itemId: string, visitorId: string): Promise<boolean>;
}

function view(row: CommentRow): CommentView {
  return {
    id: row.id,
    itemId: row.item_id,
    authorName: row.author_name,
    body: row.body,
    status: row.status as CommentStatus,
    addedOn: Date.parse(row.created_at),
  };
}

async function countsBy(
  db: Kysely<CommentsDatabase>,
  table: 'comments' | 'item_likes',
  siteId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (itemIds.length === 0) return counts;
  let query = db
    .selectFrom(table)
    .select(['item_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('site_id', '=', siteId)
    .where('item_id', 'in', [...itemIds]);
  if (table === 'comments') query = query.where('status' as never, '=', 'approved' as never);
  for (const row of await query.groupBy('item_id').execute()) counts.set(row.item_id, Number(row.n));
  return counts;
}

export function createCommentService(shared: Kysely<Database>): CommentService {
  const db = withLikes(shared);
  return {
    async listApproved(siteId, itemId) {
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('item_id', '=', itemId)
        .where('status', '=', 'approved')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(view);
    },

    async listByStatus(siteId, status, limit = 100) {
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('status', '=', status)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(view);
    },

    countApproved: (siteId, itemIds) => countsBy(db, 'comments', siteId, itemIds),

    async addComment(comment) {
      const row: CommentRow = {
        id: newId(),
        site_id: comment.siteId,
        item_id: comment.itemId,
        parent_id: null,
        author_name: comment.authorName,
        author_email: '',
        body: comment.body,
        status: comment.status,
        created_at: nowIso(),
      };
      await db.insertInto('comments').values(row).execute();
      return view(row);
    },

    async setStatus(siteId, commentId, status) {
      const result = await db
        .updateTable('comments')
        .set({ status })
        .where('site_id', '=', siteId)
        .where('id', '=', commentId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    like(siteId, itemId, visitorId) {
      return db.transaction().execute(async (trx) => {
        // One row per (item, visitor): a second like by the same visitor changes nothing.
        const result = await trx
          .insertInto('item_likes')
          .values({ item_id: itemId, visitor_id: visitorId, site_id: siteId, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['item_id', 'visitor_id']).doNothing())
          .executeTakeFirst();
        const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
        const likeCount = (await countsBy(trx, 'item_likes', siteId, [itemId])).get(itemId) ?? 0;
        // The item keeps the total that lists read without counting rows.
        if (added) await trx.updateTable('items').set({ like_count: likeCount }).where('id', '=', itemId).execute();
        return { added, likeCount };
      });
    },

    likeCounts: (siteId, itemIds) => countsBy(db, 'item_likes', siteId, itemIds),

    async hasLiked(itemId, visitorId) {
      const row = await db
        .selectFrom('item_likes')
        .select('item_id')
        .where('item_id', '=', itemId)
        .where('visitor_id', '=', visitorId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
