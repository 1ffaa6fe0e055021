import type { Kysely } from 'kysely';
import { voidLinks } from '../../platform/db/mailed-links.js';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { hashPassword } from './password.js';

/**
 * Gives an owner a new password (own change, reset link, `tessera reset-owner-password`): every
 * session ends except `keepSessionId` (the browser that changed it), and every reset link still
 * out for the owner stops working (finding 3 of the 2026-11 review).
 */
export async function setOwnerPassword(
  db: Kysely<Database>,
  ownerId: string,
  password: string,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('owners')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', ownerId)
      .execute();
    let sessions = trx.deleteFrom('owner_sessions').where('owner_id', '=', ownerId);
    if (options.keepSessionId) sessions = sessions.where('id', '!=', options.keepSessionId);
    await sessions.execute();
    await voidLinks(trx, 'owner_password_resets', ownerId, now);
  });
}
