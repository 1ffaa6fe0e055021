import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/owner-guard.js';
import { parseJson } from '../content/product-json.js';
import { AppError } from '../errors.js';
import { parseInput } from '../http/validate.js';

/**
 * Site settings API of SPEC §7: the header and footer (`GET`/`PUT /api/site-header-footer`) and
 * the multilingual settings (`GET /api/multilingual/settings`, `GET /api/multilingual/status`,
 * `PUT /api/multilingual/languages`). Values live in the site's settings JSON under
 * `website.headerFooter` and `website.multilingual`; pages read them from there (page-context.ts).
 */

const link = z.object({
  title: z.string().trim().min(1).max(80),
  url: z
    .string()
    .trim()
    .max(2083)
    .regex(/^(\/(?!\/)|https?:\/\/)/, 'Use a site path (/about) or an http(s) address.'),
});

const headerFooterBody = z
  .object({
    header: z.object({ announcement: z.string().max(200).default('') }).strict(),
    footer: z
      .object({
        text: z.string().max(500).default(''),
        links: z.array(link).max(20).default([]),
      })
      .strict(),
  })
  .strict();

const languagesBody = z
  .object({
    defaultLanguage: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
      .optional(),
    languages: z
      .array(
        z
          .object({
            code: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as en or fr-CA.'),
            name: z.string().trim().min(1).max(60),
            enabled: z.boolean().default(true),
          })
          .strict(),
      )
      .min(1)
      .max(20),
    enabled: z.boolean().optional(),
  })
  .strict();

type Settings = { website?: Record<string, unknown>; [key: string]: unknown };

function headerFooterOf(website: Record<string, unknown>) {
  const stored = (website.headerFooter ?? {}) as { header?: Record<string, unknown>; footer?: Record<string, unknown> };
  return {
    header: { announcement: typeof stored.header?.announcement === 'string' ? stored.header.announcement : '' },
    footer: {
      text: typeof stored.footer?.text === 'string' ? stored.footer.text : '',
      links: Array.isArray(stored.footer?.links) ? stored.footer.links : [],
    },
  };
}

function multilingualOf(website: Record<string, unknown>, locale: string) {
  const stored = (website.multilingual ?? {}) as Record<string, unknown>;
  const fallback = locale.split('-')[0] ?? 'en';
  const languages = Array.isArray(stored.languages)
    ? (stored.languages as { code: string; name: string; enabled?: boolean }[]).map((l) => ({
        code: l.code,
        name: l.name,
        enabled: l.enabled !== false,
      }))
    : [{ code: fallback, name: fallback, enabled: true }];
  const defaultLanguage = typeof stored.defaultLanguage === 'string' ? stored.defaultLanguage : fallback;
  return { enabled: stored.enabled === true && languages.length > 1, defaultLanguage, languages };
}

export default async function siteSettingsPlugin(app: FastifyInstance): Promise<void> {
  const content = app.services.content;

  async function siteOf(request: FastifyRequest) {
    const ownerSite = (request as FastifyRequest & { owner?: { websiteId?: string } }).owner?.websiteId;
    const site = ownerSite ? await content.getSite(ownerSite) : await content.getSiteForHost(request.hostname);
    if (!site) throw new Error('No site for this request.');
    const row = await app.db
      .selectFrom('sites')
      .select(['settings', 'locale'])
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    const settings = parseJson<Settings>(row.settings, {});
    return { siteId: site.id, locale: row.locale, settings, website: { ...(settings.website ?? {}) } };
  }

  async function save(siteId: string, settings: Settings, website: Record<string, unknown>) {
    await app.db
      .updateTable('sites')
      .set({ settings: JSON.stringify({ ...settings, website }) })
      .where('id', '=', siteId)
      .execute();
    content.invalidate(siteId);
  }

  app.get('/api/site-header-footer', async (request, reply) => {
    const { website } = await siteOf(request);
    reply.header('cache-control', 'no-store');
    return headerFooterOf(website);
  });

  app.put('/api/site-header-footer', { preHandler: requireOwner('content') }, async (request) => {
    const body = parseInput(headerFooterBody, request.body);
    const { siteId, settings, website } = await siteOf(request);
    website.headerFooter = body;
    await save(siteId, settings, website);
    return headerFooterOf(website);
  });

  app.get('/api/multilingual/settings', async (request) => {
    const { website, locale } = await siteOf(request);
    return multilingualOf(website, locale);
  });

  app.get('/api/multilingual/status', async (request) => {
    const { siteId, website, locale } = await siteOf(request);
    const settings = multilingualOf(website, locale);
    const rows = await app.db.selectFrom('collections').select('translations').where('site_id', '=', siteId).execute();
    const translatedPages: Record<string, number> = {};
    for (const language of settings.languages) translatedPages[language.code] = 0;
    for (const row of rows) {
      for (const code of Object.keys(parseJson<Record<string, unknown>>(row.translations, {}))) {
        if (code in translatedPages) translatedPages[code] = (translatedPages[code] ?? 0) + 1;
      }
    }
    return {
      enabled: settings.enabled,
      defaultLanguage: settings.defaultLanguage,
      languages: settings.languages.map((l) => ({ ...l, translatedPages: translatedPages[l.code] ?? 0 })),
    };
  });

  app.put('/api/multilingual/languages', { preHandler: requireOwner('admin') }, async (request) => {
    const body = parseInput(languagesBody, request.body);
    const codes = body.languages.map((l) => l.code);
    if (new Set(codes).size !== codes.length) {
      throw new AppError('invalid-body', 'languages: Each language code may appear once.');
    }
    const { siteId, settings, website, locale } = await siteOf(request);
    const current = multilingualOf(website, locale);
    const defaultLanguage =
      body.defaultLanguage ?? (codes.includes(current.defaultLanguage) ? current.defaultLanguage : codes[0]);
    if (!defaultLanguage || !codes.includes(defaultLanguage)) {
      throw new AppError('invalid-body', 'defaultLanguage: The default language must be one of the languages.');
    }
    website.multilingual = {
      enabled: body.enabled ?? body.languages.filter((l) => l.enabled).length > 1,
      defaultLanguage,
      languages: body.languages,
    };
    await save(siteId, settings, website);
    return multilingualOf(website, locale);
  });
}
