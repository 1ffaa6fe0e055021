import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** `item_likes` (migration 0005b_comments): one row per liked item and visitor cookie. */
export interface ItemLikesTable {
  item_id: string;
  visitor_id: string;
  site_id: string;
  created_at: string;
}

/** The shared schema plus this area's own table. */
export type CommentsDatabase = Database & { item_likes: ItemLikesTable };

export function withLikes(db: Kysely<Database>): Kysely<CommentsDatabase> {
  return db as unknown as Kysely<CommentsDatabase>;
}
