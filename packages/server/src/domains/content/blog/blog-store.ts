import { EDITOR_MESSAGES, type ItemSeo, itemSeoFrom, RecordType } from '@tessera/core';
import type { BlogSummary, ContentStatus, PostDocument, PostSummary } from '@tessera/core/contracts/blog';
import type { SectionData } from '@tessera/core/contracts/pages';
import type { Kysely } from 'kysely';
import { withLikes } from '../../comments/index.js';
import type { StoredItemSeo } from '../item-seo-input.js';
import { parseJson } from '../product-json.js';
import type { CollectionRow, Database, ItemRow } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/errors/aliases.js';
import { newId, nowIso } from '../../../platform/ids.js';
import { recordMovedAddress } from '../../web/index.js';
import { bodySections, sectionsFor } from './post-sections.js';
import { nextItemPosition } from '../../../platform/db/positions.js';

// The owner's side of blog collections (issue 10): posts of every status with their tags and
// categories, always scoped to one site and one blog. Posts are `items` rows (record type text);
// their body is stored as HTML in `body` and, for the block renderer, as one html block in
// `sections`. A post that came with blocks of its own (a WordPress import, domains/imports) keeps
// them while a save leaves its body as it was (post-sections.ts); the post screen may also send the
// blocks themselves, and the body is then made from them (sections-body.ts).
// Tags and categories are `item_terms` rows; a term added in the tag manager before any post uses
// it is kept in the blog's settings (`settings.terms`; see blog-term-store.ts).

export interface PostImage {
  url: string;
  altText: string;
  /** '1600x1000' when the routes could read the file, for the visitor's srcset; never sent back. */
  originalSize?: string;
}

/** What the editor sends for a post, already checked by the routes. */
export interface PostInput {
  title: string;
  urlId: string;
  excerpt: string;
  body: string;
  author: string;
  status: string;
  /** ISO UTC; the post is not public before it. */
  publishOn: string;
  featuredImage: PostImage | null;
  tags: string[];
  categories: string[];
  commentsEnabled: boolean;
  /** Search and sharing fields; undefined keeps the stored ones. */
  seo?: StoredItemSeo;
  /** On a URL change, record a 301 from the old address (default on). */
  redirectOldUrl?: boolean;
  /** The post's blocks, checked and cleaned; `body` is then made from them. */
  sections?: SectionData[];
}

type Terms = { tags: string[]; categories: string[] };

const POST_URL_TAKEN = 'Another post in this blog already uses this URL.';

function imageOf(row: ItemRow): PostDocument['featuredImage'] {
  const first = parseJson<Record<string, unknown>[]>(row.images, [])[0];
  if (!first || typeof first.assetUrl !== 'string') return null;
  return { url: first.assetUrl, altText: typeof first.altText === 'string' ? first.altText : '' };
}

function summaryOf(row: ItemRow, blog: CollectionRow, terms: Terms): PostSummary {
  const author = parseJson<{ displayName?: unknown }>(row.author, {});
  return {
    id: row.id,
    blogId: blog.id,
    title: row.title,
    urlId: row.url_id,
    url: `/${blog.slug}/${row.url_id}`,
    status: (row.status || 'published') as ContentStatus,
    publishOn: row.published_at,
    author: typeof author.displayName === 'string' ? author.displayName : '',
    tags: terms.tags,
    categories: terms.categories,
    updatedAt: row.updated_at,
  };
}

function documentOf(row: ItemRow, blog: CollectionRow, terms: Terms): PostDocument {
  const blocks = blockCount(row.sections);
  return {
    ...summaryOf(row, blog, terms),
    excerpt: row.excerpt,
    body: row.body,
    featuredImage: imageOf(row),
    commentsEnabled: row.comments_enabled === 1,
    seo: seoOf(row),
    blocks,
    sections: blocks > 0 ? storedSections(row.sections) : [],
  };
}

/** Stored sections with a list of blocks each (what the importers and the post screen store). */
function storedSections(sections: string): SectionData[] {
  const list = parseJson<unknown>(sections, []);
  return (Array.isArray(list) ? list : []).filter((s): s is SectionData => Array.isArray(s?.blocks));
}

/** The blocks of stored sections, 0 when they are only the body as one html block. */
function blockCount(sections: string): number {
  const list = parseJson<unknown>(sections, []);
  const blocks = (Array.isArray(list) ? list : []).flatMap((s) => (Array.isArray(s?.blocks) ? s.blocks : []));
  const only = blocks[0] as { type?: unknown; variant?: unknown; content?: { html?: unknown } } | undefined;
  if (blocks.length === 1 && only?.type === 2 && !only.variant && typeof only.content?.html === 'string') return 0;
  return blocks.length;
}

function seoOf(row: ItemRow): ItemSeo {
  return itemSeoFrom(parseJson<{ seo?: unknown }>(row.structured_content, {}).seo);
}

/** The stored columns of a post's editable fields. */
function columnsOf(input: PostInput) {
  return {
    title: input.title,
    url_id: input.urlId,
    excerpt: input.excerpt,
    body: input.body,
    status: input.status,
    published_at: input.publishOn,
    author: JSON.stringify({ displayName: input.author }),
    images: JSON.stringify(
      input.featuredImage
        ? [
            {
              id: 'featured',
              recordType: RecordType.IMAGE,
              assetUrl: input.featuredImage.url,
              altText: input.featuredImage.altText,
              originalSize: input.featuredImage.originalSize ?? '',
            },
          ]
        : [],
    ),
    sections: input.sections ? JSON.stringify(input.sections) : bodySections(input.body),
    comments_enabled: input.commentsEnabled ? 1 : 0,
  };
}

export function createBlogStore(db: Kysely<Database>) {
  async function blog(siteId: string, blogId: string): Promise<CollectionRow> {
    const row = await db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', blogId)
      .where('kind', '=', 'blog')
      .executeTakeFirst();
    if (!row) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    return row;
  }

  async function post(siteId: string, blogRow: CollectionRow, postId: string): Promise<ItemRow> {
    const row = await db
      .selectFrom('items')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('collection_id', '=', blogRow.id)
      .where('id', '=', postId)
      .executeTakeFirst();
    if (!row) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    return row;
  }

  async function termsOf(itemIds: string[]): Promise<Map<string, Terms>> {
    const map = new Map<string, Terms>(itemIds.map((id) => [id, { tags: [], categories: [] }]));
    if (itemIds.length === 0) return map;
    const rows = await db
      .selectFrom('item_terms')
      .select(['item_id', 'kind', 'value'])
      .where('item_id', 'in', itemIds)
      .orderBy('value')
      .execute();
    for (const row of rows) {
      const entry = map.get(row.item_id);
      if (entry) (row.kind === 'category' ? entry.categories : entry.tags).push(row.value);
    }
    return map;
  }

  async function urlIdFree(blogId: string, urlId: string, exceptId?: string): Promise<boolean> {
    let query = db.selectFrom('items').select('id').where('collection_id', '=', blogId).where('url_id', '=', urlId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) === undefined;
  }

  async function writeTerms(trx: Kysely<Database>, itemId: string, input: Pick<PostInput, 'tags' | 'categories'>) {
    await trx.deleteFrom('item_terms').where('item_id', '=', itemId).execute();
    const rows = [
      ...input.tags.map((value) => ({ item_id: itemId, kind: 'tag', value })),
      ...input.categories.map((value) => ({ item_id: itemId, kind: 'category', value })),
    ];
    if (rows.length > 0) await trx.insertInto('item_terms').values(rows).execute();
  }

  return {
    blog,

    async listBlogs(siteId: string): Promise<BlogSummary[]> {
      const rows = await db
        .selectFrom('collections')
        .leftJoin('items', 'items.collection_id', 'collections.id')
        .where('collections.site_id', '=', siteId)
        .where('collections.kind', '=', 'blog')
        .select([
          'collections.id',
          'collections.title',
          'collections.slug',
          'collections.position',
          (eb) => eb.fn.count<number | string>('items.id').as('postCount'),
        ])
        .groupBy(['collections.id', 'collections.title', 'collections.slug', 'collections.position'])
        .orderBy('collections.position')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        slug: row.slug,
        url: `/${row.slug}`,
        postCount: Number(row.postCount),
      }));
    },

    async listPosts(
      siteId: string,
      blogId: string,
      options: { limit: number; offset: number },
    ): Promise<{ posts: PostSummary[]; total: number }> {
      const blogRow = await blog(siteId, blogId);
      const base = db.selectFrom('items').where('site_id', '=', siteId).where('collection_id', '=', blogId);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('published_at', 'desc')
          .orderBy('id')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const terms = await termsOf(rows.map((row) => row.id));
      return {
        posts: rows.map((row) => summaryOf(row, blogRow, terms.get(row.id) ?? { tags: [], categories: [] })),
        total: Number(total.n),
      };
    },

    async getPost(siteId: string, blogId: string, postId: string): Promise<PostDocument> {
      const blogRow = await blog(siteId, blogId);
      const row = await post(siteId, blogRow, postId);
      const terms = await termsOf([row.id]);
      return documentOf(row, blogRow, terms.get(row.id) ?? { tags: [], categories: [] });
    },

    async createPost(siteId: string, blogId: string, input: PostInput): Promise<PostDocument> {
      await blog(siteId, blogId);
      if (!(await urlIdFree(blogId, input.urlId)))
        throw new AppError('invalid-body', POST_URL_TAKEN, { field: 'urlId' });
      const id = newId();
      const now = nowIso();
      const position = await nextItemPosition(db, blogId);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('items')
          .values({
            id,
            site_id: siteId,
            collection_id: blogId,
            record_type: RecordType.TEXT,
            structured_content: JSON.stringify(input.seo ? { seo: input.seo } : {}),
            position,
            created_at: now,
            updated_at: now,
            ...columnsOf(input),
          })
          .execute();
        await writeTerms(trx, id, input);
      });
      return this.getPost(siteId, blogId, id) as Promise<PostDocument>;
    },

    async updatePost(siteId: string, blogId: string, postId: string, input: PostInput): Promise<PostDocument> {
      const blogRow = await blog(siteId, blogId);
      const before = await post(siteId, blogRow, postId);
      if (!(await urlIdFree(blogId, input.urlId, postId)))
        throw new AppError('invalid-body', POST_URL_TAKEN, { field: 'urlId' });
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('items')
          .set({
            ...columnsOf(input),
            ...(input.sections ? {} : { sections: sectionsFor(before, input.body) }),
            ...(input.seo
              ? {
                  structured_content: JSON.stringify({
                    ...parseJson<Record<string, unknown>>(before.structured_content, {}),
                    seo: input.seo,
                  }),
                }
              : {}),
            updated_at: nowIso(),
          })
          .where('id', '=', postId)
          .execute();
        await writeTerms(trx, postId, input);
      });
      // Old links to the post keep working (issue 22, domains/web/moved-address.ts).
      if (before.url_id !== input.urlId && input.redirectOldUrl !== false) {
        await recordMovedAddress(db, siteId, `/${blogRow.slug}/${before.url_id}`, `/${blogRow.slug}/${input.urlId}`);
      }
      return this.getPost(siteId, blogId, postId) as Promise<PostDocument>;
    },

    async setStatus(
      siteId: string,
      blogId: string,
      postId: string,
      change: { status: string; publishOn?: string },
    ): Promise<PostDocument> {
      const blogRow = await blog(siteId, blogId);
      await post(siteId, blogRow, postId);
      await db
        .updateTable('items')
        .set({
          status: change.status,
          ...(change.publishOn ? { published_at: change.publishOn } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', postId)
        .execute();
      return this.getPost(siteId, blogId, postId) as Promise<PostDocument>;
    },

    async deletePost(siteId: string, blogId: string, postId: string): Promise<void> {
      const blogRow = await blog(siteId, blogId);
      await post(siteId, blogRow, postId);
      await db.transaction().execute(async (trx) => {
        // Its terms, comments and likes go with it (the foreign keys say so on both dialects too).
        await trx.deleteFrom('item_terms').where('item_id', '=', postId).execute();
        await trx.deleteFrom('comments').where('item_id', '=', postId).execute();
        await withLikes(trx).deleteFrom('item_likes').where('item_id', '=', postId).execute();
        await trx.deleteFrom('items').where('id', '=', postId).execute();
      });
    },
  };
}

export type BlogStore = ReturnType<typeof createBlogStore>;
