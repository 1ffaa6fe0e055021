import { createHash } from 'node:crypto';

/**
 * Adapter for Mailchimp's Marketing API v3: the key is `<key>-<dc>` and names the data centre
 * whose API answers it (`https://<dc>.api.mailchimp.com/3.0`), sent as Basic auth
 * `anystring:<key>`. Errors arrive as `application/problem+json` `{ title, status, detail }`.
 * TESSERA_MAILCHIMP_BASE_URL replaces `https://<dc>.api.mailchimp.com` for tests only (the local
 * fake in `test/fakes/mailchimp-fake.ts`).
 */

export const MAILCHIMP_BASE_ENV = 'TESSERA_MAILCHIMP_BASE_URL';
const TIMEOUT_MS = 10_000;
const KEY = /^[A-Za-z0-9]{8,80}-([a-z]{2,4}[0-9]{1,3})$/;

export const MAILCHIMP_MESSAGES = {
  keyShape:
    'A Mailchimp API key looks like 0123456789abcdef0123456789abcdef-us6 (the part after the dash names your data centre).',
  unreachable: 'Mailchimp could not be reached. Try again in a minute.',
} as const;

export interface MailchimpAudience {
  id: string;
  name: string;
  memberCount: number;
}

/** What an attempt came to: `retry` says whether trying again later may help. */
export type MailchimpOutcome =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; retry: boolean };

/** The data centre a key names, or undefined when the key has the wrong shape. */
export function dataCentreOf(apiKey: string): string | undefined {
  return KEY.exec(apiKey)?.[1];
}

export function apiBase(dc: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[MAILCHIMP_BASE_ENV];
  return `${override ? override.replace(/\/+$/, '') : `https://${dc}.api.mailchimp.com`}/3.0`;
}

/** Mailchimp's member id: the MD5 of the lowercased address. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.toLowerCase()).digest('hex');
}

async function call(apiKey: string, method: string, path: string, body?: unknown): Promise<Response> {
  const dc = dataCentreOf(apiKey);
  if (!dc) throw new Error(MAILCHIMP_MESSAGES.keyShape);
  return fetch(`${apiBase(dc)}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`anystring:${apiKey}`).toString('base64')}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'user-agent': 'Tessera-MailingServices/1',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** The problem+json answer in one sentence ("Resource Not Found: The requested resource could not be found."). */
async function problemOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { title?: unknown; detail?: unknown };
    const title = typeof problem.title === 'string' ? problem.title : `HTTP ${res.status}`;
    const detail = typeof problem.detail === 'string' && problem.detail !== '' ? `: ${problem.detail}` : '';
    return `${title}${detail}`.slice(0, 400);
  } catch {
    return `HTTP ${res.status}`;
  }
}

/**
 * Checks a key (GET /ping) and lists its audiences (GET /lists). Answers the audiences, or the
 * reason Mailchimp gave for refusing the key; throws only when Mailchimp cannot be reached.
 */
export async function mailchimpAudiences(
  apiKey: string,
): Promise<{ ok: true; audiences: MailchimpAudience[] } | { ok: false; message: string }> {
  if (!dataCentreOf(apiKey)) return { ok: false, message: MAILCHIMP_MESSAGES.keyShape };
  const ping = await call(apiKey, 'GET', '/ping');
  if (!ping.ok) return { ok: false, message: `Mailchimp refused the key (${await problemOf(ping)}).` };
  await ping.body?.cancel();
  const lists = await call(apiKey, 'GET', '/lists?count=100&fields=lists.id,lists.name,lists.stats.member_count');
  if (!lists.ok) return { ok: false, message: `Mailchimp did not list the audiences (${await problemOf(lists)}).` };
  const body = (await lists.json()) as {
    lists?: { id?: unknown; name?: unknown; stats?: { member_count?: unknown } }[];
  };
  const audiences = (body.lists ?? [])
    .filter((l) => typeof l.id === 'string' && typeof l.name === 'string')
    .map((l) => ({
      id: String(l.id),
      name: String(l.name),
      memberCount: typeof l.stats?.member_count === 'number' ? l.stats.member_count : 0,
    }));
  return { ok: true, audiences };
}

/** Adds the address to the audience, or updates it when it is a member already (PUT is an upsert). */
export async function upsertMailchimpMember(
  apiKey: string,
  listId: string,
  member: { email: string; doubleOptIn: boolean; mergeFields?: Record<string, string> },
): Promise<MailchimpOutcome> {
  let res: Response;
  try {
    res = await call(apiKey, 'PUT', `/lists/${encodeURIComponent(listId)}/members/${subscriberHash(member.email)}`, {
      email_address: member.email,
      status_if_new: member.doubleOptIn ? 'pending' : 'subscribed',
      merge_fields: member.mergeFields ?? {},
    });
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error), retry: true };
  }
  if (res.ok) {
    await res.body?.cancel();
    return { ok: true, status: res.status };
  }
  const error = `Mailchimp answered ${res.status} (${await problemOf(res)})`;
  // A refused address or a deleted audience stays refused; rate limits and outages pass.
  const retry = res.status === 408 || res.status === 429 || res.status >= 500;
  return { ok: false, status: res.status, error, retry };
}
