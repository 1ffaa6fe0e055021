import type { Kysely } from 'kysely';
import { sessionIdOf } from '../auth/index.js';
import { claimLink, linkCapReached, storeLink } from '../../platform/db/mailed-links.js';
import type { Database } from '../../platform/db/schema.js';
import { newToken, nowIso } from '../../platform/ids.js';
import type { MailService } from '../../platform/mail/mail-service.js';

/**
 * Site-user email verification (finding 15 of the 2026-11 review): anyone can sign up with
 * someone else's address, so nothing keyed by the address (restock sign-ups made before the
 * account existed, say) is shown until the account proves it reads that mailbox by opening a
 * mailed link. Links are single use, last `VERIFY_LINK_MS`, and are stored as SHA-256 hashes.
 */
export const VERIFY_LINK_MS = 48 * 60 * 60 * 1000;
/** At most this many verification mails per account per `VERIFY_MAIL_WINDOW_MS`; more send nothing. */
export const VERIFY_MAILS_PER_ACCOUNT = 3;
export const VERIFY_MAIL_WINDOW_MS = 60 * 60 * 1000;

export const UNVERIFIED_MESSAGE =
  'Confirm your email address to see your restock notifications: open the link we mailed you.';

export async function isEmailVerified(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('site_users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

/** Marks the address as proven (the user opened a link sent to it: verification or password reset). */
export async function markEmailVerified(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('site_users')
    .set({ email_verified_at: nowIso() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/**
 * Mails a verification link, unless the account is verified already or had
 * `VERIFY_MAILS_PER_ACCOUNT` links in the last hour. Answers whether a mail went out.
 */
export async function sendEmailVerification(
  db: Kysely<Database>,
  mail: MailService,
  input: { siteId: string; siteTitle: string; userId: string; baseUrl: string },
): Promise<boolean> {
  const user = await db
    .selectFrom('site_users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', input.userId)
    .where('site_id', '=', input.siteId)
    .executeTakeFirst();
  if (!user || user.email_verified_at) return false;
  const now = Date.now();
  const since = now - VERIFY_MAIL_WINDOW_MS;
  if (await linkCapReached(db, 'email_verifications', user.id, since, VERIFY_MAILS_PER_ACCOUNT)) return false;
  const token = newToken();
  const stored = { id: sessionIdOf(token), holderId: user.id, now, validMs: VERIFY_LINK_MS };
  await storeLink(db, 'email_verifications', { ...stored, extra: { email: user.email } });
  const link = `${input.baseUrl}/account/verify-email?token=${encodeURIComponent(token)}`;
  await mail.send({
    siteId: input.siteId,
    to: user.email,
    subject: `Confirm your email address for ${input.siteTitle}`,
    text: [
      `Please confirm that this is your email address by opening this link within ${VERIFY_LINK_MS / 3_600_000} hours:`,
      '',
      link,
      '',
      'If you did not create an account, ignore this message.',
    ].join('\n'),
  });
  return true;
}

/** Uses a verification link; false when it is unknown, expired, used, or for an address the account no longer has. */
export async function completeEmailVerification(db: Kysely<Database>, siteId: string, token: string): Promise<boolean> {
  const id = sessionIdOf(token);
  const now = nowIso();
  const row = await db
    .selectFrom('email_verifications')
    .innerJoin('site_users', 'site_users.id', 'email_verifications.site_user_id')
    .select(['email_verifications.site_user_id', 'email_verifications.email', 'site_users.email as current'])
    .where('email_verifications.id', '=', id)
    .where('site_users.site_id', '=', siteId)
    .where('email_verifications.used_at', 'is', null)
    .where('email_verifications.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || row.email !== row.current) return false;
  if (!(await claimLink(db, 'email_verifications', id, now))) return false;
  await markEmailVerified(db, row.site_user_id);
  return true;
}
