import { REVIEW_LIMITS, REVIEW_SORTS, reviewFields } from '@tessera/core/contracts/reviews';
import { z } from 'zod';

// The product page's and the reviews-request page's query and form, and the owner's moderation and
// settings. The visitor API's review, list query and answers are the published contract's
// (`@tessera/core/contracts/reviews`).

export const REVIEWS_PAGE_SIZE = 5;

const id = (what: string) =>
  z.string({ error: `Send the ${what} id as text.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, `That is not a ${what} id.`);

export const reviewParams = z.object({ reviewId: id('review') });

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
