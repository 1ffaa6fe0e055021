import { CURRENCIES, passwordStrength, WebsiteRole } from '@tessera/core';
import type { Kysely } from 'kysely';
import { join } from 'node:path';
import { z } from 'zod';
import { normalizeEmail, type OwnerIdentity, hashPassword, PASSWORD_MAX_LENGTH } from '../auth/index.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { siteFolder } from '../../platform/storage/index.js';
import { loadStarter, STARTER_NAMES } from './starter-schema.js';
import { insertStarterSite, writeStarterImages } from './starter-site.js';
import { spendSetupToken } from './setup-token.js';
import { deleteSiteRows } from './site-delete.js';

/** The languages the setup offers (a site's `locale`). */
export const SETUP_LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'en-US', name: 'English (United States)' },
  { code: 'en-GB', name: 'English (United Kingdom)' },
  { code: 'fr-FR', name: 'Français' },
  { code: 'de-DE', name: 'Deutsch' },
  { code: 'es-ES', name: 'Español' },
  { code: 'it-IT', name: 'Italiano' },
  { code: 'nl-NL', name: 'Nederlands' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'sv-SE', name: 'Svenska' },
  { code: 'nb-NO', name: 'Norsk bokmål' },
  { code: 'da-DK', name: 'Dansk' },
  { code: 'ja-JP', name: '日本語' },
];

/** How a site can start: keep the demo, or a starter template (`blank` and the others, starter-schema.ts). */
export const SETUP_STARTS = ['demo', ...STARTER_NAMES] as const;
export type SetupStart = (typeof SETUP_STARTS)[number];

let zones: ReadonlySet<string> | undefined;
/** IANA time zones this runtime knows (plus UTC). */
export function timeZones(): ReadonlySet<string> {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return zones;
}

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const setupInput = z.object({
  token: z.string({ error: 'The setup address is incomplete.' }).min(1, 'The setup address is incomplete.').max(128),
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .max(256, 'Enter your email address.')
    .pipe(z.email('Enter a valid email address.')),
  password: z
    .string({ error: 'Choose a password.' })
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
    .superRefine((value, ctx) => {
      const strength = passwordStrength(value);
      if (!strength.acceptable) ctx.addIssue({ code: 'custom', message: strength.message });
    }),
  title: text('Give the site a title.', 120),
  timeZone: z
    .string({ error: 'Choose a time zone.' })
    .refine((value) => timeZones().has(value), 'Choose a time zone from the list.'),
  currency: z
    .string({ error: 'Choose a currency.' })
    .refine((value) => (CURRENCIES as readonly string[]).includes(value), 'Choose a currency from the list.'),
  locale: z
    .string({ error: 'Choose a language.' })
    .refine((value) => SETUP_LANGUAGES.some((l) => l.code === value), 'Choose a language from the list.'),
  start: z.enum(SETUP_STARTS, {
    error: 'Choose how the site starts: the demo content, a blank site or a starter template.',
  }),
});
export type SetupInput = z.infer<typeof setupInput>;

/** Why a setup was refused: the token is spent, expired or unknown, or the site has its owner. */
export class SetupClosedError extends Error {
  constructor() {
    super('This setup address has expired or was already used. Restart the server for a new one.');
    this.name = 'SetupClosedError';
  }
}

/**
 * Creates the site's first administrator and applies the chosen start, all in one transaction:
 * the site row is written first, so two setups racing take turns, and the second finds an owner
 * (or a spent token) and changes nothing.
 */
export async function completeSetup(
  db: Kysely<Database>,
  siteId: string,
  input: SetupInput,
  options: { filesDir: string },
): Promise<OwnerIdentity> {
  const passwordHash = await hashPassword(input.password);
  const email = normalizeEmail(input.email);
  const ownerId = newId();
  // Any start but the demo replaces the demo with a new site from a starter template (the demo's
  // fixed form ids stay free for a later `tessera site create --template demo`). Its pictures are
  // drawn first; the rows are written in the transaction below.
  const starter = input.start === 'demo' ? undefined : loadStarter(input.start);
  const ownerSite = starter ? newId() : siteId;
  // The new site takes the old one's place among the sites, and so its part of the files
  // (`platform/storage/site-files.ts`): the top of the folder for the root site, else its own folder.
  const replaced = await db
    .selectFrom('sites')
    .select(['created_at', 'files_root'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  const first = Number(replaced?.files_root ?? 0) === 1;
  if (starter)
    await writeStarterImages(first ? options.filesDir : join(options.filesDir, siteFolder(ownerSite)), starter);
  const basics = { title: input.title, locale: input.locale, currency: input.currency, timeZone: input.timeZone };
  await db.transaction().execute(async (trx) => {
    const site = await trx
      .updateTable('sites')
      .set({ title: input.title, locale: input.locale, currency: input.currency, time_zone: input.timeZone })
      .where('id', '=', siteId)
      .returning(['id', 'host'])
      .executeTakeFirst();
    if (!site) throw new SetupClosedError();
    const owner = await trx.selectFrom('owners').select('id').where('site_id', '=', siteId).executeTakeFirst();
    if (owner || !(await spendSetupToken(trx, siteId, input.token))) throw new SetupClosedError();
    if (starter) {
      await deleteSiteRows(trx, siteId);
      await insertStarterSite(trx, starter, {
        ...basics,
        id: ownerSite,
        host: site.host,
        createdAt: replaced?.created_at,
        filesRoot: first,
      });
    }
    const now = nowIso();
    await trx
      .insertInto('owners')
      .values({ id: ownerId, site_id: ownerSite, email, password_hash: passwordHash, created_at: now, updated_at: now })
      .execute();
    await trx.insertInto('owner_roles').values({ owner_id: ownerId, role: WebsiteRole.ADMIN }).execute();
  });
  return { id: ownerId, email, websiteId: ownerSite, roles: [WebsiteRole.ADMIN] };
}
