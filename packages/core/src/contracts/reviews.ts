import { z } from 'zod';

// Product reviews, the visitor's side (`/api/reviews/products/:itemId`): a product's published reviews,
// and a signed-in buyer's review (JSON, or multipart form data with photos); and the owner's
// moderation (`/api/config/reviews*`, store group): the list, publish or hide, answer, delete, review
// requests and the settings.

// ---- Requests -------------------------------------------------------------------------------------

export const REVIEW_LIMITS = Object.freeze({ titleMax: 120, bodyMax: 4000, bodyMin: 10, nameMax: 80, replyMax: 2000 });
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const id = (what: string) =>
  z.string({ error: `Send the ${what} id as text.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, `That is not a ${what} id.`);

/** Stars as a JSON number or form text ("4"). */
const rating = z.coerce
  .number({ error: 'Choose a rating from 1 to 5 stars.' })
  .int('Choose a rating from 1 to 5 stars.')
  .min(1, 'Choose a rating from 1 to 5 stars.')
  .max(5, 'Choose a rating from 1 to 5 stars.');

/** `POST /api/reviews/products/:itemId` (and the plain forms that post the same fields). */
export const reviewFields = z.object({
  rating,
  title: z
    .string({ error: 'Please give your review a title.' })
    .trim()
    .min(1, 'Please give your review a title.')
    .max(REVIEW_LIMITS.titleMax, `The title can be at most ${REVIEW_LIMITS.titleMax} characters.`),
  body: z
    .string({ error: 'Please write a few words about the product.' })
    .trim()
    .min(REVIEW_LIMITS.bodyMin, `Please write at least ${REVIEW_LIMITS.bodyMin} characters about the product.`)
    .max(REVIEW_LIMITS.bodyMax, `Your review can be at most ${REVIEW_LIMITS.bodyMax} characters.`),
  /** The name shown with the review; the account's or order's name when empty. */
  name: z
    .string({ error: 'Send your name as text.' })
    .trim()
    .max(REVIEW_LIMITS.nameMax, `Your name can be at most ${REVIEW_LIMITS.nameMax} characters.`)
    .optional(),
  crumb: z.string().max(200).optional(),
  xsrfToken: z.string().max(200).optional(),
  /** The solved captcha (base64 payload), required after `REVIEW_CAPTCHA.after` posts from one address. */
  captchaKey: z.string().max(2000).optional(),
  /** Files and their alt texts of a multipart post, read by the server's `photos.ts`. */
  photos: z.unknown().optional(),
  photoAlt: z.unknown().optional(),
});
export type ReviewFields = z.infer<typeof reviewFields>;

/**
 * The review form without JavaScript answers a question instead of the script's proof of work when a
 * captcha is due (`POST /reviews/products/:itemId`): the question's signed token and the answer typed.
 */
export const reviewTextCaptcha = z.object({
  captchaToken: z.string({ error: 'Send the question again.' }).max(200, 'Send the question again.').optional(),
  captchaAnswer: z.string({ error: 'Type the answer as a number.' }).max(20, 'Type the answer as a number.').optional(),
});

export const productParams = z.object({ itemId: id('product') });

/** `GET /api/reviews/products/:itemId?sort=&page=`. */
export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by newest, highest, lowest or photos.' }).default('newest'),
  page: z.coerce.number({ error: 'Send the page as a number.' }).int().min(1).max(10_000).default(1),
});

/** The owner's list: `GET /api/config/reviews?status=&limit=`. */
export const ownerReviewListQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'hidden', 'all'], { error: 'Filter by pending, approved, hidden or all.' })
    .default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const reviewParams = z.object({ reviewId: id('review') });

export const REVIEW_STATUSES = ['approved', 'hidden', 'pending'] as const;

/** `PUT /api/config/reviews/:reviewId/status`. */
export const reviewStatusBody = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Set the status to approved, hidden or pending.' }),
});

/** `PUT /api/config/reviews/:reviewId/reply`: the shop's public answer (empty removes it). */
export const reviewReplyBody = z.object({
  reply: z
    .string({ error: 'Send the answer as text.' })
    .trim()
    .max(REVIEW_LIMITS.replyMax, `The answer can be at most ${REVIEW_LIMITS.replyMax} characters.`),
});

/** `PUT /api/config/reviews/settings`: what is sent changes, the rest stays. */
export const reviewSettingsBody = z.object({
  enabled: z.boolean({ error: 'Send enabled as true or false.' }).optional(),
  anyUser: z.boolean({ error: 'Send anyUser as true or false.' }).optional(),
  requestDelayDays: z
    .number({ error: 'Send the delay in days as a number.' })
    .int('Send the delay as whole days.')
    .min(0, 'The delay cannot be negative.')
    .max(90, 'The delay can be at most 90 days.')
    .optional(),
});

// ---- Answers --------------------------------------------------------------------------------------

/** A product's approved reviews at a glance. */
export const reviewSummary = z.object({
  count: z.int(),
  /** Mean stars, one decimal (0 without reviews). */
  average: z.number(),
  /** Count per star, 5 down to 1. */
  distribution: z.array(z.object({ stars: z.int(), count: z.int(), percent: z.number() })),
});

/** One approved review as visitors see it. */
export const shownReview = z.object({
  id: z.string(),
  rating: z.int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** The shop's public answer. */
  reply: z.string().nullable(),
  /** The review's photos: address and alt text. */
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
});

/** `GET /api/reviews/products/:itemId`: the summary and one page of reviews in the asked order. */
export const reviewListAnswer = z.object({
  summary: reviewSummary,
  reviews: z.array(shownReview),
  sort: z.enum(REVIEW_SORTS),
  page: z.int(),
});

/** `POST /api/reviews/products/:itemId` (201): the review waits for the shop's approval. */
export const reviewPostedAnswer = z.object({ reviewId: z.string(), status: z.literal('pending') });

/** One review in the owner's list: as shown, with its status and product. */
export const ownerReview = shownReview
  .extend({ status: z.enum(REVIEW_STATUSES), itemId: z.string(), productTitle: z.string() })
  .strict();

/** `GET /api/config/reviews`: newest first. */
export const ownerReviewList = z.object({ reviews: z.array(ownerReview) }).strict();

/** `PUT /api/config/reviews/:reviewId/status`. */
export const reviewStatusAnswer = z.object({ id: z.string(), status: z.enum(REVIEW_STATUSES) }).strict();

/** `PUT /api/config/reviews/:reviewId/reply`: the answer as stored (plain text; null when removed). */
export const reviewReplyAnswer = z.object({ id: z.string(), reply: z.string().nullable() }).strict();

/** `DELETE /api/config/reviews/:reviewId` (its photos go too). */
export const reviewDeletedAnswer = z.object({ id: z.string(), deleted: z.literal(true) }).strict();

/** `POST /api/config/reviews/requests`: how many due review requests were mailed now. */
export const reviewRequestsAnswer = z.object({ sent: z.int() }).strict();

/** `GET` and `PUT /api/config/reviews/settings`. */
export const reviewSettings = z
  .object({
    /** Visitors may review products. */
    enabled: z.boolean(),
    /** Any signed-in site user may review, not only buyers of the product. */
    anyUser: z.boolean(),
    /** Days after an order is fulfilled before its buyer is asked for a review. */
    requestDelayDays: z.int(),
  })
  .strict();

export type ReviewSummary = z.infer<typeof reviewSummary>;
export type ShownReview = z.infer<typeof shownReview>;
export type ReviewListAnswer = z.infer<typeof reviewListAnswer>;
export type ReviewPostedAnswer = z.infer<typeof reviewPostedAnswer>;
export type OwnerReview = z.infer<typeof ownerReview>;
export type ReviewSettings = z.infer<typeof reviewSettings>;
