import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { hostOfPublicUrl, PUBLIC_URL_RULE, parsePublicUrl } from '../../platform/http/public-url.js';
import { normalizeEmail, ownerByEmail } from './owner-session.js';
import { setOwnerPassword } from './owner-password.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';

// `tessera reset-owner-password` (an owner locked out, or one who forgot the password and has no
// mail) and `tessera set-public-url` (where mailed links point and which host the site answers on).

export const RESET_OWNER_PASSWORD_USAGE = `Usage: tessera reset-owner-password --email <address> --password <new password> [--site <id>]

  Sets a new password for an owner, signs that owner out everywhere and voids every reset link.`;

export const SET_PUBLIC_URL_USAGE = `Usage: tessera set-public-url --url <https://shop.example.com> [--site <id>]

  Mailed links (password reset, invitations, restock, unsubscribe) start with this address, and the
  site answers on its host name only: requests for other hosts get 404 once any site has a host.`;

type Parsed<T> = { ok: true; input: T } | { ok: false; message: string };

function read(argv: string[], names: string[], usage: string): Parsed<Record<string, string | undefined>> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      strict: true,
    });
    return { ok: true, input: values as Record<string, string | undefined> };
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n\n${usage}` };
  }
}

export function parseResetOwnerPasswordArgs(
  argv: string[],
): Parsed<{ email: string; password: string; siteId?: string }> {
  const parsed = read(argv, ['email', 'password', 'site'], RESET_OWNER_PASSWORD_USAGE);
  if (!parsed.ok) return parsed;
  const { email, password = '', site } = parsed.input;
  if (!email?.includes('@'))
    return { ok: false, message: `Give the owner's --email.\n\n${RESET_OWNER_PASSWORD_USAGE}` };
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, message: `Give a --password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` };
  }
  return { ok: true, input: { email, password, siteId: site } };
}

export function parseSetPublicUrlArgs(argv: string[]): Parsed<{ url: string; siteId?: string }> {
  const parsed = read(argv, ['url', 'site'], SET_PUBLIC_URL_USAGE);
  if (!parsed.ok) return parsed;
  const url = parsePublicUrl(parsed.input.url ?? '');
  if (!url) return { ok: false, message: `${PUBLIC_URL_RULE}\n\n${SET_PUBLIC_URL_USAGE}` };
  return { ok: true, input: { url, siteId: parsed.input.site } };
}

/** The site with this id, or the first site when none is given; throws a message to print when there is none. */
export async function siteOf(db: Kysely<Database>, siteId: string | undefined) {
  const site = siteId
    ? await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst()
    : await db.selectFrom('sites').select('id').orderBy('created_at').orderBy('id').executeTakeFirst();
  if (!site) throw new Error(siteId ? `No site has the id "${siteId}".` : 'The database has no site yet.');
  return site;
}

export async function resetOwnerPasswordCommand(
  db: Kysely<Database>,
  input: { email: string; password: string; siteId?: string },
): Promise<string> {
  const site = await siteOf(db, input.siteId);
  const email = normalizeEmail(input.email);
  const owner = await ownerByEmail(db, site.id, email);
  if (!owner) throw new Error(`Site ${site.id} has no owner with the email ${email}.`);
  await setOwnerPassword(db, owner.id, input.password);
  return `Set a new password for ${email} of site ${site.id}; every session of that owner has ended.`;
}

export async function setPublicUrlCommand(
  db: Kysely<Database>,
  input: { url: string; siteId?: string },
): Promise<string> {
  const site = await siteOf(db, input.siteId);
  const host = hostOfPublicUrl(input.url);
  const clash = await db
    .selectFrom('sites')
    .select('id')
    .where('host', '=', host)
    .where('id', '!=', site.id)
    .executeTakeFirst();
  if (clash) throw new Error(`Site ${clash.id} answers on ${host} already.`);
  await db.updateTable('sites').set({ public_url: input.url, host }).where('id', '=', site.id).execute();
  return `Site ${site.id} now answers on ${host}; mailed links start with ${input.url}.`;
}
