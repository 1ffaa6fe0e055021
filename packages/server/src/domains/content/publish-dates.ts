import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Publish dates read at most for an archive (a blog with more lists its newest). */
export const MAX_PUBLISH_DATES = 5000;

/**
 * Publish dates (epoch ms) of a collection's public items (published, or scheduled and due), newest
 * first: what the blog archive block groups by month or year. Only the one column is read.
 */
export async function listPublishDates(db: Kysely<Database>, siteId: string, collectionId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('items')
    .select('published_at')
    .where('site_id', '=', siteId)
    .where('collection_id', '=', collectionId)
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '<=', new Date().toISOString())
    .orderBy('published_at', 'desc')
    .limit(MAX_PUBLISH_DATES)
    .execute();
  return rows.map((row) => Date.parse(row.published_at)).filter((at) => Number.isFinite(at));
}
