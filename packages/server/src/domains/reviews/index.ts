import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createCaptchaGate } from './captcha-gate.js';
import { registerReviewOwnerRoutes } from './owner-routes.js';
import { REVIEW_PHOTO_LIMITS } from './photos.js';
import { summariesOf } from './repository.js';
import { createReviewService, type ReviewService } from './service.js';
import { createReviewSettings, type SettingsPort } from './settings.js';
import type { ReviewSiteUserPort } from './site-user-port.js';
import { type ReviewsJsonLd, type ReviewsSection, reviewsSection, starText } from './view.js';
import { registerReviewVisitorRoutes } from './visitor-routes.js';

// Product reviews (issue 23): buyers' star ratings, title and text, one per buyer per product,
// approved by the owner before they show; the review-request mail after fulfilment with a signed,
// single-use link to the reviews-request page (209); the product page's summary, distribution,
// sorted and paged list, and its JSON-LD `aggregateRating` and `review`.

export type { ReviewService } from './service.js';
export type { ReviewsJsonLd, ReviewsSection } from './view.js';
export type { SettingsPort } from './settings.js';
export type { ReviewSiteUserPort } from './site-user-port.js';

export interface ReviewsApi extends ReviewService {
  /** The product page's reviews section and JSON-LD; undefined when reviews are off. */
  section(input: {
    siteId: string;
    itemId: string;
    path: string;
    query: unknown;
  }): Promise<{ section: ReviewsSection; jsonLd?: ReviewsJsonLd } | undefined>;
  /** Stars of many products at once (shop grids), in one query; undefined when reviews are off. */
  gridStars(siteId: string, itemIds: string[]): Promise<Map<string, GridStars> | undefined>;
}

export interface GridStars {
  average: number;
  count: number;
  stars: string;
  label: string;
}

declare module '../../app.js' {
  interface AppServices {
    /** Set by the reviews plugin (issue 23). */
    reviews?: ReviewsApi;
  }
}

export default async function reviewsPlugin(
  app: FastifyInstance,
  options: { siteUsers: ReviewSiteUserPort; settings: SettingsPort },
): Promise<void> {
  const settings = createReviewSettings(app.db, options.settings);
  const service = createReviewService(app, settings);
  app.services.reviews = {
    ...service,
    section: (input) => reviewsSection(app.db, settings, input),
    async gridStars(siteId, itemIds) {
      if (!(await settings.read(siteId)).enabled) return undefined;
      const rows = await summariesOf(app.db, itemIds);
      return new Map(
        [...rows].map(([id, s]) => [
          id,
          {
            ...s,
            stars: starText(s.average),
            label: `${s.average.toFixed(1)} out of 5 stars, ${s.count} review${s.count === 1 ? '' : 's'}`,
          },
        ]),
      );
    },
  };
  // Photos come as multipart form data (fields and files in the body; the crumb field still checked).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: REVIEW_PHOTO_LIMITS.maxBytes, files: REVIEW_PHOTO_LIMITS.count * 2, fields: 20 },
  });
  registerReviewVisitorRoutes(app, options.siteUsers, service, settings, createCaptchaGate(app));
  registerReviewOwnerRoutes(app, service, settings);
}
