import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validate.js';
import { newId } from '../../platform/ids.js';
import { TesseraError } from '../../platform/errors/index.js';
import { guardedGet } from '../../platform/net/guarded-get.js';
import { contentSecurityPolicy } from '../../platform/http/security-headers.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import type { Database } from '../../platform/db/schema.js';
import { readKitCss } from './kit-css.js';

/**
 * Font kits (issue 21, SPEC §2 "a font-kit connection"): an administrator connects a kit by its
 * https stylesheet address. The stylesheet is fetched once, when saved, through the SSRF guard
 * (`platform/net/guarded-get.ts`: vetted address, no redirects, 5 s, 512 KB); the `@font-face`
 * family names read from it become fonts the design may choose. Published pages of the site link
 * the stylesheet, and that site's Content-Security-Policy allows the kit's origin for styles and fonts.
 */
export const FONT_KIT_LIMITS = {
  perSite: 5,
  maxBytes: 512 * 1024,
  timeoutMs: 5000,
  maxUrl: 2000,
  /** Other origins a kit's font files may come from (each one widens the site's `font-src`). */
  maxFontOrigins: 4,
} as const;

/** Hosts allowed on a private address (tests only: the local fake kit server). */
export const FONT_KIT_ALLOW_HOSTS = 'TESSERA_FONT_KIT_ALLOW_HOSTS';
/** `1` allows plain http kit addresses (tests only; pages would otherwise load mixed content). */
export const FONT_KIT_ALLOW_HTTP = 'TESSERA_FONT_KIT_ALLOW_HTTP';

export const FONT_KIT_MESSAGES = {
  notUrl: 'Enter the full address of the font kit’s stylesheet, starting with https://.',
  notHttps: 'The font kit’s address must start with https://.',
  credentials: 'The address must not contain a user name or password.',
  fetchFailed: (reason: string) => `The font kit’s stylesheet could not be read: ${reason}.`,
  notCss: (type: string) => `That address did not answer a stylesheet (it answered ${type || 'no content type'}).`,
  tooLarge: `The font kit’s stylesheet is larger than ${FONT_KIT_LIMITS.maxBytes / 1024} KB.`,
  noFamilies: 'The stylesheet has no @font-face rules with a font-family, so there are no fonts to offer.',
  duplicate: 'This font kit is already connected.',
  tooMany: `A site can connect ${FONT_KIT_LIMITS.perSite} font kits; remove one before connecting another.`,
  inUse: (family: string, uses: string[]) =>
    `${family} from this kit is in use (${uses.join(', ')}); choose another font there first.`,
  notFound: 'There is no connected font kit with this id.',
  tooManyOrigins: `The font kit loads its font files from more than ${FONT_KIT_LIMITS.maxFontOrigins} other addresses; connect a kit that serves its files from fewer places.`,
} as const;

export interface FontKit {
  id: string;
  url: string;
  origin: string;
  families: string[];
  /**
   * The other origins its `@font-face` files come from (https, read when connected; empty for a kit
   * connected before they were recorded): the site's `font-src` allows them, `style-src` does not.
   */
  fontOrigins: string[];
}

/** A plain web origin as `URL.origin` prints it (what may go into a CSP header). */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();
const connectBody = z.object({ url: z.string().trim().min(1).max(FONT_KIT_LIMITS.maxUrl) }).strict();

const refused = (message: string) => new TesseraError('font-kit-refused', message);

function parseStrings(json: string | null): string[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** The site's connected kits, oldest first (what pages link and the design offers). */
export async function fontKitsOf(db: Kysely<Database>, siteId: string): Promise<FontKit[]> {
  const rows = await db
    .selectFrom('site_font_kits')
    .select(['id', 'url', 'families', 'font_origins'])
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    origin: new URL(row.url).origin,
    families: parseStrings(row.families),
    // Checked again on the way out: these go into a response header.
    fontOrigins: parseStrings(row.font_origins)
      .filter((origin) => ORIGIN.test(origin))
      .slice(0, FONT_KIT_LIMITS.maxFontOrigins),
  }));
}

/**
 * What the site's kits add to its pages (`render/font-kit-links.ts`): their stylesheets, and the
 * policy allowing each stylesheet's origin for styles and fonts and its files' other origins for
 * fonts only. Undefined without kits.
 */
export function pageFontKits(kits: readonly FontKit[]): { stylesheets: string[]; policy: string } | undefined {
  if (kits.length === 0) return undefined;
  return {
    stylesheets: kits.map((kit) => kit.url),
    policy: contentSecurityPolicy({
      styleOrigins: kits.map((kit) => kit.origin),
      fontOrigins: kits.flatMap((kit) => kit.fontOrigins),
    }),
  };
}

/** The owner's address, checked for its form (https; http only with the test knob). */
export function kitUrlProblem(raw: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return FONT_KIT_MESSAGES.notUrl;
  }
  if (url.username || url.password) return FONT_KIT_MESSAGES.credentials;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && env[FONT_KIT_ALLOW_HTTP] === '1') return undefined;
  return url.protocol === 'http:' ? FONT_KIT_MESSAGES.notHttps : FONT_KIT_MESSAGES.notUrl;
}

/**
 * The origins, other than the stylesheet's own, that a kit's font file addresses point at: each
 * resolved against the stylesheet's address; `data:` and relative files need none; only https
 * (http with the test knob), no user names. Throws `font-kit-refused` past the limit.
 */
export function kitFontOrigins(
  sources: readonly string[],
  kitUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const own = new URL(kitUrl).origin;
  const origins: string[] = [];
  for (const source of sources) {
    let url: URL;
    try {
      url = new URL(source, kitUrl);
    } catch {
      continue;
    }
    const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && env[FONT_KIT_ALLOW_HTTP] === '1');
    if (!allowed || url.username || url.password) continue;
    const origin = url.origin;
    if (origin === own || origins.includes(origin) || !ORIGIN.test(origin)) continue;
    if (origins.length >= FONT_KIT_LIMITS.maxFontOrigins) throw refused(FONT_KIT_MESSAGES.tooManyOrigins);
    origins.push(origin);
  }
  return origins;
}

/** Fetches and reads a kit's stylesheet; throws `font-kit-refused` with the reason. */
async function readKit(url: string): Promise<{ families: string[]; fontOrigins: string[] }> {
  const answer = await guardedGet(url, {
    timeoutMs: FONT_KIT_LIMITS.timeoutMs,
    maxBytes: FONT_KIT_LIMITS.maxBytes,
    accept: 'text/css',
    allowVariable: FONT_KIT_ALLOW_HOSTS,
    userAgent: 'Tessera-FontKits/1',
  });
  if (!answer.ok) {
    if (answer.error.startsWith('larger than')) throw refused(FONT_KIT_MESSAGES.tooLarge);
    throw refused(FONT_KIT_MESSAGES.fetchFailed(answer.error));
  }
  const type = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'text/css') throw refused(FONT_KIT_MESSAGES.notCss(type));
  const { families, sources } = readKitCss(answer.body);
  if (families.length === 0) throw refused(FONT_KIT_MESSAGES.noFamilies);
  return { families, fontOrigins: kitFontOrigins(sources, url) };
}

export interface FontKitRoutesOptions {
  /** The owner guard of a role group (`requireOwner`, handed in by `routes.ts`). */
  guard(group: 'content' | 'admin'): preHandlerHookHandler;
  usedBy(siteId: string, family: string): Promise<string[]>;
  /** Families the site has from elsewhere (uploaded fonts): a kit's family they also provide stays. */
  uploadedFamilies(siteId: string): Promise<string[]>;
}

/**
 * Owner API under `/api/config/design/font-kits`: list (group content), connect, re-read and remove
 * (admin). Connecting and re-reading fetch an address the owner chose: one per-address counter
 * (`font-kit-fetch`), counted after the role check.
 */
export async function registerFontKitRoutes(app: FastifyInstance, options: FontKitRoutesOptions): Promise<void> {
  const base = '/api/config/design/font-kits';
  const fetching = [
    options.guard('admin'),
    limitPerAddress(app, { name: 'font-kit-fetch', max: 30, timeWindowMs: 10 * 60_000 }) as preHandlerHookHandler,
  ];
  const list = async (siteId: string) => ({ kits: await fontKitsOf(app.db, siteId), limit: FONT_KIT_LIMITS.perSite });

  app.get(
    base,
    { preHandler: options.guard('content'), config: { contract: { summary: "The site's connected font kits" } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return list(request.owner!.websiteId);
    },
  );

  app.post(
    base,
    {
      preHandler: fetching,
      config: {
        contract: {
          summary: 'Connect a font kit by its stylesheet address',
          body: connectBody,
          errors: ['font-kit-refused', 'too-many-font-kits', 'rate-limited'],
        },
      },
    },
    async (request, reply) => {
      const { url: raw } = parseInput(connectBody, request.body);
      const siteId = request.owner!.websiteId;
      const problem = kitUrlProblem(raw);
      if (problem) throw refused(problem);
      const url = new URL(raw).href;
      const existing = await fontKitsOf(app.db, siteId);
      if (existing.some((kit) => kit.url === url)) throw refused(FONT_KIT_MESSAGES.duplicate);
      if (existing.length >= FONT_KIT_LIMITS.perSite)
        throw new TesseraError('too-many-font-kits', FONT_KIT_MESSAGES.tooMany);
      const { families, fontOrigins } = await readKit(url);
      const added = await app.db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('site_font_kits')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= FONT_KIT_LIMITS.perSite) return false;
        await trx
          .insertInto('site_font_kits')
          .values({
            id: newId(),
            site_id: siteId,
            url,
            families: JSON.stringify(families),
            font_origins: JSON.stringify(fontOrigins),
            created_at: new Date().toISOString(),
          })
          .execute();
        return true;
      });
      if (!added) throw new TesseraError('too-many-font-kits', FONT_KIT_MESSAGES.tooMany);
      reply.code(201);
      return list(siteId);
    },
  );

  // Re-read (kits connected before their files' origins were recorded, or a kit that changed): the
  // stylesheet is fetched again through the same guard and its families and file origins replace
  // the stored ones. A family that is gone while the design still uses it is refused, as removing is.
  app.post(
    `${base}/:id/reread`,
    {
      preHandler: fetching,
      config: {
        contract: {
          summary: "Read a font kit's stylesheet again (families and font-file origins)",
          params: idParams,
          errors: ['font-kit-not-found', 'font-kit-refused', 'font-kit-in-use', 'rate-limited'],
        },
      },
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      const siteId = request.owner!.websiteId;
      const kits = await fontKitsOf(app.db, siteId);
      const kit = kits.find((k) => k.id === id);
      if (!kit) throw new TesseraError('font-kit-not-found', FONT_KIT_MESSAGES.notFound);
      const { families, fontOrigins } = await readKit(kit.url);
      const gone = kit.families.filter((family) => !families.includes(family));
      if (gone.length > 0) {
        const elsewhere = new Set([
          ...(await options.uploadedFamilies(siteId)),
          ...kits.filter((k) => k.id !== id).flatMap((k) => k.families),
        ]);
        for (const family of gone) {
          if (elsewhere.has(family)) continue;
          const uses = await options.usedBy(siteId, family);
          if (uses.length > 0) throw new TesseraError('font-kit-in-use', FONT_KIT_MESSAGES.inUse(family, uses));
        }
      }
      const updated = await app.db
        .updateTable('site_font_kits')
        .set({ families: JSON.stringify(families), font_origins: JSON.stringify(fontOrigins) })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        throw new TesseraError('font-kit-not-found', FONT_KIT_MESSAGES.notFound);
      return list(siteId);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: options.guard('admin'),
      config: {
        contract: { summary: 'Remove a font kit', params: idParams, errors: ['font-kit-not-found', 'font-kit-in-use'] },
      },
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      const siteId = request.owner!.websiteId;
      const kits = await fontKitsOf(app.db, siteId);
      const kit = kits.find((k) => k.id === id);
      if (!kit) throw new TesseraError('font-kit-not-found', FONT_KIT_MESSAGES.notFound);
      const elsewhere = new Set([
        ...(await options.uploadedFamilies(siteId)),
        ...kits.filter((k) => k.id !== id).flatMap((k) => k.families),
      ]);
      for (const family of kit.families) {
        if (elsewhere.has(family)) continue;
        const uses = await options.usedBy(siteId, family);
        if (uses.length > 0) throw new TesseraError('font-kit-in-use', FONT_KIT_MESSAGES.inUse(family, uses));
      }
      await app.db.deleteFrom('site_font_kits').where('site_id', '=', siteId).where('id', '=', id).execute();
      return list(siteId);
    },
  );
}
