import { z } from 'zod';

// The mail outbox (`GET /api/config/mail-outbox*`, admin group): every message the site sent or
// queued, newest first, as the editor's outbox panel reads it.

const noNul = /^[^\u0000]*$/;

/** `GET /api/config/mail-outbox`'s query: a keyset page, optionally of one recipient. */
export const outboxQuery = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    to: z.string().max(254).regex(noNul).optional(),
  })
  .strict();

/** `GET /api/config/mail-outbox/:id`'s address. */
export const outboxMessageParams = z.object({ id: z.string().min(1).max(64).regex(noNul) });

/** What a message is about, read from its subject (the outbox keeps no kind of its own). */
export const mailKind = z.enum([
  'restock',
  'owner-invite',
  'password-reset',
  'order',
  'subscription',
  'gift-card',
  'other',
]);

/** One message of the outbox. */
export const mailMessage = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    kind: mailKind,
    text: z.string(),
    html: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** Sent by SMTP, or kept in the outbox (no SMTP server, or not sent yet). */
    via: z.enum(['smtp', 'outbox']),
    /** Issue 18: SMTP refused it and it is tried again (`retrying`), or gave up (`failed`). */
    state: z.enum(['sent', 'kept', 'retrying', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .strict();

/** `GET /api/config/mail-outbox`. */
export const outboxPage = z
  .object({ messages: z.array(mailMessage), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() })
  .strict();
/** `GET /api/config/mail-outbox/:id`. */
export const outboxMessageAnswer = z.object({ message: mailMessage }).strict();

export type MailKind = z.infer<typeof mailKind>;
export type MailMessage = z.infer<typeof mailMessage>;
export type OutboxPage = z.infer<typeof outboxPage>;
export type OutboxMessageAnswer = z.infer<typeof outboxMessageAnswer>;
