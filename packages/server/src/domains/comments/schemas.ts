import { z } from 'zod';
import { COMMENT_STATUSES } from './comment-service.js';

// The wire shapes of the comment routes' ids, queries and moderation body (issue 16). The routes check
// with them and answer their own texts on a refusal (the same as before they had schemas), so a schema
// here says what passes, and the route says what a refusal looks like.

/** Item ids are generated hex (or seeded) tokens: anything else is no post, never a query. */
export const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `GET /api/comments?itemId=`: refused with `itemId: Send the id of the post.` (400). */
export const commentListQuery = z.object({ itemId: z.string().regex(ITEM_ID) });

/** `POST /api/likes/:itemId`: an id of another shape is no post (404 `post-not-found`). */
export const likeParams = z.object({ itemId: z.string().regex(ITEM_ID) });

/** `GET /api/config/comments?status=`, pending when absent: refused with `status: Use one of …` (400). */
export const moderationQuery = z.object({ status: z.enum(COMMENT_STATUSES).default('pending') });

/** `PUT /api/config/comments/:commentId`: refused with `status: Use one of …` (400). */
export const moderationBody = z.object({ status: z.enum(COMMENT_STATUSES) });

export const commentParams = z.object({ commentId: z.string() });
