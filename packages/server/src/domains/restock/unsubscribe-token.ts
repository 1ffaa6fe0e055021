import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { LruMap } from '../../platform/lru-map.js';

/** Site keys kept in process; past that the least recently used is read again from `restock_keys`. */
const SECRETS_KEPT = 4096;

/** What an unsubscribe link names: one sign-up and its address. */
export interface UnsubscribeClaim {
  signUpId: string;
  email: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`restock-unsubscribe:${payload}`).digest('base64url');
}

/**
 * Signs and checks the tokens of unsubscribe links with a per-site HMAC key kept in
 * `restock_keys` (made on first use), so every server process of a site accepts the same links.
 */
export function createUnsubscribeTokens(db: Kysely<Database>) {
  // One per site, the most recently used kept (issue 20: a thousand sites on one install).
  const secrets = new LruMap<string, string>(SECRETS_KEPT);

  async function secretOf(siteId: string): Promise<string> {
    const cached = secrets.get(siteId);
    if (cached) return cached;
    await db
      .insertInto('restock_keys')
      .values({ site_id: siteId, secret: randomBytes(32).toString('hex'), created_at: nowIso() })
      .onConflict((oc) => oc.column('site_id').doNothing())
      .execute();
    const row = await db
      .selectFrom('restock_keys')
      .select('secret')
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    secrets.set(siteId, row.secret);
    return row.secret;
  }

  return {
    async issue(siteId: string, claim: UnsubscribeClaim): Promise<string> {
      const payload = Buffer.from(JSON.stringify([claim.signUpId, claim.email]), 'utf8').toString('base64url');
      return `${payload}.${sign(await secretOf(siteId), payload)}`;
    },

    /** The claim of a token this site signed, or undefined. */
    async verify(siteId: string, token: unknown): Promise<UnsubscribeClaim | undefined> {
      if (typeof token !== 'string' || token.length > 1200) return undefined;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(sign(await secretOf(siteId), payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const [signUpId, email] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
        if (typeof signUpId !== 'string' || typeof email !== 'string') return undefined;
        return { signUpId, email };
      } catch {
        return undefined;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
