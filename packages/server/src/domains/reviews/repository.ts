import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, ProductReviewsTable } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { parsePhotos, photoUrl, type ReviewPhoto } from './photos.js';
import type { OwnerReview, ReviewSort, ReviewSummary, ShownReview } from '@tessera/core/contracts/reviews';
import { REVIEWS_PAGE_SIZE } from './schemas.js';
import { isUniqueViolation } from '../../platform/db/claims.js';

// Reads and writes of product reviews and review-request links. Callers decide who may write;
// the unique index decides that a buyer has one review per product.

type Db = Kysely<Database> | Transaction<Database>;

// The summary and a shown review are the published contract's (`@tessera/core/contracts/reviews`).
export type { ReviewSummary, ShownReview };

const shownPhotos = (json: string) => parsePhotos(json).map((p) => ({ url: photoUrl(p.key), alt: p.alt }));

/** A review as a product page shows it (the owner's list adds its status and product). */
function reviewJson(
  r: Pick<
    Selectable<ProductReviewsTable>,
    'id' | 'rating' | 'title' | 'body' | 'author_name' | 'created_at' | 'reply' | 'photos'
  >,
): ShownReview {
  return {
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    authorName: r.author_name,
    createdAt: r.created_at,
    reply: r.reply,
    photos: shownPhotos(r.photos),
  };
}

export interface NewReview {
  siteId: string;
  itemId: string;
  authorKey: string;
  authorName: string;
  siteUserId: string | null;
  orderId: string | null;
  rating: number;
  title: string;
  body: string;
  photos?: ReviewPhoto[];
  now: string;
}

/** Inserts a pending review; undefined when this buyer already reviewed the product. */
export async function insertReview(db: Db, review: NewReview): Promise<string | undefined> {
  const id = newId();
  try {
    await db
      .insertInto('product_reviews')
      .values({
        id,
        site_id: review.siteId,
        item_id: review.itemId,
        author_key: review.authorKey,
        site_user_id: review.siteUserId,
        order_id: review.orderId,
        author_name: review.authorName,
        rating: review.rating,
        title: review.title,
        body: review.body,
        status: 'pending',
        photos: JSON.stringify(review.photos ?? []),
        created_at: review.now,
        updated_at: review.now,
      })
      .execute();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Whether `authorKey` already has a review of the product. */
export async function hasReviewed(db: Db, siteId: string, itemId: string, authorKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('product_reviews')
    .select('id')
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .where('author_key', '=', authorKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** A paid order of the site holding the product, placed by this account or email address. */
export async function buyerOrder(
  db: Db,
  input: { siteId: string; itemId: string; email?: string; siteUserId?: string },
): Promise<{ id: string; customer_name: string } | undefined> {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.customer_name'])
    .where('o.site_id', '=', input.siteId)
    .where('l.item_id', '=', input.itemId)
    .where('o.payment_status', '=', 'paid')
    .where((eb) =>
      eb.or([
        ...(input.email ? [eb(sql<string>`lower(o.customer_email)`, '=', input.email)] : []),
        ...(input.siteUserId ? [eb('o.site_user_id', '=', input.siteUserId)] : []),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .executeTakeFirst();
}

/** Average, count and distribution of the product's approved reviews. */
export async function reviewSummary(db: Db, itemId: string): Promise<ReviewSummary> {
  const rows = await db
    .selectFrom('product_reviews')
    .select(['rating', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved')
    .groupBy('rating')
    .execute();
  const per = new Map(rows.map((r) => [r.rating, Number(r.n)]));
  const count = [...per.values()].reduce((a, b) => a + b, 0);
  const total = [...per.entries()].reduce((sum, [stars, n]) => sum + stars * n, 0);
  return {
    count,
    average: count === 0 ? 0 : Math.round((total / count) * 10) / 10,
    distribution: [5, 4, 3, 2, 1].map((stars) => {
      const n = per.get(stars) ?? 0;
      return { stars, count: n, percent: count === 0 ? 0 : Math.round((n / count) * 100) };
    }),
  };
}

/** One page of the product's approved reviews. */
export async function shownReviews(db: Db, itemId: string, sort: ReviewSort, page: number): Promise<ShownReview[]> {
  let query = db
    .selectFrom('product_reviews')
    .select(['id', 'rating', 'title', 'body', 'author_name', 'created_at', 'reply', 'photos'])
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved');
  if (sort === 'photos') query = query.where('photos', '<>', '[]');
  if (sort === 'highest') query = query.orderBy('rating', 'desc');
  if (sort === 'lowest') query = query.orderBy('rating', 'asc');
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE)
    .execute();
  return rows.map(reviewJson);
}

/** How many approved reviews of the product have photos (the "With photos" filter's pages). */
export async function countWithPhotos(db: Db, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('product_reviews')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved')
    .where('photos', '<>', '[]')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Average and count of approved reviews of each product (one query for a whole shop grid). */
export async function summariesOf(db: Db, itemIds: string[]): Promise<Map<string, { average: number; count: number }>> {
  const out = new Map<string, { average: number; count: number }>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_reviews')
    .select([
      'item_id',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number>('rating').as('total'),
    ])
    .where('item_id', 'in', itemIds)
    .where('status', '=', 'approved')
    .groupBy('item_id')
    .execute();
  for (const r of rows) {
    const count = Number(r.n);
    out.set(r.item_id, { count, average: count === 0 ? 0 : Math.round((Number(r.total) / count) * 10) / 10 });
  }
  return out;
}

/** Deletes one review of the site; its photos (for the caller to remove from storage), or undefined. */
export async function deleteReview(db: Db, siteId: string, reviewId: string): Promise<ReviewPhoto[] | undefined> {
  const row = await db
    .deleteFrom('product_reviews')
    .where('id', '=', reviewId)
    .where('site_id', '=', siteId)
    .returning('photos')
    .executeTakeFirst();
  return row ? parsePhotos(row.photos) : undefined;
}

/** The site's reviews for the owner, newest first. */
export async function ownerReviews(
  db: Db,
  siteId: string,
  status: 'pending' | 'approved' | 'hidden' | 'all',
  limit: number,
): Promise<OwnerReview[]> {
  let query = db
    .selectFrom('product_reviews as r')
    .innerJoin('items as i', 'i.id', 'r.item_id')
    .select([
      'r.id',
      'r.rating',
      'r.title',
      'r.body',
      'r.author_name',
      'r.created_at',
      'r.reply',
      'r.status',
      'r.photos',
    ])
    .select(['r.item_id', 'i.title as product_title'])
    .where('r.site_id', '=', siteId);
  if (status !== 'all') query = query.where('r.status', '=', status);
  const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.id').limit(limit).execute();
  return rows.map((r) => ({
    ...reviewJson(r),
    status: r.status as OwnerReview['status'],
    itemId: r.item_id,
    productTitle: r.product_title,
  }));
}

/** Changes one review of the site; false when it is not the site's. */
export async function updateReview(
  db: Db,
  siteId: string,
  reviewId: string,
  change: { status?: string; reply?: string | null; repliedAt?: string | null; now: string },
): Promise<{ itemId: string } | undefined> {
  const row = await db
    .updateTable('product_reviews')
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.reply !== undefined ? { reply: change.reply, replied_at: change.repliedAt ?? null } : {}),
      updated_at: change.now,
    })
    .where('id', '=', reviewId)
    .where('site_id', '=', siteId)
    .returning('item_id')
    .executeTakeFirst();
  return row ? { itemId: row.item_id } : undefined;
}

export type RequestRow = Awaited<ReturnType<typeof findRequest>>;

export async function findRequest(db: Db, id: string) {
  return db.selectFrom('review_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the link used; false when another post used it first. */
export async function claimRequest(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('review_requests')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores one link per (order, product); the ids of the rows this call created. */
export async function createRequests(
  db: Db,
  rows: { siteId: string; orderId: string; itemId: string; email: string; name: string; secret: string; now: string }[],
): Promise<{ id: string; itemId: string; secret: string }[]> {
  const created: { id: string; itemId: string; secret: string }[] = [];
  for (const row of rows) {
    const id = newId();
    const inserted = await db
      .insertInto('review_requests')
      .values({
        id,
        site_id: row.siteId,
        order_id: row.orderId,
        item_id: row.itemId,
        email: row.email,
        name: row.name,
        secret: row.secret,
        created_at: row.now,
      })
      .onConflict((oc) => oc.columns(['order_id', 'item_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) created.push({ id, itemId: row.itemId, secret: row.secret });
  }
  return created;
}

/** Paid orders fulfilled between `from` and `to` that have no review-request link yet. */
export async function ordersToAsk(db: Db, siteId: string, from: string, to: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .leftJoin('review_requests as q', (join) =>
      join.onRef('q.order_id', '=', 'o.id').onRef('q.item_id', '=', 'l.item_id'),
    )
    .select(['o.id as order_id', 'o.customer_email', 'o.customer_name', 'l.item_id', 'i.title'])
    .where('o.site_id', '=', siteId)
    .where('o.fulfillment_status', '=', 'fulfilled')
    .where('o.payment_status', '=', 'paid')
    .where('o.fulfilled_at', '>=', from)
    .where('o.fulfilled_at', '<=', to)
    .where('i.record_type', '=', 11)
    .where('q.id', 'is', null)
    .orderBy('o.fulfilled_at')
    .limit(500)
    .execute();
}
