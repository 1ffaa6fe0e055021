import { describe, expect, it } from 'vitest';
import { elementsNS, parseXml } from '../../../test/web-helpers.js';
import { ATOM_NS, CONTENT_NS, feedContentOf, rssXml } from './feeds.js';

const BASE = 'https://shop.example.com';
const channel = { title: 'Journal & News', path: '/blog', description: 'Notes <from> the workshop', language: 'en-US' };
const items = [
  {
    title: 'Caring for linen </title><evil>',
    path: '/blog/caring-for-linen',
    publishedAt: Date.UTC(2026, 10, 1, 9),
    excerpt: '<p>Wash <em>cool</em>.</p>',
    html: '<p>Wash cool. <a href="/shop/p/linen-shirt">The shirt</a> <img src="/files/a.jpg"> ]]> done</p>',
    categories: ['Care'],
  },
];

describe('rssXml', () => {
  it('is RSS 2.0 with absolute links, escaped text and the excerpt only by default', () => {
    const doc = parseXml(rssXml(BASE, channel, items, 'excerpt'));
    const rss = doc.documentElement;
    expect(rss.localName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const ch = rss.getElementsByTagName('channel')[0] as Element;
    expect(ch.getElementsByTagName('title')[0]?.textContent).toBe('Journal & News');
    expect(ch.getElementsByTagName('link')[0]?.textContent).toBe(`${BASE}/blog`);
    expect(elementsNS(ch, ATOM_NS, 'link')[0]?.getAttribute('href')).toBe(`${BASE}/blog?format=rss`);
    const item = ch.getElementsByTagName('item')[0] as Element;
    expect(item.getElementsByTagName('title')[0]?.textContent).toBe('Caring for linen </title><evil>');
    expect(item.getElementsByTagName('evil')).toHaveLength(0);
    expect(item.getElementsByTagName('link')[0]?.textContent).toBe(`${BASE}/blog/caring-for-linen`);
    expect(item.getElementsByTagName('guid')[0]?.textContent).toBe(`${BASE}/blog/caring-for-linen`);
    expect(item.getElementsByTagName('pubDate')[0]?.textContent).toBe('Sun, 01 Nov 2026 09:00:00 GMT');
    expect(item.getElementsByTagName('description')[0]?.textContent).toBe('<p>Wash <em>cool</em>.</p>');
    expect(elementsNS(item, CONTENT_NS, 'encoded')).toHaveLength(0);
  });

  it('carries the whole post as content:encoded, its links made absolute, when the owner chose full', () => {
    const doc = parseXml(rssXml(BASE, channel, items, 'full'));
    const encoded = elementsNS(doc, CONTENT_NS, 'encoded')[0]?.textContent ?? '';
    expect(encoded).toContain(`<a href="${BASE}/shop/p/linen-shirt">`);
    expect(encoded).toContain(`<img src="${BASE}/files/a.jpg">`);
    expect(encoded).toContain(']]> done');
    expect(feedContentOf({ feedContent: 'full' })).toBe('full');
    expect(feedContentOf({})).toBe('excerpt');
    expect(feedContentOf(undefined)).toBe('excerpt');
  });
});
