import { EMAIL_MESSAGES, isValidEmail } from '@tessera/core';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/password.js';

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
const flag = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('on')])
  .transform((v) => v === true || v === 'true' || v === 'on');

export const signInBody = z.object({
  email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(256),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  rememberMe: flag.optional(),
});

export const signUpBody = z.object({
  email,
  password: newPassword,
  firstName: name.optional(),
  lastName: name.optional(),
  rememberMe: flag.optional(),
});

export const profileBody = z.object({ firstName: name, lastName: name });

export const resetRequestBody = z.object({ email: z.string({ error: 'Enter your email address.' }).max(256) });

export const resetCompleteBody = z.object({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1).max(128),
  password: newPassword,
});

export const signOutQuery = z.object({ cloneCart: flag.optional() });
