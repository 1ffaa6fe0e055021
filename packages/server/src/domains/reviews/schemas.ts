import { z } from 'zod';

// The wire shapes of product reviews, one zod schema each: the buyer's review (JSON from a signed-in
// site user, or the plain form of the reviews-request page), the product's review list, and the
// owner's moderation and settings.

export const REVIEW_LIMITS = Object.freeze({ titleMax: 120, bodyMax: 4000, bodyMin: 10, nameMax: 80, replyMax: 2000 });
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PAGE_SIZE = 5;

const id = (what: string) =>
  z.string({ error: `Send the ${what} id as text.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, `That is not a ${what} id.`);

/** Stars as a JSON number or form text ("4"). */
const rating = z.coerce
  .number({ error: 'Choose a rating from 1 to 5 stars.' })
  .int('Choose a rating from 1 to 5 stars.')
  .min(1, 'Choose a rating from 1 to 5 stars.')
  .max(5, 'Choose a rating from 1 to 5 stars.');

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
  /** Files and their alt texts of a multipart post, read by `photos.ts`. */
  photos: z.unknown().optional(),
  photoAlt: z.unknown().optional(),
});
export type ReviewFields = z.infer<typeof reviewFields>;

export const productParams = z.object({ itemId: id('product') });
export const reviewParams = z.object({ reviewId: id('review') });

export const listQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by newest, highest, lowest or photos.' }).default('newest'),
  page: z.coerce.number({ error: 'Send the page as a number.' }).int().min(1).max(10_000).default(1),
});

/** The query of a product page: `?reviews=<sort>&reviewsPage=<n>` (the no-JS paging links). */
export const productPageQuery = z.object({
  reviews: z.enum(REVIEW_SORTS).catch('newest').default('newest'),
  reviewsPage: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export const requestQuery = z.object({
  token: z.string().max(300).optional(),
  done: z.string().max(10).optional(),
});

export const requestBody = reviewFields.extend({
  token: z.string({ error: 'The review link is incomplete.' }).min(1, 'The review link is incomplete.').max(300),
});

export const ownerListQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'hidden', 'all'], { error: 'Filter by pending, approved, hidden or all.' })
    .default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const statusBody = z.object({
  status: z.enum(['approved', 'hidden', 'pending'], { error: 'Set the status to approved, hidden or pending.' }),
});

export const replyBody = z.object({
  reply: z
    .string({ error: 'Send the answer as text.' })
    .trim()
    .max(REVIEW_LIMITS.replyMax, `The answer can be at most ${REVIEW_LIMITS.replyMax} characters.`),
});

export const settingsBody = z.object({
  enabled: z.boolean({ error: 'Send enabled as true or false.' }).optional(),
  anyUser: z.boolean({ error: 'Send anyUser as true or false.' }).optional(),
  requestDelayDays: z
    .number({ error: 'Send the delay in days as a number.' })
    .int('Send the delay as whole days.')
    .min(0, 'The delay cannot be negative.')
    .max(90, 'The delay can be at most 90 days.')
    .optional(),
});
