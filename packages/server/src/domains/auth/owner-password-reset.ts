import type { Kysely } from 'kysely';
import { claimLink, linkCapReached, storeLink } from '../../platform/db/mailed-links.js';
import type { Database } from '../../platform/db/schema.js';
import { newToken, nowIso } from '../../platform/ids.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { ownerByEmail } from './owner-session.js';
import { setOwnerPassword } from './owner-password.js';
import { sessionIdOf } from './session-token.js';

/** An owner's way back in by mail (finding 13): a link to `/config/reset-password`, once, for an hour. */
export const OWNER_RESET_LINK_MS = 60 * 60 * 1000;
/** At most this many reset mails per owner per hour; further requests answer the same and send nothing. */
export const OWNER_RESET_MAILS_PER_HOUR = 3;

/**
 * Mails a reset link when the site has an owner with this email and the hourly cap is not reached.
 * Answers nothing either way, so a caller cannot learn which addresses are owners.
 */
export async function requestOwnerPasswordReset(
  db: Kysely<Database>,
  mail: MailService,
  input: { siteId: string; siteTitle: string; email: string; baseUrl: string },
): Promise<void> {
  const owner = await ownerByEmail(db, input.siteId, input.email);
  if (!owner) return;
  const now = Date.now();
  const since = now - OWNER_RESET_LINK_MS;
  if (await linkCapReached(db, 'owner_password_resets', owner.id, since, OWNER_RESET_MAILS_PER_HOUR)) return;
  const token = newToken();
  const link = { id: sessionIdOf(token), holderId: owner.id, now, validMs: OWNER_RESET_LINK_MS };
  await storeLink(db, 'owner_password_resets', link);
  await mail.send({
    siteId: input.siteId,
    to: owner.email,
    subject: `Reset your owner password for ${input.siteTitle}`,
    text: [
      `Someone asked to reset the password you use to manage ${input.siteTitle}. To choose a new password, open this link within an hour:`,
      '',
      `${input.baseUrl}/config/reset-password?token=${encodeURIComponent(token)}`,
      '',
      'If it was not you, ignore this message; your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets a new password with a reset token: the owner's email, or undefined when the token is
 * unknown, expired or used. Every other link of the owner stops working and every session ends.
 */
export async function completeOwnerPasswordReset(
  db: Kysely<Database>,
  siteId: string,
  token: string,
  password: string,
): Promise<string | undefined> {
  const id = sessionIdOf(token);
  const now = nowIso();
  const row = await db
    .selectFrom('owner_password_resets')
    .innerJoin('owners', 'owners.id', 'owner_password_resets.owner_id')
    .select(['owners.id', 'owners.email'])
    .where('owner_password_resets.id', '=', id)
    .where('owners.site_id', '=', siteId)
    .where('owner_password_resets.used_at', 'is', null)
    .where('owner_password_resets.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  // Claim the token first: of two racing uses only one updates the row.
  if (!(await claimLink(db, 'owner_password_resets', id, now))) return undefined;
  await setOwnerPassword(db, row.id, password);
  return row.email;
}
