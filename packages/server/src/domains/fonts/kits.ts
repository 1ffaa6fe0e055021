import { type FontKit, fontKitsAnswer, fontIdParams as idParams } from '@tessera/core/contracts/fonts';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validate.js';
import { newId } from '../../platform/ids.js';
import { TesseraError } from '../../platform/errors/index.js';
import { contentSecurityPolicy } from '../../platform/http/security-headers.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import type { Database } from '../../platform/db/schema.js';
import { FONT_KIT_LIMITS, FONT_KIT_MESSAGES, kitUrlProblem, ORIGIN, readKit, refused } from './kit-read.js';

/**
 * Font kits (issue 21, SPEC §2 "a font-kit connection"): an administrator connects a kit by its
 * https stylesheet address. The stylesheet (and any stylesheets it imports) is fetched once, when
 * saved or re-read, through the SSRF guard (`kit-read.ts`); the `@font-face` family names read from
 * it become fonts the design may choose. Published pages of the site link the stylesheet, and that
 * site's Content-Security-Policy allows the kit's origin for styles and fonts, its imports' origins
 * for styles and its files' other origins for fonts.
 */
export type { FontKit };

const connectBody = z.object({ url: z.string().trim().min(1).max(FONT_KIT_LIMITS.maxUrl) }).strict();

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
    .select(['id', 'url', 'families', 'font_origins', 'style_origins'])
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Checked again on the way out: these go into a response header.
  const origins = (json: string | null) =>
    parseStrings(json)
      .filter((origin) => ORIGIN.test(origin))
      .slice(0, FONT_KIT_LIMITS.maxFontOrigins);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    origin: new URL(row.url).origin,
    families: parseStrings(row.families),
    fontOrigins: origins(row.font_origins),
    styleOrigins: origins(row.style_origins),
  }));
}

/**
 * What the site's kits add to its pages (`render/font-kit-links.ts`): their stylesheets, and the
 * policy allowing each stylesheet's origin for styles and fonts, the origins of the stylesheets it
 * imports for styles only and its files' other origins for fonts only. Undefined without kits.
 */
export function pageFontKits(kits: readonly FontKit[]): { stylesheets: string[]; policy: string } | undefined {
  if (kits.length === 0) return undefined;
  return {
    stylesheets: kits.map((kit) => kit.url),
    policy: contentSecurityPolicy({
      styleOrigins: kits.map((kit) => kit.origin),
      importOrigins: kits.flatMap((kit) => kit.styleOrigins),
      fontOrigins: kits.flatMap((kit) => kit.fontOrigins),
    }),
  };
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
    {
      preHandler: options.guard('content'),
      config: { contract: { summary: "The site's connected font kits", response: fontKitsAnswer } },
    },
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
          response: { 201: fontKitsAnswer },
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
      const { families, fontOrigins, styleOrigins } = await readKit(url);
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
            style_origins: JSON.stringify(styleOrigins),
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
  // stylesheet (and its imports) is fetched again through the same guard and its families, file
  // origins and import origins replace the stored ones. A family that is gone while the design still uses it is refused, as removing is.
  app.post(
    `${base}/:id/reread`,
    {
      preHandler: fetching,
      config: {
        contract: {
          summary: "Read a font kit's stylesheet again (families, font-file and imported-stylesheet origins)",
          params: idParams,
          response: fontKitsAnswer,
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
      const { families, fontOrigins, styleOrigins } = await readKit(kit.url);
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
        .set({
          families: JSON.stringify(families),
          font_origins: JSON.stringify(fontOrigins),
          style_origins: JSON.stringify(styleOrigins),
        })
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
        contract: {
          summary: 'Remove a font kit',
          params: idParams,
          response: fontKitsAnswer,
          errors: ['font-kit-not-found', 'font-kit-in-use'],
        },
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
