import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.js';
import { DEFAULT_THEME_DIR } from '../../repo-paths.js';
import { registerThemeRoutes } from './routes.js';
import { SiteThemeStore } from './store.js';
import { SiteThemeCache, type ThemeFactory } from './theme-cache.js';
import { DefaultThemeFiles } from './theme-files.js';

export interface SiteThemes<Theme> {
  readonly store: SiteThemeStore;
  readonly cache: SiteThemeCache<Theme>;
  readonly defaults: DefaultThemeFiles;
}

/** The theme editor's parts, made once in app.ts: the pages plugin renders with `cache`. */
export function createSiteThemes<Theme>(
  db: Kysely<Database>,
  makeTheme: ThemeFactory<Theme>,
  themeDir = DEFAULT_THEME_DIR,
): SiteThemes<Theme> {
  const store = new SiteThemeStore(db);
  return { store, cache: new SiteThemeCache(store, makeTheme), defaults: new DefaultThemeFiles(themeDir) };
}

/**
 * The live version's templates and partials over `source` (the editor canvas renders with the
 * site's theme as visitors see it). Answers `source` itself for a site on the default theme.
 */
export async function withLiveOverrides<
  T extends { templates: Record<string, string>; partials: Record<string, string> },
>(db: Kysely<Database>, siteId: string, source: T): Promise<T> {
  const store = new SiteThemeStore(db);
  const live = await store.live(siteId);
  const found = live ? await store.filesById(live) : undefined;
  if (!found || found.siteId !== siteId) return source;
  const templates = { ...source.templates };
  const partials = { ...source.partials };
  for (const [path, text] of Object.entries(found.files)) {
    if (path.startsWith('templates/') && path.endsWith('.jsont')) templates[path.slice(10, -6)] = text;
    else if (path.startsWith('partials/')) partials[path.slice(9)] = text;
  }
  return { ...source, templates, partials };
}

const assetParams = z.object({
  version: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  file: z.string().regex(/^[A-Za-z0-9_.-]{1,100}\.css$/),
});

/**
 * The theme editor (issue 21, `docs/architecture.md`): owner routes under `/api/config/theme`, and
 * `/theme-site/<version>/<file>.css`, a site version's own stylesheet (a version never changes, so
 * it is cached for a year; a new version is a new address).
 */
export default async function siteThemesPlugin(
  app: FastifyInstance,
  options: { themes: SiteThemes<unknown> },
): Promise<void> {
  const { store, defaults } = options.themes;
  registerThemeRoutes(app, store, defaults);

  app.get('/theme-site/:version/:file', async (request, reply) => {
    const params = assetParams.safeParse(request.params);
    const found = params.success ? await store.filesById(params.data.version) : undefined;
    const css = params.success ? found?.files[`assets/${params.data.file}`] : undefined;
    if (css === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type('text/css; charset=utf-8')
      .send(css);
  });
}
