import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The ids of the demo site's blog posts and events, by url id. */
export async function blogItemIds(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.id', 'items.url_id'])
    .where('collections.slug', 'in', ['blog', 'events'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.url_id, row.id]));
}

/** The text of a piece of HTML: tags dropped, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What the blog post editor sends for a post it opened (post-form.ts `postBody(formFromPost(post))`):
 * every field as it came, with `changes` over them.
 */
export function postEditorBody(post: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  return {
    title: post.title,
    urlId: post.urlId,
    excerpt: post.excerpt,
    body: post.body,
    author: post.author,
    status: post.status,
    publishOn: post.publishOn,
    featuredImage: post.featuredImage,
    tags: post.tags,
    categories: post.categories,
    commentsEnabled: post.commentsEnabled,
    seo: post.seo,
    redirectOldUrl: true,
    ...changes,
  };
}
