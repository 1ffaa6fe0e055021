import {
  type HeaderFooter,
  headerFooter,
  multilingualSettings,
  multilingualStatus,
} from '@tessera/core/contracts/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { parseJson } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { LANGUAGE_CODE, siteLanguages } from '@tessera/core/site';
import { createSiteSettingsStore } from './settings-repository.js';

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
    defaultLanguage: z.string().regex(LANGUAGE_CODE).optional(),
    languages: z
      .array(
        z
          .object({
            code: z.string().regex(LANGUAGE_CODE, 'Use a language code such as en or fr-CA.'),
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

function headerFooterOf(website: Record<string, unknown>): HeaderFooter {
  const stored = (website.headerFooter ?? {}) as { header?: Record<string, unknown>; footer?: Record<string, unknown> };
  return {
    header: { announcement: typeof stored.header?.announcement === 'string' ? stored.header.announcement : '' },
    footer: {
      text: typeof stored.footer?.text === 'string' ? stored.footer.text : '',
      links: Array.isArray(stored.footer?.links) ? (stored.footer.links as HeaderFooter['footer']['links']) : [],
    },
  };
}

export default async function siteSettingsPlugin(app: FastifyInstance): Promise<void> {
  const content = app.services.content;
  const store = createSiteSettingsStore(app.db, content);

  async function siteIdOf(request: FastifyRequest): Promise<string> {
    const ownerSite = (request as FastifyRequest & { owner?: { websiteId?: string } }).owner?.websiteId;
    const site = ownerSite ? await content.getSite(ownerSite) : await content.getSiteForHost(request.hostname);
    if (!site) throw new Error('No site for this request.');
    return site.id;
  }

  async function siteOf(request: FastifyRequest) {
    const siteId = await siteIdOf(request);
    const { row, settings } = await store.read(siteId);
    return { siteId, locale: row.locale, website: settings.website ?? {} };
  }

  app.get('/api/site-header-footer', { config: { contract: { response: headerFooter } } }, async (request, reply) => {
    const { website } = await siteOf(request);
    reply.header('cache-control', 'no-store');
    return headerFooterOf(website);
  });

  app.put(
    '/api/site-header-footer',
    { preHandler: requireOwner('content'), config: { contract: { body: headerFooterBody, response: headerFooter } } },
    async (request) => {
      const body = parseInput(headerFooterBody, request.body);
      // The locked update of the settings repository: a settings save at the same moment keeps its part.
      return store.update(await siteIdOf(request), (settings) => {
        settings.website = { ...settings.website, headerFooter: body };
        return headerFooterOf(settings.website);
      });
    },
  );

  app.get(
    '/api/multilingual/settings',
    { config: { contract: { response: multilingualSettings } } },
    async (request) => {
      const { website, locale } = await siteOf(request);
      return siteLanguages(website, locale);
    },
  );

  app.get('/api/multilingual/status', { config: { contract: { response: multilingualStatus } } }, async (request) => {
    const { siteId, website, locale } = await siteOf(request);
    const settings = siteLanguages(website, locale);
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

  app.put(
    '/api/multilingual/languages',
    {
      preHandler: requireOwner('admin'),
      config: { contract: { body: languagesBody, response: multilingualSettings } },
    },
    async (request) => {
      const body = parseInput(languagesBody, request.body);
      const codes = body.languages.map((l) => l.code);
      if (new Set(codes).size !== codes.length) {
        throw new AppError('invalid-body', 'languages: Each language code may appear once.');
      }
      return store.update(await siteIdOf(request), (settings, row) => {
        const current = siteLanguages(settings.website ?? {}, row.locale);
        const defaultLanguage =
          body.defaultLanguage ?? (codes.includes(current.defaultLanguage) ? current.defaultLanguage : codes[0]);
        if (!defaultLanguage || !codes.includes(defaultLanguage)) {
          throw new AppError('invalid-body', 'defaultLanguage: The default language must be one of the languages.');
        }
        const multilingual = {
          enabled: body.enabled ?? body.languages.filter((l) => l.enabled).length > 1,
          defaultLanguage,
          languages: body.languages,
        };
        settings.website = { ...settings.website, multilingual };
        return siteLanguages(settings.website, row.locale);
      });
    },
  );
}
