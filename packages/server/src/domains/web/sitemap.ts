import { absoluteUrl } from './base-url.js';
import { escapeXml } from './xml.js';

/** The sitemaps protocol's limit of URLs per file; past it `/sitemap.xml` is an index. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface SitemapEntry {
  /** Site-relative path (`/shop/p/linen-shirt`). */
  readonly path: string;
  /** When the page last changed (ISO date-time or epoch milliseconds). */
  readonly lastmod?: string | number;
  /** Site-relative or absolute image URLs shown on the page. */
  readonly images?: readonly string[];
}

export interface SitemapLanguages {
  readonly defaultLanguage: string;
  /** Every language the page is offered in, the default among them. */
  readonly codes: readonly string[];
}

/** `/page?lang=fr` for a language other than the default, the path itself for the default. */
export function languageUrl(path: string, code: string, defaultLanguage: string): string {
  if (code === defaultLanguage) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(code)}`;
}

function isoDate(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * One `<urlset>` of `entries`, each URL absolute on `baseUrl`, with `lastmod`, `image:image`
 * entries and, on a multilingual site, an `xhtml:link rel="alternate"` per language plus
 * `x-default` (the default language's URL).
 */
export function sitemapXml(baseUrl: string, entries: readonly SitemapEntry[], languages?: SitemapLanguages): string {
  const multilingual = languages !== undefined && languages.codes.length > 1;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}"${multilingual ? ` xmlns:xhtml="${XHTML_NS}"` : ''}>`,
  ];
  const alternates = (path: string): string[] => {
    if (!multilingual || !languages) return [];
    const links = languages.codes.map(
      (code) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(code)}" href="${escapeXml(
          absoluteUrl(baseUrl, languageUrl(path, code, languages.defaultLanguage)),
        )}"/>`,
    );
    links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(baseUrl, path))}"/>`);
    return links;
  };
  for (const entry of entries) {
    const paths =
      multilingual && languages
        ? languages.codes.map((code) => languageUrl(entry.path, code, languages.defaultLanguage))
        : [entry.path];
    const lastmod = isoDate(entry.lastmod);
    for (const path of paths) {
      out.push('<url>');
      out.push(`<loc>${escapeXml(absoluteUrl(baseUrl, path))}</loc>`);
      if (lastmod) out.push(`<lastmod>${lastmod}</lastmod>`);
      out.push(...alternates(entry.path));
      for (const image of (entry.images ?? []).slice(0, 1000)) {
        out.push(`<image:image><image:loc>${escapeXml(absoluteUrl(baseUrl, image))}</image:loc></image:image>`);
      }
      out.push('</url>');
    }
  }
  out.push('</urlset>');
  return `${out.join('\n')}\n`;
}

/** `<sitemapindex>` naming `count` files `/sitemap-1.xml` … `/sitemap-<count>.xml`. */
export function sitemapIndexXml(baseUrl: string, count: number, lastmod?: string | number): string {
  const when = isoDate(lastmod);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<sitemapindex xmlns="${SITEMAP_NS}">`];
  for (let i = 1; i <= count; i++) {
    out.push(
      `<sitemap><loc>${escapeXml(`${baseUrl}/sitemap-${i}.xml`)}</loc>${when ? `<lastmod>${when}</lastmod>` : ''}</sitemap>`,
    );
  }
  out.push('</sitemapindex>');
  return `${out.join('\n')}\n`;
}

/**
 * Splits the site's URLs into sitemap files of at most `maxUrls` `<url>` elements (a multilingual
 * entry counts once per language): one file when they fit, else an index and numbered files.
 */
export function sitemapFiles(
  entries: readonly SitemapEntry[],
  languages: SitemapLanguages | undefined,
  maxUrls = SITEMAP_MAX_URLS,
): SitemapEntry[][] {
  const perEntry = languages && languages.codes.length > 1 ? languages.codes.length : 1;
  const perFile = Math.max(1, Math.floor(maxUrls / perEntry));
  const files: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += perFile) files.push(entries.slice(i, i + perFile));
  return files.length > 0 ? files : [[]];
}
