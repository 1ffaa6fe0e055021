import { z } from 'zod';
import { isValidEmail } from '../text/email.js';

// The store's gift cards as an owner manages them (`/api/config/gift-cards*`, store group): the issued
// cards with their code masked to its last four characters, a card issued by hand, disabling and enabling.

/** The most a card issued by hand may hold, in minor units (10,000.00 in a two-digit currency). */
export const MAX_ISSUED_CENTS = 1_000_000;

/** Disabled wins, then an empty balance is used. */
export const giftCardStatus = z.enum(['active', 'used', 'disabled']);

/** `GET /api/config/gift-cards`'s query: a keyset page, searched by last four characters or recipient. */
export const giftCardListQuery = z
  .object({
    q: z.string().trim().max(256, 'q: Search with at most 256 characters.').optional(),
    status: z
      .enum(['all', ...giftCardStatus.options], { error: 'status: Use all, active, used or disabled.' })
      .optional(),
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** `POST /api/config/gift-cards`: a card issued by hand. */
export const issueGiftCardBody = z
  .object({
    amountCents: z
      .number({ error: 'Enter the amount as whole minor units (cents).' })
      .int('Enter the amount as whole minor units (cents).')
      .min(1, 'The amount must be more than zero.')
      .max(MAX_ISSUED_CENTS, `A card issued by hand holds at most ${MAX_ISSUED_CENTS} minor units.`),
    recipientEmail: z
      .string({ error: 'Enter the email address of the person who gets the card.' })
      .trim()
      .toLowerCase()
      .max(256)
      .refine(isValidEmail, 'Enter an email address such as name@example.com.'),
    /** Mail the code to the recipient (default true); either way the answer shows it once. */
    sendEmail: z.boolean().optional(),
    note: z.string().trim().max(500, 'Keep the note under 500 characters.').optional(),
  })
  .strict();

/** `POST /api/config/gift-cards/:id/(disable|enable)`'s address. */
export const giftCardParams = z.object({ id: z.string().min(1).max(64) });

/** One card as the editor sees it. */
export const giftCard = z
  .object({
    id: z.string(),
    /** `••••-••••-••••-` and the last four characters: the code itself is never answered again. */
    code: z.string(),
    last4: z.string(),
    currency: z.string(),
    initialCents: z.number().int(),
    balanceCents: z.number().int(),
    /** The order that bought it; null for a card issued by hand. */
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    recipientEmail: z.string(),
    /** Email of the owner who issued it by hand; null for a card bought in an order. */
    issuedBy: z.string().nullable(),
    status: giftCardStatus,
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
  })
  .strict();

/** `GET /api/config/gift-cards`. */
export const giftCardPage = z
  .object({
    giftCards: z.array(giftCard),
    /** The store's currency, for the issue form. */
    currency: z.string(),
    hasNextPage: z.boolean(),
    nextPageCursor: z.string().nullable(),
  })
  .strict();

/** `POST /api/config/gift-cards` (201): the card, its whole code (this once) and whether it was mailed. */
export const issuedGiftCard = z.object({ giftCard, code: z.string(), mailed: z.boolean() }).strict();

/** `POST /api/config/gift-cards/:id/(disable|enable)`. */
export const giftCardAnswer = z.object({ giftCard }).strict();

export type GiftCardStatus = z.infer<typeof giftCardStatus>;
export type GiftCard = z.infer<typeof giftCard>;
export type GiftCardPage = z.infer<typeof giftCardPage>;
export type IssuedGiftCard = z.infer<typeof issuedGiftCard>;
