import { PageType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { headTags, plainText, productOffers } from './head-tags.js';
import { jsonLdScript, organization, webSite } from './json-ld.js';

const BASE = 'https://shop.example.com';
const site = {
  title: 'Juniper & Oak',
  description: 'Linen and oak',
  locale: 'en-US',
  languages: { defaultLanguage: 'en', codes: ['en', 'fr'] },
};
const shirt = {
  title: 'Linen shirt',
  items: [{ assetUrl: '/files/shirt.jpg', originalSize: '1200x1500', altText: 'A shirt' }],
  structuredContent: {
    variants: [
      {
        sku: 'SH-S',
        priceMoney: { value: '68.00', currency: 'USD' },
        onSale: false,
        unlimited: false,
        qtyInStock: 3,
        attributes: { Size: 'S' },
      },
      {
        sku: 'SH-M',
        priceMoney: { value: '68.00', currency: 'USD' },
        salePriceMoney: { value: '50.00', currency: 'USD' },
        onSale: true,
        unlimited: false,
        qtyInStock: 0,
        attributes: { Size: 'M' },
      },
    ],
  },
};

const graphOf = (script: string) => JSON.parse(script)['@graph'] as Record<string, any>[];

describe('headTags', () => {
  it('prints absolute canonical and hreflang alternates with x-default', () => {
    const tags = headTags({
      baseUrl: BASE,
      site,
      page: { pageType: PageType.PAGE, path: '/about', lang: 'fr', title: 'About', currency: 'USD' },
    });
    expect(tags.canonical).toBe(`${BASE}/about?lang=fr`);
    expect(tags.alternates).toEqual([
      { hreflang: 'en', href: `${BASE}/about` },
      { hreflang: 'fr', href: `${BASE}/about?lang=fr` },
      { hreflang: 'x-default', href: `${BASE}/about` },
    ]);
    expect(tags.robots).toBe('');
  });

  it('describes a product: og:type product, image size, price, availability, an offer per variant', () => {
    const tags = headTags({
      baseUrl: BASE,
      site,
      page: {
        pageType: PageType.CONTENT_ITEM,
        path: '/shop/p/linen-shirt',
        title: 'Linen shirt',
        description: '<p>Soft &amp; washed</p>',
        collectionKind: 'products',
        collection: { title: 'Shop', fullUrl: '/shop' },
        item: shirt,
        currency: 'USD',
      },
    });
    const meta = Object.fromEntries(tags.meta.map((m) => [m.property ?? m.name, m.content]));
    expect(meta['og:type']).toBe('product');
    expect(meta['og:image']).toBe(`${BASE}/files/shirt.jpg`);
    expect(meta['og:image:width']).toBe('1200');
    expect(meta['og:image:height']).toBe('1500');
    expect(meta['og:description']).toBe('Soft & washed');
    expect(meta['product:price:amount']).toBe('68.00');
    expect(meta['product:availability']).toBe('in stock');
    const product = graphOf(tags.jsonLd).find((n) => n['@type'] === 'Product');
    expect(product?.offers).toEqual([
      expect.objectContaining({
        sku: 'SH-S',
        price: '68.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ sku: 'SH-M', price: '50.00', availability: 'https://schema.org/OutOfStock' }),
    ]);
    const crumbs = graphOf(tags.jsonLd).find((n) => n['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement.map((e: { name: string }) => e.name)).toEqual([
      'Juniper & Oak',
      'Shop',
      'Linen shirt',
    ]);
  });

  it('a post is an article with BlogPosting; an event has Event; search results are noindex', () => {
    const post = headTags({
      baseUrl: BASE,
      site,
      page: {
        pageType: PageType.CONTENT_ITEM,
        path: '/blog/p',
        title: 'P',
        collectionKind: 'blog',
        item: { title: 'P', publishOn: Date.UTC(2026, 0, 2), author: { displayName: 'Ana' } },
        currency: 'USD',
      },
    });
    expect(post.meta).toContainEqual({ property: 'og:type', content: 'article' });
    const posting = graphOf(post.jsonLd).find((n) => n['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'P',
      datePublished: '2026-01-02T00:00:00.000Z',
      author: { name: 'Ana' },
    });
    const event = headTags({
      baseUrl: BASE,
      site,
      page: {
        pageType: PageType.CONTENT_ITEM,
        path: '/events/e',
        title: 'E',
        collectionKind: 'events',
        item: { title: 'E', startDate: Date.UTC(2026, 5, 1), location: { name: 'Barn', addressLine1: '1 Oak Lane' } },
        currency: 'USD',
      },
    });
    expect(graphOf(event.jsonLd).find((n) => n['@type'] === 'Event')).toMatchObject({
      startDate: '2026-06-01T00:00:00.000Z',
      location: { '@type': 'Place', name: 'Barn', address: '1 Oak Lane' },
    });
    const search = headTags({
      baseUrl: BASE,
      site,
      page: { pageType: PageType.SEARCH, path: '/search', currency: 'USD' },
    });
    expect(search.robots).toBe('noindex');
  });
});

describe('JSON-LD', () => {
  it('escapes < so owner text cannot close the script element, and still parses to the same text', () => {
    const name = 'Shop </script><script>alert(1)</script>';
    const script = jsonLdScript([
      organization({ baseUrl: BASE, name }),
      webSite({ baseUrl: BASE, name, language: 'en' }),
    ]);
    expect(script).not.toContain('<');
    expect(script).toContain('\\u003c/script\\u003e');
    const graph = graphOf(script);
    expect(graph[0]?.name).toBe(name);
    expect(graph[1]?.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${BASE}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  it('gives a digital product one offer at its own price', () => {
    const offers = productOffers(
      { structuredContent: { priceMoney: { value: '12.00', currency: 'EUR' } } },
      'USD',
      `${BASE}/x`,
    );
    expect(offers).toEqual([
      expect.objectContaining({ price: '12.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }),
    ]);
    expect(plainText('<b>a</b>   b')).toBe('a b');
  });
});
