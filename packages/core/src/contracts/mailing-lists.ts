import { z } from 'zod';

// The site's mailing lists as an owner keeps them (`/api/config/forms/mailing-lists*`, forms group):
// listed with their subscriber counts, created, renamed, deleted, and a list's subscribers.

/** `POST /api/config/forms/mailing-lists` and `PUT …/:listId`: a name unique in the site, ignoring case. */
export const mailingListNameBody = z
  .object({ name: z.string().trim().min(1, 'Give the list a name.').max(80, 'Use at most 80 characters.') })
  .strict();

/** `PUT` and `DELETE /api/config/forms/mailing-lists/:listId`'s address. */
export const mailingListParams = z.object({
  listId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use the id of a mailing list.'),
});

export const mailingList = z.object({ id: z.string(), name: z.string(), subscriberCount: z.int() }).strict();

/** `GET /api/config/forms/mailing-lists`, oldest first. */
export const mailingListsAnswer = z.object({ mailingLists: z.array(mailingList) }).strict();

/** `POST /api/config/forms/mailing-lists` (201) and `PUT …/:listId`. */
export const mailingListAnswer = z.object({ mailingList }).strict();

/** `DELETE /api/config/forms/mailing-lists/:listId`: the deleted list's id. */
export const mailingListDeleted = z.object({ deleted: z.string() }).strict();

/** `GET /api/config/forms/mailing-lists/:listId/subscribers`, oldest first. */
export const mailingListSubscribers = z
  .object({
    subscribers: z.array(
      z
        .object({
          email: z.string(),
          /** What signed them up (a form, a restock sign-up's opt-in, …). */
          source: z.string(),
          createdAt: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

export type MailingList = z.infer<typeof mailingList>;
export type MailingListsAnswer = z.infer<typeof mailingListsAnswer>;
