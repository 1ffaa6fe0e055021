import { describe, expect, it } from 'vitest';
import { BlockType } from '../enums/block-type.js';
import {
  archiveGroups,
  archiveSettings,
  cloudTerms,
  feedAddress,
  ownFeedSlug,
  periodRange,
  postsBySettings,
  rssSettings,
  tagCloudSettings,
} from './blog-blocks.js';
import { BLOCK_PARTIALS, blockViewSync } from './block-views.js';

describe('blog block settings', () => {
  it('maps every blog block type to its partial, and none renders without the server', () => {
    expect(BLOCK_PARTIALS[BlockType.ARCHIVE]).toBe('archive');
    expect(BLOCK_PARTIALS[BlockType.TAG_CLOUD]).toBe('tagcloud');
    for (const type of [27, 28, 29, 30]) expect(BLOCK_PARTIALS[type]).toBe('postsby');
    expect(BLOCK_PARTIALS[BlockType.RSS]).toBe('rss');
    expect(blockViewSync({ type: BlockType.ARCHIVE, settings: {}, content: { collection: 'blog' } }, '1-1')).toBe(
      undefined,
    );
  });

  it('reads stored content defensively: slugs, choices, limits', () => {
    expect(archiveSettings({ collection: '/blog/', groupBy: 'year' })).toMatchObject({
      collection: 'blog',
      groupBy: 'year',
      showCount: true,
    });
    expect(archiveSettings({ collection: '../etc', groupBy: 'week' })).toMatchObject({
      collection: '',
      groupBy: 'month',
    });
    expect(tagCloudSettings({ collection: 'blog', kind: 'category' }).kind).toBe('category');
    expect(tagCloudSettings({ kind: 'nope' }).kind).toBe('tag');
    expect(postsBySettings(BlockType.POSTS_BY_TAG, { collection: 'blog', value: ' linen ', limit: 500 })).toMatchObject(
      {
        filter: 'tag',
        value: 'linen',
        limit: 20,
      },
    );
    expect(postsBySettings(BlockType.POSTS_BY_MONTH, { value: '2026-13' })?.value).toBe('');
    expect(postsBySettings(BlockType.POSTS_BY_MONTH, { value: '2026-03', limit: 0 })).toMatchObject({
      value: '2026-03',
      limit: 1,
    });
    expect(postsBySettings(BlockType.HTML, {})).toBeUndefined();
  });

  it('accepts http(s) feeds and this site’s own paths only', () => {
    expect(feedAddress('https://example.com/feed.xml')).toBe('https://example.com/feed.xml');
    expect(feedAddress('/blog?format=rss')).toBe('/blog?format=rss');
    expect(ownFeedSlug('/blog?format=rss')).toBe('blog');
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://x/y',
      '//evil.example/feed',
      'https://u:p@x.io/',
    ]) {
      expect(feedAddress(bad), bad).toBe('');
    }
    expect(rssSettings({ url: 'https://example.com/a', limit: 99 })).toMatchObject({ limit: 20, showDate: true });
  });
});

describe('archive grouping', () => {
  it('groups by month in the site’s time zone, newest first, linking to the filtered blog', () => {
    // 1 March 2026 03:00 UTC is still February in New York.
    const dates = [Date.UTC(2026, 2, 1, 3), Date.UTC(2026, 2, 10), Date.UTC(2026, 1, 5), Date.UTC(2025, 11, 31, 20)];
    const options = { groupBy: 'month' as const, locale: 'en-US', blogUrl: '/blog' };
    expect(archiveGroups(dates, { ...options, timeZone: 'America/New_York' })).toEqual([
      { key: '2026-03', count: 1, label: 'March 2026', url: '/blog?month=2026-03' },
      { key: '2026-02', count: 2, label: 'February 2026', url: '/blog?month=2026-02' },
      { key: '2025-12', count: 1, label: 'December 2025', url: '/blog?month=2025-12' },
    ]);
    expect(archiveGroups(dates, { ...options, timeZone: 'UTC' }).map((g) => [g.key, g.count])).toEqual([
      ['2026-03', 2],
      ['2026-02', 1],
      ['2025-12', 1],
    ]);
    expect(
      archiveGroups(dates, { ...options, groupBy: 'year', timeZone: 'Asia/Tokyo' }).map((g) => [g.label, g.url]),
    ).toEqual([['2026', '/blog?year=2026']]);
  });

  it('gives the UTC range of a local month or year, across daylight saving', () => {
    expect(periodRange('2026-03', 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      before: '2026-04-01T04:00:00.000Z',
    });
    expect(periodRange('2026', 'UTC')).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      before: '2027-01-01T00:00:00.000Z',
    });
    expect(periodRange('2026-00', 'UTC')).toBeUndefined();
    expect(periodRange('soon', 'UTC')).toBeUndefined();
  });
});

describe('tag cloud weights', () => {
  it('puts terms in five size steps by use, sorted by name, empty names left out', () => {
    const terms = cloudTerms([
      { name: 'linen', count: 40 },
      { name: 'care', count: 1 },
      { name: 'shop', count: 6 },
      { name: '', count: 9 },
    ]);
    expect(terms).toEqual([
      { name: 'care', count: 1, step: 1 },
      { name: 'linen', count: 40, step: 5 },
      { name: 'shop', count: 6, step: 3 },
    ]);
    expect(cloudTerms([{ name: 'a', count: 2 }])[0]?.step).toBe(3);
  });
});
