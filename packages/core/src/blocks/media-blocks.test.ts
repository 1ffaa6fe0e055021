import { describe, expect, it } from 'vitest';
import { BlockType } from '../enums/block-type.js';
import { blockContentProblems, blockLimitProblem, MEDIA_BLOCK_MESSAGES } from './block-rules.js';
import { BLOCK_PARTIALS, blockViewSync } from './block-views.js';
import { socialServiceOf } from './social-hosts.js';
import { tourDatesView } from './tour-dates.js';

const base = { blockId: 'block-1-1', blockType: BlockType.TOUR_DATES, variant: '' };
const tracks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Song ${i + 1}`, url: `/files/song-${i + 1}.mp3`, duration: '3:05' }));

describe('album block', () => {
  it('allows at most 60 tracks, with SPEC’s limit named in the message', () => {
    expect(blockLimitProblem({ type: BlockType.ALBUM, content: { tracks: tracks(60) } })).toBeUndefined();
    expect(blockLimitProblem({ type: BlockType.ALBUM, content: { tracks: tracks(61) } })).toBe(
      'An album holds at most 60 tracks.',
    );
    expect(blockLimitProblem({ type: BlockType.HTML, content: { tracks: tracks(61) } })).toBeUndefined();
  });

  it('names each track that lacks a title, a usable file or a well-written length', () => {
    const content = {
      tracks: [
        { title: '', url: '/files/a.mp3' },
        { title: 'B', url: 'javascript:alert(1)' },
        { title: 'C', url: '/files/c.mp3', duration: '3m' },
        { title: 'D', url: 'https://cdn.example/d.mp3' },
      ],
    };
    expect(blockContentProblems({ type: BlockType.ALBUM, content })).toEqual([
      MEDIA_BLOCK_MESSAGES.trackTitle(1),
      MEDIA_BLOCK_MESSAGES.trackFile(2),
      MEDIA_BLOCK_MESSAGES.trackDuration(3),
      MEDIA_BLOCK_MESSAGES.trackFile(4),
    ]);
  });

  it('renders one labelled native player per usable track, numbered in order', () => {
    const content = {
      title: 'Night Drive',
      artist: 'The Lanterns',
      tracks: [
        { title: 'Intro', url: '/files/intro.mp3', duration: '1:02' },
        { title: 'No file', url: 'data:audio/mp3;base64,AAAA' },
        { title: 'Outro', url: '/files/outro.mp3', duration: 'long' },
        { title: 'Elsewhere', url: 'https://cdn.example/x.mp3' },
      ],
    };
    const view = blockViewSync({ type: BlockType.ALBUM, settings: {}, content }, '1-1');
    expect(view?.partial).toBe('album');
    const list = view?.view.tracks as Record<string, unknown>[];
    expect(list.map((t) => [t.number, t.title, t.url, t.duration])).toEqual([
      [1, 'Intro', '/files/intro.mp3', '1:02'],
      [2, 'Outro', '/files/outro.mp3', ''],
    ]);
    expect(list[0]?.durationIso).toBe('PT1M2S');
    expect(list[0]?.trackId).toBe('block-1-1-track-1');
    expect(blockViewSync({ type: BlockType.ALBUM, settings: {}, content: { tracks: [] } }, '1')).toBeUndefined();
  });

  it('shows a cover from the site’s pictures with its size, srcset and alt text; other addresses are named and left out', () => {
    const view = (cover: unknown) =>
      blockViewSync({ type: BlockType.ALBUM, settings: {}, content: { cover, tracks: tracks(1) } }, '1-1')?.view
        .cover as Record<string, unknown> | null;
    const cover = {
      assetUrl: '/files/night-drive.jpg',
      altText: 'Headlights on a wet road',
      originalSize: '1200x1200',
    };
    expect(view(cover)).toMatchObject({
      src: '/files/night-drive.jpg?format=500w',
      sizes: '160px',
      width: 1200,
      height: 1200,
      alt: 'Headlights on a wet road',
    });
    expect(view(cover)?.srcset).toContain('/files/night-drive.jpg?format=300w 300w');
    expect(blockContentProblems({ type: BlockType.ALBUM, content: { cover, tracks: tracks(1) } })).toEqual([]);
    for (const assetUrl of ['javascript:alert(1)', 'https://cdn.example/a.jpg', '/files/song.mp3', '/files/../x.png']) {
      expect(view({ ...cover, assetUrl })).toBeNull();
      expect(
        blockContentProblems({ type: BlockType.ALBUM, content: { cover: { assetUrl }, tracks: tracks(1) } }),
      ).toEqual([MEDIA_BLOCK_MESSAGES.coverFile]);
    }
    // No cover at all: no problem, no picture (the player list is the same).
    expect(view(null)).toBeNull();
    expect(blockContentProblems({ type: BlockType.ALBUM, content: { tracks: tracks(1) } })).toEqual([]);
  });
});

describe('tour dates block', () => {
  const content = {
    dates: [
      { date: '2026-03-01', venue: 'Hall', city: 'Boston', ticketUrl: 'https://tickets.example/1' },
      { date: '2026-02-28', venue: 'Club', city: 'Albany', ticketUrl: 'https://tickets.example/2' },
      { date: '2026-04-10', city: 'Troy', ticketUrl: 'javascript:alert(1)' },
      { date: '2026-05-01', venue: 'Barn', soldOut: true, ticketUrl: 'https://tickets.example/3' },
      { date: '2026-02-30', venue: 'Nowhere' },
      { date: '2026-06-01' },
    ],
  };

  it('splits upcoming from past by the day in the site’s time zone', () => {
    // 03:30 UTC on 1 March is still 28 February in New York, and already 1 March in Berlin.
    const now = new Date(Date.UTC(2026, 2, 1, 3, 30));
    const ny = tourDatesView(content, base, { now, timeZone: 'America/New_York', locale: 'en-US' });
    expect((ny.upcoming as { date: string }[]).map((d) => d.date)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-04-10',
      '2026-05-01',
    ]);
    expect(ny.past).toEqual([]);
    const berlin = tourDatesView(content, base, { now, timeZone: 'Europe/Berlin', locale: 'en-US' });
    expect((berlin.past as { date: string }[]).map((d) => d.date)).toEqual(['2026-02-28']);
    expect((berlin.past as { ticketUrl: string }[])[0]?.ticketUrl).toBe('');
  });

  it('keeps only http(s) ticket links, and leaves out dates without a real day or a place', () => {
    const now = new Date(Date.UTC(2026, 0, 1));
    const view = tourDatesView(content, base, { now, timeZone: 'UTC', locale: 'en-US' });
    const upcoming = view.upcoming as Record<string, unknown>[];
    expect(upcoming.map((d) => d.ticketUrl)).toEqual([
      'https://tickets.example/2',
      'https://tickets.example/1',
      '',
      'https://tickets.example/3',
    ]);
    expect(upcoming[3]?.soldOut).toBe(true);
    expect(upcoming[0]?.dateLabel).toBe('Sat, Feb 28, 2026');
    expect(upcoming[0]?.ticketLabel).toBe('Tickets for Club, Albany on Sat, Feb 28, 2026');
    expect(blockContentProblems({ type: BlockType.TOUR_DATES, content })).toEqual([
      MEDIA_BLOCK_MESSAGES.ticketUrl(3),
      MEDIA_BLOCK_MESSAGES.tourDate(5),
      MEDIA_BLOCK_MESSAGES.tourPlace(6),
    ]);
  });

  it('is a lookup block: the server renders it with the clock, never the pure path', () => {
    expect(BLOCK_PARTIALS[BlockType.TOUR_DATES]).toBe('tourdates');
    expect(blockViewSync({ type: BlockType.TOUR_DATES, settings: {}, content }, '1')).toBeUndefined();
    expect(blockViewSync({ type: BlockType.PRODUCT, settings: {}, content: { productId: 'p1' } }, '1')).toBeUndefined();
  });
});

describe('link and social links blocks', () => {
  it('links only to safe addresses, titled by the host when untitled', () => {
    const ok = blockViewSync(
      { type: BlockType.LINK, settings: {}, content: { url: 'https://www.example.org/read', description: 'More' } },
      '1',
    );
    expect(ok?.view).toMatchObject({ url: 'https://www.example.org/read', title: 'example.org', host: 'example.org' });
    const local = blockViewSync({ type: BlockType.LINK, settings: {}, content: { title: 'Shop', url: '/shop' } }, '1');
    expect(local?.view).toMatchObject({ url: '/shop', title: 'Shop', host: '' });
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', ''])
      expect(blockViewSync({ type: BlockType.LINK, settings: {}, content: { url } }, '1')).toBeUndefined();
    expect(blockContentProblems({ type: BlockType.LINK, content: { url: 'javascript:x' } })).toEqual([
      MEDIA_BLOCK_MESSAGES.linkUrl,
    ]);
  });

  it('names and marks profiles by their host, offline, for every social links block type', () => {
    expect(socialServiceOf('https://m.youtube.com/@band')?.name).toBe('YouTube');
    expect(socialServiceOf('https://notinstagram.com/x')).toBeUndefined();
    for (const type of [BlockType.SOCIAL_LINKS, BlockType.SOCIAL_ACCOUNT_LINKS, BlockType.SOCIAL_ACCOUNT_LINKS_V2]) {
      const view = blockViewSync(
        {
          type,
          settings: { iconsOnly: true },
          content: {
            links: [
              { url: 'https://www.instagram.com/band' },
              { url: 'https://band.bandcamp.com', label: 'Our music' },
              { url: 'https://fan.example/band' },
              { url: 'javascript:alert(1)', service: 'x' },
              { url: 'mailto:hi@band.example' },
            ],
          },
        },
        '1',
      );
      expect(view?.partial).toBe('socialaccountlinks');
      expect(view?.view.iconsOnly).toBe(true);
      expect(
        (view?.view.links as Record<string, unknown>[] | undefined)?.map((l) => [l.service, l.label, l.mark]),
      ).toEqual([
        ['instagram', 'Instagram', 'IG'],
        ['bandcamp', 'Our music', 'BC'],
        ['link', 'fan.example', 'F'],
        ['email', 'Email', '@'],
      ]);
    }
    expect(blockContentProblems({ type: BlockType.SOCIAL_LINKS, content: { links: [{ url: 'http//x' }] } })).toEqual([
      MEDIA_BLOCK_MESSAGES.socialUrl(1),
    ]);
    const many = { links: Array.from({ length: 31 }, () => ({ url: 'https://x.com/a' })) };
    expect(blockLimitProblem({ type: BlockType.SOCIAL_ACCOUNT_LINKS_V2, content: many })).toBe(
      MEDIA_BLOCK_MESSAGES.tooManySocialLinks,
    );
  });
});
