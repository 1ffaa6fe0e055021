import { z } from 'zod';

// Comments and likes on blog posts (`/api/comments`, `/api/likes/:itemId`, `/api/config/comments`):
// what a visitor posts, with the texts the comment form shows beside each field, and the answers.

/** `approved` comments are shown; `pending` wait for a moderator; `spam` are kept but hidden. */
export const COMMENT_STATUSES = ['approved', 'pending', 'spam'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_LIMITS = { authorName: 80, body: 2000 } as const;

export const COMMENT_FIELD_MESSAGES = {
  itemMissing: 'Send the id of the post as text.',
  nameMissing: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${COMMENT_LIMITS.authorName} characters.`,
  bodyMissing: 'Please write a comment.',
  bodyTooLong: `A comment can be at most ${COMMENT_LIMITS.body} characters.`,
  badText: 'Remove the unsupported characters and try again.',
} as const;

// NUL and the other C0 controls except tab and line breaks never belong in a comment.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Lengths in characters (code points), as JSON Schema's `maxLength` counts them. */
const atMost = (max: number) => (value: string) => [...value].length <= max;

/**
 * `POST /api/comments` (JSON, or the comment form's fields): the post, a name and a plain-text body
 * (never HTML: templates escape it). The name's runs of white space and the body's line ends are
 * normalised and both trimmed before they are measured.
 */
export const commentBody = z.object({
  itemId: z
    .string({ error: COMMENT_FIELD_MESSAGES.itemMissing })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: COMMENT_FIELD_MESSAGES.itemMissing }),
  authorName: z
    .string({ error: COMMENT_FIELD_MESSAGES.nameMissing })
    .overwrite((name) => name.replace(/\s+/g, ' ').trim())
    .min(1, { error: COMMENT_FIELD_MESSAGES.nameMissing })
    .refine(atMost(COMMENT_LIMITS.authorName), { error: COMMENT_FIELD_MESSAGES.nameTooLong })
    .refine((name) => !CONTROL_CHARS.test(name), { error: COMMENT_FIELD_MESSAGES.badText })
    .meta({ maxLength: COMMENT_LIMITS.authorName }),
  body: z
    .string({ error: COMMENT_FIELD_MESSAGES.bodyMissing })
    .overwrite((body) => body.replace(/\r\n?/g, '\n').trim())
    .min(1, { error: COMMENT_FIELD_MESSAGES.bodyMissing })
    .refine(atMost(COMMENT_LIMITS.body), { error: COMMENT_FIELD_MESSAGES.bodyTooLong })
    .refine((body) => !CONTROL_CHARS.test(body), { error: COMMENT_FIELD_MESSAGES.badText })
    .meta({ maxLength: COMMENT_LIMITS.body }),
});
export type CommentInput = z.infer<typeof commentBody>;

// ---- answers ----

/** A comment as pages and the API show it. `body` is plain text. */
export const commentView = z.object({
  id: z.string(),
  itemId: z.string(),
  authorName: z.string(),
  body: z.string(),
  status: z.enum(COMMENT_STATUSES),
  addedOn: z.number().describe('Epoch milliseconds'),
});
export type CommentView = z.infer<typeof commentView>;

/** `GET /api/comments?itemId=`: a post's approved comments. */
export const commentListAnswer = z.object({
  itemId: z.string(),
  comments: z.array(commentView),
  publicCommentCount: z.int().nonnegative(),
});

/** `POST /api/comments` (201): the comment, and whether it waits for a moderator. */
export const commentPostedAnswer = z.object({
  comment: commentView,
  publicCommentCount: z.int().nonnegative(),
  pending: z.boolean(),
  message: z.string(),
});

/** `POST /api/likes/:itemId`: the post's likes, once per visitor. */
export const likeAnswer = z.object({
  itemId: z.string(),
  liked: z.literal(true),
  alreadyLiked: z.boolean(),
  likeCount: z.int().nonnegative(),
});

/** `GET /api/config/comments?status=`: the comments of one moderation status. */
export const moderationListAnswer = z.object({ comments: z.array(commentView) });

/** `PUT /api/config/comments/:commentId`: the comment's new status. */
export const moderationAnswer = z.object({ id: z.string(), status: z.enum(COMMENT_STATUSES) });
