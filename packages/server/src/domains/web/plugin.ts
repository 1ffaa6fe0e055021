import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentService, Site } from '../content/index.js';
import { siteLanguages } from '@tessera/core/site';
import { webBaseUrl } from './base-url.js';
import { guardPrecompressedFreshness, installCompression } from './compression.js';
import { installPageValidators } from './etag.js';
import { ICO_SIZES, icoFile } from './ico.js';
import { installRedirects } from './redirect-hook.js';
import { robotsTxt } from './robots.js';
import { type SitemapLanguages, sitemapFiles, sitemapIndexXml, sitemapXml } from './sitemap.js';
import { sitemapEntries } from './sitemap-source.js';
import { ICON_FILES, iconStorageKey, SiteIcons, siteIconUrl, webManifest } from './site-icon.js';

/**
 * Delivery hooks for the whole app (issue 22): page validators first (they need the uncompressed
 * bytes), then compression. The theme's assets are edited in place, so their build-time `.br`/`.gz`
 * are used only while fresh.
 */
export function installWebDelivery(app: FastifyInstance, options: { themeAssetsDir?: string } = {}): void {
  installPageValidators(app);
  installCompression(app);
  installRedirects(app);
  if (options.themeAssetsDir) guardPrecompressedFreshness(app, '/theme/', options.themeAssetsDir);
}

export interface WebPluginOptions {
  readonly content: ContentService;
  /** URLs per sitemap file (tests lower it; the protocol's limit is 50,000). */
  readonly sitemapMaxUrls?: number;
}

/**
 * Search-engine files: `/robots.txt`, `/sitemap.xml` and, past 50,000 URLs, `/sitemap-<n>.xml`; the
 * site icon's sizes (`/site-icon/<file>`, `/favicon.ico`) and the web app manifest.
 */
export default async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  const { content } = options;

  async function siteOf(request: FastifyRequest, reply: FastifyReply): Promise<Site | undefined> {
    try {
      return await content.getSiteForHost(request.hostname);
    } catch {
      reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
      return undefined;
    }
  }

  function languagesOf(site: Site): SitemapLanguages | undefined {
    const languages = siteLanguages(site.websiteSettings, site.locale);
    if (!languages.enabled) return undefined;
    const codes = languages.languages.filter((l) => l.enabled).map((l) => l.code);
    if (!codes.includes(languages.defaultLanguage)) codes.unshift(languages.defaultLanguage);
    return { defaultLanguage: languages.defaultLanguage, codes };
  }

  async function files(site: Site) {
    const languages = languagesOf(site);
    const entries = await sitemapEntries(app.db, site.id);
    return { languages, files: sitemapFiles(entries, languages, options.sitemapMaxUrls) };
  }

  function sendXml(reply: FastifyReply, xml: string): void {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  }

  const icons = new SiteIcons();

  /** Square PNGs of the site's icon in `sizes`, or undefined (and a 404 sent) when it has none that reads. */
  async function iconPngs(request: FastifyRequest, reply: FastifyReply, sizes: readonly number[]) {
    const site = await siteOf(request, reply);
    if (!site) return undefined;
    const url = siteIconUrl(site.websiteSettings);
    const source = url ? iconStorageKey(url) : undefined;
    let pngs: (Buffer | undefined)[] = [];
    try {
      const own = source && { id: site.id, files: await app.siteFiles(site.id) };
      pngs = own && source ? await Promise.all(sizes.map((size) => icons.png(source, size, own))) : [];
    } catch (error) {
      request.log.warn({ err: error, url }, 'the site icon could not be resized');
    }
    if (pngs.length === 0 || pngs.some((png) => !png)) {
      reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('No site icon.');
      return undefined;
    }
    return pngs as Buffer[];
  }

  async function sendIcon(request: FastifyRequest, reply: FastifyReply, size: number): Promise<void> {
    const [png] = (await iconPngs(request, reply, [size])) ?? [];
    // Addresses carry `?v=` of the icon, so a new icon is a new address.
    if (png) reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  }

  app.get<{ Params: { file: string } }>('/site-icon/:file', async (request, reply) => {
    const size = Object.hasOwn(ICON_FILES, request.params.file) ? ICON_FILES[request.params.file] : undefined;
    if (size === undefined) return reply.callNotFound();
    await sendIcon(request, reply, size);
  });

  // Browsers and other clients ask for it whatever the page says: one icon file holding 16, 32 and 48 px.
  app.get('/favicon.ico', async (request, reply) => {
    const pngs = await iconPngs(request, reply, ICO_SIZES);
    if (!pngs) return;
    const ico = icoFile(pngs.map((png, index) => ({ size: ICO_SIZES[index] as number, png })));
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(ico);
  });

  app.get('/manifest.webmanifest', async (request, reply) => {
    const site = await siteOf(request, reply);
    if (!site) return;
    const manifest = webManifest({
      name: site.title,
      description: typeof site.websiteSettings.siteDescription === 'string' ? site.websiteSettings.siteDescription : '',
      language: site.locale,
      iconUrl: siteIconUrl(site.websiteSettings),
    });
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(JSON.stringify(manifest));
  });

  app.get('/robots.txt', async (request, reply) => {
    const site = await siteOf(request, reply);
    if (!site) return;
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(robotsTxt({ baseUrl: webBaseUrl(app, site), extra: site.websiteSettings.robotsTxtExtra }));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const site = await siteOf(request, reply);
    if (!site) return;
    const baseUrl = webBaseUrl(app, site);
    const built = await files(site);
    if (built.files.length === 1) return sendXml(reply, sitemapXml(baseUrl, built.files[0] ?? [], built.languages));
    sendXml(reply, sitemapIndexXml(baseUrl, built.files.length));
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file', async (request, reply) => {
    const match = /^([1-9][0-9]{0,5})\.xml$/.exec(request.params.file);
    if (!match) return reply.callNotFound();
    const site = await siteOf(request, reply);
    if (!site) return;
    const built = await files(site);
    const part = built.files.length > 1 ? built.files[Number(match[1]) - 1] : undefined;
    if (!part) return reply.callNotFound();
    sendXml(reply, sitemapXml(webBaseUrl(app, site), part, built.languages));
  });
}
