import { PageType } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { fail } from '../../platform/errors/index.js';
import { reviewSummary, shownReviews } from './repository.js';
import {
  productParams,
  reviewFields,
  reviewListAnswer,
  reviewListQuery,
  reviewPostedAnswer,
} from '@tessera/core/contracts/reviews';
import { requestBody, requestQuery } from './schemas.js';
import { REQUEST_PATH, type ReviewService } from './service.js';
import type { CaptchaGate } from './captcha-gate.js';
import { postAsSignedInUser, registerReviewFormRoute, reviewPostError } from './form-routes.js';
import { photosOfBody } from './photos.js';
import type { ReviewSettingsStore } from './settings.js';
import type { SignedInSiteUser, SiteUserPort } from '../site-users/index.js';

const REQUEST_TEMPLATE = 'reviews-request';

/**
 * The visitor's side: a product's approved reviews as JSON, posting a review as a signed-in site
 * user (JSON or multipart with photos, XSRF header; the plain form is in form-routes.ts), and the
 * reviews-request page (209) the mailed link opens, whose plain form posts without signing in
 * (crumb field; the signed link is the proof of purchase).
 */
export function registerReviewVisitorRoutes(
  app: FastifyInstance,
  siteUsers: SiteUserPort,
  service: ReviewService,
  settingsStore: ReviewSettingsStore,
  captchaGate: CaptchaGate,
) {
  const db = app.db;
  // One counter for both ways of posting: 10 reviews per address per 10 minutes.
  const postLimit = limitPerAddress(app, { name: 'review-post', max: 10, timeWindowMs: 10 * 60_000 });
  const siteOf = (request: FastifyRequest) => app.services.content.getSiteForHost(request.hostname);

  const listContract = {
    summary: "A product's published reviews",
    params: productParams,
    query: reviewListQuery,
    errors: ['reviews-off', 'not-found'],
    response: { 200: reviewListAnswer },
  } as const;
  app.get('/api/reviews/products/:itemId', { config: { contract: listContract } }, async (request, reply) => {
    const { itemId } = parseInput(productParams, request.params, 'address');
    const { sort, page } = parseInput(reviewListQuery, request.query ?? {}, 'query');
    const site = await siteOf(request);
    if (!(await settingsStore.read(site.id)).enabled) fail('reviews-off');
    const item = await db
      .selectFrom('items')
      .select('id')
      .where('id', '=', itemId)
      .where('site_id', '=', site.id)
      .executeTakeFirst();
    if (!item) fail('not-found', 'No product has this id.');
    const [summary, reviews] = await Promise.all([reviewSummary(db, itemId), shownReviews(db, itemId, sort, page)]);
    return reply.header('cache-control', 'no-store').send({ summary, reviews, sort, page });
  });

  app.post(
    '/api/reviews/products/:itemId',
    {
      onRequest: postLimit,
      preHandler: siteUsers.requireSiteUser,
      config: {
        contract: {
          summary: 'Review a product the site user bought',
          params: productParams,
          body: reviewFields,
          errors: [
            'reviews-off',
            'review-not-buyer',
            'review-exists',
            'unsupported-file',
            'file-too-large',
            'captcha-required',
          ],
          response: { 201: reviewPostedAnswer },
        },
      },
      // The multipart parser's limits (a photo over 5 MB, too many files) in the reviewer's words.
      errorHandler: (error) => {
        throw reviewPostError(error);
      },
    },
    async (request, reply) => {
      const { itemId } = parseInput(productParams, request.params, 'address');
      const fields = parseInput(reviewFields, request.body);
      const photos = await photosOfBody(request.body);
      await captchaGate.pass(request, fields.captchaKey);
      const posted = await postAsSignedInUser(service, request.siteUser as SignedInSiteUser, itemId, fields, photos);
      if (!posted.ok) fail(posted.code, posted.message);
      return reply.code(201).header('cache-control', 'no-store').send({ reviewId: posted.reviewId, status: 'pending' });
    },
  );

  async function requestPage(
    request: FastifyRequest,
    reply: FastifyReply,
    view: Record<string, unknown>,
    status = 200,
  ): Promise<FastifyReply> {
    return siteUsers.sendPage(
      request,
      reply,
      REQUEST_TEMPLATE,
      { pageType: PageType.REVIEWS_REQUEST, path: REQUEST_PATH, title: 'Write a review' },
      { reviewRequest: { crumb: request.crumb, ...view } },
      status,
    );
  }

  async function productTitle(itemId: string): Promise<string> {
    const row = await db.selectFrom('items').select('title').where('id', '=', itemId).executeTakeFirst();
    return row?.title ?? 'your product';
  }

  /** Page type 209: the form the review-request mail links to (`?token=`), and its thank-you state. */
  app.get(REQUEST_PATH, async (request, reply) => {
    const query = parseInput(requestQuery, request.query ?? {}, 'query');
    if (query.done) return requestPage(request, reply, { done: true });
    const opened = await service.openRequest(query.token ?? '');
    if (!opened.ok)
      return requestPage(request, reply, { problem: opened.message }, opened.code === 'review-link-used' ? 410 : 404);
    return requestPage(request, reply, {
      form: true,
      token: query.token,
      name: opened.name,
      product: await productTitle(opened.itemId),
      values: { rating: 0 },
    });
  });

  app.post(REQUEST_PATH, { onRequest: postLimit }, async (request, reply) => {
    const parsed = requestBody.safeParse(request.body ?? {});
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof raw.token === 'string' ? raw.token.slice(0, 300) : '';
    const again = async (message: string, status: number) => {
      const opened = await service.openRequest(token);
      if (!opened.ok) return requestPage(request, reply, { problem: opened.message }, status);
      const text = (key: string) => (typeof raw[key] === 'string' ? String(raw[key]).slice(0, 4000) : '');
      return requestPage(
        request,
        reply,
        {
          form: true,
          token,
          error: message,
          name: text('name') || opened.name,
          product: await productTitle(opened.itemId),
          values: { rating: Number(text('rating')) || 0, title: text('title'), body: text('body') },
        },
        status,
      );
    };
    if (!parsed.success)
      return again(
        parsed.error.issues
          .slice(0, 3)
          .map((issue) => issue.message)
          .join(' '),
        400,
      );
    let photos: Awaited<ReturnType<typeof photosOfBody>>;
    try {
      photos = await photosOfBody(request.body);
      // A link that opens (signed, unused, reviews on) proves a purchase and works once: a buyer
      // reviewing every product of an order needs no captcha. Posts with links that do not open
      // count towards the address's captcha threshold.
      if (!(await service.openRequest(parsed.data.token)).ok) {
        await captchaGate.pass(request, parsed.data.captchaKey);
      }
    } catch (error) {
      if (error instanceof Error && 'status' in error && Number(error.status) < 500) {
        return again(error.message, Number(error.status));
      }
      throw error;
    }
    const posted = await service.postWithToken(parsed.data.token, parsed.data, photos);
    if (!posted.ok) {
      if (
        posted.code === 'review-link-used' ||
        posted.code === 'review-link-invalid' ||
        posted.code === 'reviews-off'
      ) {
        return requestPage(request, reply, { problem: posted.message }, posted.code === 'review-link-used' ? 410 : 404);
      }
      return again(posted.message, 409);
    }
    return reply.redirect(`${REQUEST_PATH}?done=1`, 303);
  });

  // The product page's form without JavaScript, on the same counter.
  registerReviewFormRoute(app, { siteUsers, service, captchaGate, postLimit });
}
