import type { FastifyInstance } from 'fastify';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import { newReviewMail, requestMail } from './mails.js';
import {
  buyerOrder,
  claimRequest,
  createRequests,
  findRequest,
  hasReviewed,
  insertReview,
  ordersToAsk,
} from './repository.js';
import { type PhotoUpload, removePhotos, storePhotos } from './photos.js';
import { newRequestSecret, requestToken, tokenRequestId, verifyRequestToken } from './request-token.js';
import type { ReviewFields } from '@tessera/core/contracts/reviews';
import type { ReviewSettingsStore } from './settings.js';

// The rules of reviews: who may post (buyers, or any signed-in site user when the owner allows),
// one review per buyer per product, the single-use request link, the owner's notice of a new
// review, and the review-request mails after fulfilment. Expected refusals are results, not throws.

export type Refusal = { ok: false; code: ErrorCode; message: string };
export type Posted = { ok: true; reviewId: string };

const DAY_MS = 86_400_000;
/** Orders fulfilled longer ago than the delay plus this are not asked any more. */
const REQUEST_WINDOW_DAYS = 30;
export const REQUEST_PATH = '/reviews/request';

const refuse = (code: ErrorCode, message: string): Refusal => ({ ok: false, code, message });

/** Plain text as the buyer meant it: no control characters, at most two blank lines in a row. */
export function plainReviewText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface ReviewService {
  /** May this signed-in site user review the product now? The refusal says why not. */
  canReview(siteId: string, itemId: string, user: { id: string; email: string }): Promise<{ ok: true } | Refusal>;
  postAsSiteUser(input: {
    siteId: string;
    itemId: string;
    user: { id: string; email: string; name?: string };
    fields: ReviewFields;
    photos?: PhotoUpload[];
  }): Promise<Posted | Refusal>;
  /** The request link's product and buyer, or a refusal (invalid, used). */
  openRequest(
    token: string,
  ): Promise<{ ok: true; siteId: string; itemId: string; name: string; orderId: string } | Refusal>;
  postWithToken(
    token: string,
    fields: ReviewFields,
    photos?: PhotoUpload[],
  ): Promise<(Posted & { itemId: string }) | Refusal>;
  /** Creates and mails the review requests that are due at `now` (of one site, or all); the number of mails sent. */
  sendDueRequests(now?: Date, siteId?: string): Promise<number>;
}

export function createReviewService(app: FastifyInstance, settingsStore: ReviewSettingsStore): ReviewService {
  const db = app.db;
  const mail = createMailService(app.db, app.config);

  async function publicProduct(siteId: string, itemId: string) {
    return db
      .selectFrom('items')
      .select(['id', 'title'])
      .where('id', '=', itemId)
      .where('site_id', '=', siteId)
      .where('record_type', '=', 11)
      .where('status', '=', 'published')
      .executeTakeFirst();
  }

  async function notifyOwners(siteId: string, productTitle: string, fields: ReviewFields): Promise<void> {
    const [owners, site, base] = await Promise.all([
      db.selectFrom('owners').select('email').where('site_id', '=', siteId).execute(),
      app.services.content.getSite(siteId),
      siteBaseUrlById(app, siteId),
    ]);
    for (const owner of owners) {
      const message = newReviewMail({
        to: owner.email,
        siteTitle: site?.title ?? 'Tessera',
        productTitle,
        rating: fields.rating,
        title: fields.title,
        editorUrl: `${base}/config/commerce/reviews`,
      });
      await mail.send({ ...message, siteId }).catch((error) => app.log.warn({ err: error }, 'review notice failed'));
    }
  }

  async function openRequest(token: string) {
    const id = tokenRequestId(token);
    const row = id ? await findRequest(db, id) : undefined;
    if (!row || !verifyRequestToken(token, row.id, row.secret)) {
      return refuse('review-link-invalid', 'This review link is not valid. Please use the link in your email.');
    }
    if (row.used_at) return refuse('review-link-used', 'This review link was already used. Thank you for your review!');
    const settings = await settingsStore.read(row.site_id);
    if (!settings.enabled) return refuse('reviews-off', 'Reviews are not open on this shop.');
    return { ok: true as const, siteId: row.site_id, itemId: row.item_id, name: row.name, orderId: row.order_id, row };
  }

  /** Whether this signed-in site user may review the product now (reviews on, a buyer or anyone allowed, not yet reviewed). */
  async function mayPost(siteId: string, itemId: string, user: { id: string; email: string }) {
    const settings = await settingsStore.read(siteId);
    if (!settings.enabled) return refuse('reviews-off', 'Reviews are not open on this shop.');
    const product = await publicProduct(siteId, itemId);
    if (!product) return refuse('not-found', 'This product is not on the shop any more.');
    const email = user.email.trim().toLowerCase();
    // An order placed as a guest counts by its email address only once the account has proven it.
    const account = await db
      .selectFrom('site_users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirst();
    const order = await buyerOrder(db, {
      siteId,
      itemId,
      email: account?.email_verified_at ? email : undefined,
      siteUserId: user.id,
    });
    if (!order && !settings.anyUser) {
      return refuse('review-not-buyer', 'Only customers who bought this product can review it.');
    }
    if (await hasReviewed(db, siteId, itemId, email)) {
      return refuse('review-exists', 'You have already reviewed this product. Thank you!');
    }
    return { ok: true as const, product, order, email };
  }

  const altFor = (productTitle: string) => (n: number) => `Customer photo ${n} of ${productTitle}`;
  /** Removes the photos of a review that was not stored after all. */
  const discard = async (storage: FileStorage, photos: Awaited<ReturnType<typeof storePhotos>>) =>
    removePhotos(storage, photos).catch((error) => app.log.warn({ err: error }, 'review photos not removed'));

  return {
    canReview: async (siteId, itemId, user) => {
      const allowed = await mayPost(siteId, itemId, user);
      return allowed.ok ? { ok: true } : allowed;
    },

    async postAsSiteUser({ siteId, itemId, user, fields, photos = [] }) {
      const allowed = await mayPost(siteId, itemId, user);
      if (!allowed.ok) return allowed;
      const { product, order, email } = allowed;
      const storage = await app.siteFiles(siteId);
      const stored = await storePhotos(storage, photos, altFor(product.title));
      const reviewId = await insertReview(db, {
        siteId,
        itemId,
        authorKey: email,
        authorName: fields.name || user.name || order?.customer_name || 'Customer',
        siteUserId: user.id,
        orderId: order?.id ?? null,
        rating: fields.rating,
        title: plainReviewText(fields.title),
        body: plainReviewText(fields.body),
        photos: stored,
        now: new Date().toISOString(),
      }).catch(async (error: unknown) => {
        await discard(storage, stored);
        throw error;
      });
      if (!reviewId) await discard(storage, stored);
      if (!reviewId) return refuse('review-exists', 'You have already reviewed this product. Thank you!');
      await notifyOwners(siteId, product.title, fields);
      return { ok: true, reviewId };
    },

    async openRequest(token) {
      const opened = await openRequest(token);
      if (!opened.ok) return opened;
      const { row: _row, ...rest } = opened;
      return rest;
    },

    async postWithToken(token, fields, photos = []) {
      const opened = await openRequest(token);
      if (!opened.ok) return opened;
      const { row } = opened;
      const product = await publicProduct(row.site_id, row.item_id);
      if (!product) return refuse('not-found', 'This product is not on the shop any more.');
      const email = row.email.trim().toLowerCase();
      const now = new Date().toISOString();
      const storage = await app.siteFiles(row.site_id);
      const stored = await storePhotos(storage, photos, altFor(product.title));
      // The link is claimed and the review stored in one transaction: of two posts at once, one
      // claims the link; a buyer who already reviewed keeps the link unused.
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          if (!(await claimRequest(trx, row.id, now))) return 'used' as const;
          const reviewId = await insertReview(trx, {
            siteId: row.site_id,
            itemId: row.item_id,
            authorKey: email,
            authorName: fields.name || row.name || 'Customer',
            siteUserId: null,
            orderId: row.order_id,
            rating: fields.rating,
            title: plainReviewText(fields.title),
            body: plainReviewText(fields.body),
            photos: stored,
            now,
          });
          if (!reviewId) throw new AlreadyReviewed();
          return reviewId;
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyReviewed) return 'exists' as const;
          throw error;
        })
        .catch(async (error: unknown) => {
          await discard(storage, stored);
          throw error;
        });
      if (outcome === 'used' || outcome === 'exists') await discard(storage, stored);
      if (outcome === 'used') {
        return refuse('review-link-used', 'This review link was already used. Thank you for your review!');
      }
      if (outcome === 'exists') return refuse('review-exists', 'You have already reviewed this product. Thank you!');
      await notifyOwners(row.site_id, product.title, fields);
      return { ok: true, reviewId: outcome, itemId: row.item_id };
    },

    async sendDueRequests(now = new Date(), siteId?: string) {
      let query = db.selectFrom('sites').select(['id', 'title', 'settings']);
      if (siteId) query = query.where('id', '=', siteId);
      const sites = await query.execute();
      let sent = 0;
      for (const site of sites) {
        const settings = settingsStore.of(site.settings);
        if (!settings.enabled) continue;
        const to = new Date(now.getTime() - settings.requestDelayDays * DAY_MS).toISOString();
        const from = new Date(now.getTime() - (settings.requestDelayDays + REQUEST_WINDOW_DAYS) * DAY_MS).toISOString();
        const lines = await ordersToAsk(db, site.id, from, to);
        if (lines.length === 0) continue;
        const base = await siteBaseUrlById(app, site.id);
        const byOrder = new Map<string, typeof lines>();
        for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
        for (const [orderId, orderLines] of byOrder) {
          const first = orderLines[0]!;
          const titles = new Map(orderLines.map((l) => [l.item_id, l.title]));
          const created = await createRequests(
            db,
            [...titles.keys()].map((itemId) => ({
              siteId: site.id,
              orderId,
              itemId,
              email: first.customer_email,
              name: first.customer_name,
              secret: newRequestSecret(),
              now: now.toISOString(),
            })),
          );
          if (created.length === 0) continue;
          const message = requestMail({
            to: first.customer_email,
            name: first.customer_name,
            siteTitle: site.title,
            links: created.map((c) => ({
              title: titles.get(c.itemId) ?? 'Your product',
              url: `${base}${REQUEST_PATH}?token=${encodeURIComponent(requestToken(c.id, c.secret))}`,
            })),
          });
          await mail.send({ ...message, id: newId(), siteId: site.id });
          sent += 1;
        }
      }
      return sent;
    },
  };
}

class AlreadyReviewed extends Error {}
