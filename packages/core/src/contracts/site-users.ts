import { z } from 'zod';
import { EMAIL_MESSAGES, isValidEmail } from '../text/email.js';

// The site-user API (`/api/site-users/account*`; SPEC §3 "Site user", §7): sign-up, sign-in answering
// the XSRF token later calls echo, sign-out, the account, its orders, and passwords. The account pages'
// plain form posts are checked with the same schemas.

// ---- Requests -------------------------------------------------------------------------------------

/** Every account password, owners' and site users': at least 8 characters, at most 256. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULE = `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`;

const email = z
  .string({ error: 'Enter your email address.' })
  .max(256, 'Enter your email address.')
  .refine((value) => isValidEmail(value.trim()), EMAIL_MESSAGES.invalid);
const newPassword = z
  .string({ error: PASSWORD_RULE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
const name = z.string({ error: 'Send the name as text.' }).max(100, 'Use at most 100 characters.');
/** A JSON boolean or a form checkbox's text. */
const flag = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('on')])
  .transform((v) => v === true || v === 'true' || v === 'on');

/** `POST /api/site-users/account/session`. */
export const signInBody = z.object({
  email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(256),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  rememberMe: flag.optional(),
});

/** `POST /api/site-users/account`. */
export const signUpBody = z.object({
  email,
  password: newPassword,
  firstName: name.optional(),
  lastName: name.optional(),
  rememberMe: flag.optional(),
});

/** `PUT /api/site-users/account/profile`. */
export const profileBody = z.object({ firstName: name, lastName: name });

/** `POST /api/site-users/account/password-reset`. */
export const resetRequestBody = z.object({ email: z.string({ error: 'Enter your email address.' }).max(256) });

/** `POST /api/site-users/account/password-reset/complete`. */
export const resetCompleteBody = z.object({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1).max(128),
  password: newPassword,
});

/** `PUT /api/site-users/account/password`. */
export const passwordChangeBody = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(256, 'Enter your current password.'),
  newPassword,
});

/** `DELETE /api/site-users/account/session?cloneCart=`: keep a copy of the cart in this browser. */
export const signOutQuery = z.object({ cloneCart: flag.optional() });

// ---- Answers --------------------------------------------------------------------------------------

/** A site user as the API shows them to themselves. */
export const siteUser = z.object({
  id: z.string(),
  email: z.string(),
  websiteId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** Sign-up and sign-in: the session's XSRF token, which every later site-user call sends as `X-XSRF-Token`. */
export const sessionAnswer = z.object({ xsrfToken: z.string(), siteUser });

/** `GET /api/site-users/account`. */
export const accountAnswer = z.object({ siteUser: siteUser.extend({ emailVerified: z.boolean() }) });

/** `PUT /api/site-users/account/profile`. */
export const profileAnswer = z.object({ siteUser });

/** One of the site user's orders, as the account area lists it (texts ready to show). */
export const accountOrder = z.object({
  id: z.string(),
  number: z.string(),
  /** The day it was placed, `YYYY-MM-DD`. */
  placedOn: z.string(),
  /** The grand total, formatted. */
  total: z.string(),
  status: z.string(),
});

/** `GET /api/site-users/account/orders`: newest first. */
export const accountOrdersAnswer = z.object({ orders: z.array(accountOrder) });

/** Sign-out, password reset request and completion, password change, verification mail resent. */
export const doneAnswer = z.object({ ok: z.literal(true) });

export type SignUpBody = z.infer<typeof signUpBody>;
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
export type SiteUser = z.infer<typeof siteUser>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type AccountAnswer = z.infer<typeof accountAnswer>;
export type ProfileAnswer = z.infer<typeof profileAnswer>;
export type AccountOrder = z.infer<typeof accountOrder>;
export type AccountOrdersAnswer = z.infer<typeof accountOrdersAnswer>;
export type DoneAnswer = z.infer<typeof doneAnswer>;
