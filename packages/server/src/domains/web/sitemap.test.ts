import { describe, expect, it } from 'vitest';
import { childrenNS, parseXml } from '../../../test/web-helpers.js';
import { IMAGE_NS, SITEMAP_NS, sitemapFiles, sitemapIndexXml, sitemapXml, XHTML_NS } from './sitemap.js';
import { imagesIn, isHiddenFromSearch } from './sitemap-source.js';

const BASE = 'https://shop.example.com';

describe('sitemapXml', () => {
  it('is a well-formed urlset with absolute locations, lastmod and image entries', () => {
    const xml = sitemapXml(BASE, [
      { path: '/', lastmod: '2026-11-01T10:00:00.000Z' },
      { path: '/shop/p/linen-shirt', lastmod: Date.UTC(2026, 10, 2), images: ['/files/shirt.jpg', '/files/a&b.png'] },
      { path: '/blog/caring-for-linen?x=<1>' },
    ]);
    const doc = parseXml(xml);
    const [urlset] = childrenNS(doc, SITEMAP_NS, 'urlset');
    expect(urlset).toBeDefined();
    const urls = childrenNS(urlset as Element, SITEMAP_NS, 'url');
    expect(urls).toHaveLength(3);
    const locs = urls.map((url) => childrenNS(url, SITEMAP_NS, 'loc')[0]?.textContent);
    expect(locs).toEqual([`${BASE}/`, `${BASE}/shop/p/linen-shirt`, `${BASE}/blog/caring-for-linen?x=<1>`]);
    for (const loc of locs) expect(new URL(loc as string).origin).toBe(BASE);
    expect(childrenNS(urls[1] as Element, SITEMAP_NS, 'lastmod')[0]?.textContent).toBe('2026-11-02T00:00:00.000Z');
    const images = childrenNS(urls[1] as Element, IMAGE_NS, 'image');
    expect(images.map((image) => childrenNS(image, IMAGE_NS, 'loc')[0]?.textContent)).toEqual([
      `${BASE}/files/shirt.jpg`,
      `${BASE}/files/a&b.png`,
    ]);
    // No lastmod rather than a made-up one.
    expect(childrenNS(urls[2] as Element, SITEMAP_NS, 'lastmod')).toHaveLength(0);
  });

  it('lists every language of a multilingual site with alternates and x-default', () => {
    const xml = sitemapXml(BASE, [{ path: '/about' }], { defaultLanguage: 'en', codes: ['en', 'fr'] });
    const doc = parseXml(xml);
    const urls = childrenNS(childrenNS(doc, SITEMAP_NS, 'urlset')[0] as Element, SITEMAP_NS, 'url');
    expect(urls.map((url) => childrenNS(url, SITEMAP_NS, 'loc')[0]?.textContent)).toEqual([
      `${BASE}/about`,
      `${BASE}/about?lang=fr`,
    ]);
    for (const url of urls) {
      const links = childrenNS(url, XHTML_NS, 'link').map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
      expect(links).toEqual([
        ['en', `${BASE}/about`],
        ['fr', `${BASE}/about?lang=fr`],
        ['x-default', `${BASE}/about`],
      ]);
    }
  });

  it('splits past the per-file limit into an index of numbered sitemaps', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ path: `/p${i}` }));
    expect(sitemapFiles(entries, undefined, 3).map((file) => file.length)).toEqual([3, 3, 1]);
    // A multilingual entry counts once per language.
    expect(sitemapFiles(entries, { defaultLanguage: 'en', codes: ['en', 'fr'] }, 4).map((f) => f.length)).toEqual([
      2, 2, 2, 1,
    ]);
    const doc = parseXml(sitemapIndexXml(BASE, 3));
    const [index] = childrenNS(doc, SITEMAP_NS, 'sitemapindex');
    const locs = childrenNS(index as Element, SITEMAP_NS, 'sitemap').map(
      (entry) => childrenNS(entry, SITEMAP_NS, 'loc')[0]?.textContent,
    );
    expect(locs).toEqual([`${BASE}/sitemap-1.xml`, `${BASE}/sitemap-2.xml`, `${BASE}/sitemap-3.xml`]);
  });
});

describe('sitemap sources', () => {
  it('finds uploaded images anywhere in block content and knows the noindex mark', () => {
    const found = imagesIn([
      { blocks: [{ content: { image: { assetUrl: '/files/a.jpg' }, items: ['/files/b.webp', '/x.jpg'] } }] },
    ]);
    expect([...found]).toEqual(['/files/a.jpg', '/files/b.webp']);
    expect(isHiddenFromSearch({ seo: { noindex: true } })).toBe(true);
    expect(isHiddenFromSearch({ noindex: true })).toBe(true);
    expect(isHiddenFromSearch({})).toBe(false);
  });
});
