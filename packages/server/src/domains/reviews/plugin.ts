import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCaptchaGate } from './captcha-gate.js';
import { registerReviewOwnerRoutes } from './owner-routes.js';
import { loadDraft } from './form-drafts.js';
import { readReviewNote, REVIEW_SENT_TEXT } from './form-note.js';
import { REVIEW_FORM_ACTION } from './form-routes.js';
import { REVIEW_PHOTO_LIMITS } from './photos.js';
import { summariesOf } from './repository.js';
import { createReviewService, type ReviewService } from './service.js';
import type { RememberLookup } from '../content/index.js';
import { createReviewSettings, type SettingsPort } from './settings.js';
import type { SiteUserPort } from '../site-users/index.js';
import { type ReviewsJsonLd, type ReviewsSection, type ReviewWriter, reviewsSection, starText } from './view.js';
import { registerReviewVisitorRoutes } from './visitor-routes.js';

// Product reviews (issue 23): buyers' star ratings, title and text, one per buyer per product,
// approved by the owner before they show; the review-request mail after fulfilment with a signed,
// single-use link to the reviews-request page (209); the product page's summary, distribution,
// sorted and paged list, and its JSON-LD `aggregateRating` and `review`.

export interface ReviewsApi extends ReviewService {
  /** The product page's reviews section and JSON-LD; undefined when reviews are off. */
  section(input: {
    siteId: string;
    itemId: string;
    path: string;
    query: unknown;
    /** The visitor's request: who they are decides the section's "write a review" part. */
    request?: FastifyRequest;
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

/** The form's photo inputs, one per photo a review takes. */
const PHOTO_SLOTS = Array.from({ length: REVIEW_PHOTO_LIMITS.count }, (_, i) => ({ n: i + 1 }));
const PHOTO_HINT = `Up to ${REVIEW_PHOTO_LIMITS.count} pictures (JPEG, PNG, WebP or GIF), each at most ${REVIEW_PHOTO_LIMITS.maxLabel}.`;
const PHOTOS_AGAIN = 'Photos are not kept when a review is refused: choose them again.';

/** The rating radios, the one typed before checked. */
const ratingsOf = (checked: string) =>
  [5, 4, 3, 2, 1].map((value) => ({
    value,
    label: value === 1 ? '1 star' : `${value} stars`,
    checked: String(value) === checked,
    first: value === 5,
  }));

declare module '../../app.js' {
  interface AppServices {
    /** Set by the reviews plugin (issue 23). */
    reviews?: ReviewsApi;
  }
}

export default async function reviewsPlugin(
  app: FastifyInstance,
  options: { siteUsers: SiteUserPort; settings: SettingsPort },
): Promise<void> {
  // Kept with the site's content (issue 20), forgotten at a write to the tables each names.
  const remember: RememberLookup = (siteId, name, load, reads) =>
    app.services.content.remember(siteId, name, load, reads);
  const settings = createReviewSettings(app.db, options.settings, remember);
  const service = createReviewService(app, settings);
  const captchaGate = createCaptchaGate(app);
  app.services.reviews = {
    ...service,
    async section(input) {
      const shown = await reviewsSection(app.db, settings, input, remember);
      if (!shown || !input.request) return shown;
      const writer = await writerFor(input.request, input.siteId, input.itemId, input.path);
      return { ...shown, section: { ...shown.section, writer } };
    },
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
  /** The "write a review" part: a sign-in link, the reason a signed-in user may not review, or the form. */
  async function writerFor(
    request: FastifyRequest,
    siteId: string,
    itemId: string,
    path: string,
  ): Promise<ReviewWriter> {
    const user = await options.siteUsers.load(request);
    if (!user || user.websiteId !== siteId) {
      return { signInHref: `/account/login?${new URLSearchParams({ next: `${path}#reviews` })}` };
    }
    // Back from the form post without JavaScript (form-routes.ts): its signed answer.
    const note = readReviewNote(request.query, itemId, request.siteUserXsrf);
    if (note?.kind === 'sent') return { sent: REVIEW_SENT_TEXT };
    const allowed = await service.canReview(siteId, itemId, user);
    if (!allowed.ok) return { notice: allowed.message };
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
    // Refused without JavaScript: what was typed, and the question when a captcha was due.
    const owner = { siteId, siteUserId: user.id, itemId };
    const draft = note?.kind === 'refused' && note.draft ? await loadDraft(app.db, owner, note.draft) : undefined;
    const question = draft?.captcha ? captchaGate.textChallenge() : undefined;
    return {
      form: {
        itemId,
        action: REVIEW_FORM_ACTION(itemId),
        crumb: request.crumb,
        xsrfToken: request.siteUserXsrf ?? '',
        name: draft ? draft.name : name,
        title: draft?.title ?? '',
        body: draft?.body ?? '',
        ratings: ratingsOf(draft?.rating ?? ''),
        error: note?.kind === 'refused' ? note.message : '',
        photos: PHOTO_SLOTS,
        photoHint: draft ? `${PHOTO_HINT} ${PHOTOS_AGAIN}` : PHOTO_HINT,
        ...(question ? { question: { token: question.token, text: question.question } } : {}),
      },
    };
  }

  // Photos come as multipart form data (fields and files in the body; the crumb field still checked).
  // One file more than a review takes is read, so five files get "at most 4" from photosOfBody; a
  // sixth stops the parser (`photoUploadError`): at most 5 × 5 MB is held for one post.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: REVIEW_PHOTO_LIMITS.maxBytes, files: REVIEW_PHOTO_LIMITS.count + 1, fields: 20 },
  });
  registerReviewVisitorRoutes(app, options.siteUsers, service, settings, captchaGate);
  registerReviewOwnerRoutes(app, service, settings);
}
