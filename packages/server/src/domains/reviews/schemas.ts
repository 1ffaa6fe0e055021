import { REVIEW_SORTS, reviewFields } from '@tessera/core/contracts/reviews';
import { z } from 'zod';

// The product page's and the reviews-request page's query and form. The visitor API's review, list
// query and answers, and the owner's moderation and settings, are the published contract's
// (`@tessera/core/contracts/reviews`).

export const REVIEWS_PAGE_SIZE = 5;

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
