import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newToken, nowIso } from '../../platform/ids.js';

/** How long a printed setup address works. */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function hashSetupToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function siteHasOwner(db: Kysely<Database>, siteId: string): Promise<boolean> {
  const row = await db.selectFrom('owners').select('id').where('site_id', '=', siteId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A fresh setup token for a site without an owner (undefined once it has one). Only its hash is
 * stored; earlier tokens stay good until they expire, so several processes starting together each
 * print an address that works. Expired and spent tokens of the site are removed.
 */
export async function issueSetupToken(
  db: Kysely<Database>,
  siteId: string,
  now = Date.now(),
): Promise<string | undefined> {
  if (await siteHasOwner(db, siteId)) return undefined;
  const nowText = new Date(now).toISOString();
  await db
    .deleteFrom('setup_tokens')
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('expires_at', '<=', nowText), eb('used_at', 'is not', null)]))
    .execute();
  const token = newToken();
  await db
    .insertInto('setup_tokens')
    .values({
      id: hashSetupToken(token),
      site_id: siteId,
      created_at: nowText,
      expires_at: new Date(now + SETUP_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** True when the token is one of the site's, unspent and unexpired. */
export async function setupTokenValid(db: Kysely<Database>, siteId: string, token: string): Promise<boolean> {
  if (!token || token.length > 128) return false;
  const row = await db
    .selectFrom('setup_tokens')
    .select('id')
    .where('id', '=', hashSetupToken(token))
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the token inside the caller's transaction: true when it was valid. Every other token of
 * the site is spent with it (the site gets its owner once).
 */
export async function spendSetupToken(trx: Kysely<Database>, siteId: string, token: string): Promise<boolean> {
  const now = nowIso();
  const spent = await trx
    .updateTable('setup_tokens')
    .set({ used_at: now })
    .where('id', '=', hashSetupToken(token))
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('setup_tokens')
    .set({ used_at: now })
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}
