import { DONATION_INTERVALS, DONATION_LIMITS } from '@tessera/core';
import { z } from 'zod';

// The wire shapes of donations, one zod schema each: the donor's form (JSON or a plain form post),
// the cancel link, and the owner's list.

const blockId = z
  .string({ error: 'Send the donation block id as text.' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'That is not a donation block id.');

/** A whole number of minor units, as JSON number or form text. */
const minorUnits = z.union([
  z.number({ error: 'Send the amount in minor units (cents).' }),
  z
    .string()
    .regex(/^\d{1,9}$/, 'Send the amount in minor units (cents).')
    .transform(Number),
]);

export const donateBody = z.object({
  block: blockId,
  amountCents: minorUnits.optional(),
  /** What the donor typed in the custom field ("25", "25.50"), in major units. */
  customAmount: z.string({ error: 'Send the custom amount as text.' }).max(20, 'That amount is too long.').optional(),
  interval: z.enum(DONATION_INTERVALS, { error: 'Choose one time, monthly or yearly.' }).default('once'),
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(200, 'Your name is too long.'),
  email: z.string({ error: 'Please enter your email address.' }).trim().max(320, 'That email address is too long.'),
  note: z
    .string({ error: 'Send the note as text.' })
    .max(DONATION_LIMITS.maxNoteLength, `The note can be at most ${DONATION_LIMITS.maxNoteLength} characters.`)
    .optional(),
  /** The donor's name display choice: anything given means "do not show my name". */
  anonymous: z.union([z.boolean(), z.literal('1'), z.literal('on'), z.literal('')]).optional(),
  provider: z.enum(['stripe', 'paypal'], { error: 'Unknown payment provider.' }).optional(),
  crumb: z.string().max(200).optional(),
});
export type DonateBody = z.infer<typeof donateBody>;

export const donatePageQuery = z.object({
  block: blockId.optional(),
  error: z.string().max(300).optional(),
});

export const orderParams = z.object({
  orderId: z.string({ error: 'Send the order id as text.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'That is not an order id.'),
});

export const cancelQuery = z.object({
  token: z.string({ error: 'The cancel link is incomplete.' }).min(1, 'The cancel link is incomplete.').max(300),
});

export const cancelBody = z.object({
  token: z.string({ error: 'The cancel link is incomplete.' }).min(1, 'The cancel link is incomplete.').max(300),
  crumb: z.string().max(200).optional(),
});
