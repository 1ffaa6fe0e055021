import { z } from 'zod';
import { CONSENT_CHOICES } from '../consent/consent.js';

// The visitor's cookie choice (`POST /api/cookie-consent`): the banner's plain form post (answered
// with a 303 back to `returnTo`) or the storefront's fetch (`Accept: application/json`).

/** The banner's fields, as a form or JSON. */
export const consentBody = z.object({
  choice: z.enum(CONSENT_CHOICES, { error: 'Send choice as accepted or declined.' }),
  /** Where a no-JavaScript visitor goes back to; a path of this site (else `/`). */
  returnTo: z.string().max(2000).optional(),
  /** The crumb of a plain form post (checked by the server's crumb guard). */
  crumb: z.string().optional(),
});

/** The JSON answer: the choice now in the consent cookie. */
export const consentAnswer = z.object({ choice: z.enum(CONSENT_CHOICES) }).strict();

export type ConsentBody = z.infer<typeof consentBody>;
export type ConsentAnswer = z.infer<typeof consentAnswer>;
