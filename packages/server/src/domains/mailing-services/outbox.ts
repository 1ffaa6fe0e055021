import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { createSecretBox } from '../../platform/secrets.js';

/** A new subscriber of one of the site's mailing lists, as the forms area reports it. */
export interface NewsletterSignup {
  siteId: string;
  email: string;
  list: { id: string } | null;
  form: { id: string; name: string };
  createdAt: string;
}

export const CONNECTION_KINDS = ['mailchimp', 'webhook'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export interface MailchimpTarget {
  dc: string;
  listId: string;
  listName: string;
  doubleOptIn: boolean;
}
export interface WebhookTarget {
  url: string;
}

const context = (siteId: string, id: string) => `mailing_connections:${siteId}:${id}`;

export function sealSecret(secret: string, siteId: string, id: string, secretKey: string): string {
  return createSecretBox(secretKey).seal(secret, context(siteId, id));
}

export function openSecret(sealed: string, siteId: string, id: string, secretKey: string | undefined): string {
  return createSecretBox(secretKey ?? '').open(sealed, context(siteId, id));
}

/**
 * Queues the sign-up for every enabled connection of the site (site-wide: every newsletter
 * sign-up goes to every connected service). Call it with the transaction that adds the subscriber;
 * an address already queued for a connection is not queued again.
 */
export async function queueMailingSignup(trx: Kysely<Database>, signup: NewsletterSignup): Promise<number> {
  const connections = await trx
    .selectFrom('mailing_connections')
    .select('id')
    .where('site_id', '=', signup.siteId)
    .where('enabled', '=', 1)
    .execute();
  if (connections.length === 0) return 0;
  const email = signup.email.trim();
  const payload = JSON.stringify({
    email,
    list: signup.list,
    form: signup.form,
    subscribedAt: signup.createdAt,
  });
  const result = await trx
    .insertInto('mailing_deliveries')
    .values(
      connections.map((c) => ({
        id: newId(),
        site_id: signup.siteId,
        connection_id: c.id,
        email: email.toLowerCase(),
        source: `form:${signup.form.id}`,
        payload,
        attempts: 0,
        next_attempt_at: signup.createdAt,
        status: 'pending',
        response_status: null,
        last_error: null,
        created_at: signup.createdAt,
        updated_at: signup.createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(['connection_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
