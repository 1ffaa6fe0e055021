import type { Kysely } from 'kysely';
import { sessionIdOf } from '../auth/index.js';
import { claimLink, linkCapReached, storeLink } from '../../platform/db/mailed-links.js';
import type { Database } from '../../platform/db/schema.js';
import { newToken, nowIso } from '../../platform/ids.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { markEmailVerified } from './email-verification.js';
import { findSiteUserByEmail, setSiteUserPassword } from './site-user-service.js';

const RESET_LINK_MS = 60 * 60 * 1000;

/** At most this many reset mails per account in `RESET_MAIL_WINDOW_MS`; more requests send nothing. */
export const RESET_MAILS_PER_ACCOUNT = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * Mails a one-hour, single-use reset link when the site has an account for `email`, unless that
 * account already got `RESET_MAILS_PER_ACCOUNT` links in the last hour (counted from the stored
 * links, so every server process agrees), so nobody can flood an inbox. Answers nothing either
 * way, so the caller cannot tell whether the account exists or was limited.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  mail: MailService,
  input: { siteId: string; siteTitle: string; email: string; baseUrl: string },
): Promise<void> {
  const user = await findSiteUserByEmail(db, input.siteId, input.email);
  if (!user) return;
  const now = Date.now();
  if (await linkCapReached(db, 'password_resets', user.id, now - RESET_MAIL_WINDOW_MS, RESET_MAILS_PER_ACCOUNT)) return;
  const token = newToken();
  await storeLink(db, 'password_resets', { id: sessionIdOf(token), holderId: user.id, now, validMs: RESET_LINK_MS });
  const link = `${input.baseUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
  await mail.send({
    siteId: input.siteId,
    to: user.email,
    subject: `Reset your password for ${input.siteTitle}`,
    text: [
      'Someone asked to reset the password of your account. To choose a new password, open this link within an hour:',
      '',
      link,
      '',
      'If it was not you, ignore this message; your password stays as it is.',
    ].join('\n'),
  });
}

/** Sets a new password with a reset token; false when the token is unknown, expired or used. */
export async function completePasswordReset(
  db: Kysely<Database>,
  siteId: string,
  token: string,
  password: string,
): Promise<boolean> {
  const id = sessionIdOf(token);
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('site_users', 'site_users.id', 'password_resets.site_user_id')
    .select(['password_resets.site_user_id', 'password_resets.expires_at', 'password_resets.used_at'])
    .where('password_resets.id', '=', id)
    .where('site_users.site_id', '=', siteId)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= nowIso()) return false;
  // Claim the token first: of two racing uses only one updates the row.
  if (!(await claimLink(db, 'password_resets', id, nowIso()))) return false;
  // Sets the password and voids every other reset link of the user (finding 3). The link came by
  // mail, so the address is proven too (finding 15).
  await setSiteUserPassword(db, row.site_user_id, password);
  await markEmailVerified(db, row.site_user_id);
  return true;
}
