// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_UPDATED_EVENT } from '../cart-events.js';
import { writeCookie } from './identity.js';
import { type LazyParts, startTracking, type TrackerState, type TrackingContext } from './tracker.js';

const base: TrackingContext = { websiteId: 'site', locale: 'en-US', currency: 'USD', pageType: 2 };

describe('startTracking', () => {
  let posts: { url: string; body: URLSearchParams }[];

  beforeEach(() => {
    posts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        posts.push({ url, body: init.body as URLSearchParams });
        return new Response(null, { status: 202 });
      }),
    );
    for (const part of document.cookie.split('; ')) {
      const name = part.split('=')[0];
      if (name) writeCookie(document, name, '', 0);
    }
    writeCookie(document, 'crumb', 'c1', 60_000);
    sessionStorage.clear();
    history.replaceState(null, '', '/shop?sort=price');
  });
  afterEach(() => vi.unstubAllGlobals());

  const never = () => new Promise<LazyParts>(() => {});

  it('keeps the hit for the lazy part and posts it alone, crumb in header and field, if the page hides first', () => {
    const state = startTracking(document, window, base, false, never);
    expect(state).toBeDefined();
    expect(posts).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/api/census/RecordHit');
    const data = JSON.parse(posts[0].body.get('data') ?? '{}');
    expect(data).toMatchObject({ path: '/shop', query: '?sort=price', pageType: 2, websiteId: 'site', landing: true });
    expect(data.visitorId).toBe(state?.ids.visitorId);
    expect(posts[0].body.get('crumb')).toBe('c1');
    expect(posts[0].body.get('ss_cvr')).toBe(`${state?.ids.visitorId}.${state?.ids.visitStart}`);
    // Once only, and nothing left for the lazy part.
    window.dispatchEvent(new Event('pagehide'));
    const taken: string[] = [];
    state?.takeHit((hit) => taken.push(hit));
    expect([posts.length, taken]).toEqual([1, []]);
  });

  it('makes the hit when the caller says so (the loader: after the first frame), with the window size', () => {
    let send: (() => void) | undefined;
    const state = startTracking(document, window, base, false, never, (later) => {
      send = later;
    });
    const taken: string[] = [];
    state?.takeHit((hit) => taken.push(hit));
    expect(taken).toEqual([]);
    send?.();
    expect(taken).toHaveLength(1);
    const data = JSON.parse(taken[0]);
    expect(data).toMatchObject({ path: '/shop', windowSize: `${window.innerWidth}x${window.innerHeight}` });
    expect(data.visitorId).toBe(state?.ids.visitorId);
    // Handed over: the page hiding posts nothing more.
    window.dispatchEvent(new Event('pagehide'));
    expect(posts).toEqual([]);
  });

  it('posts the hit alone when the lazy part cannot load', async () => {
    startTracking(document, window, base, false, () => Promise.reject(new Error('offline')));
    await vi.waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/census/RecordHit']));
  });

  it('tracks nothing for owners, not-found pages or a site that turned tracking off', () => {
    expect(startTracking(document, window, { ...base, owner: { roles: [1] } }, false, never)).toBeUndefined();
    expect(startTracking(document, window, { ...base, pageType: 100 }, false, never)).toBeUndefined();
    expect(startTracking(document, window, { ...base, trackingEnabled: false }, false, never)).toBeUndefined();
    expect(posts).toEqual([]);
  });

  it('records no page view on /search but still starts', () => {
    history.replaceState(null, '', '/search?q=shirt');
    expect(startTracking(document, window, base, false, never)).toBeDefined();
    expect(posts).toEqual([]);
  });

  it('hands early errors and cart updates to the lazy part once the page is idle', async () => {
    let handed: TrackerState | undefined;
    let resolveLazy: (parts: LazyParts) => void = () => {};
    const lazy = new Promise<LazyParts>((resolve) => {
      resolveLazy = resolve;
    });
    startTracking(document, window, base, true, () => lazy);
    window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: { entries: [] } }));
    window.dispatchEvent(new Event('error'));
    const pageLoad = Promise.resolve({ pageLoadId: 'p', timeout: 30_000 });
    resolveLazy([
      { startLazyTracking: () => pageLoad },
      {
        startSiteEvents: (state) => {
          handed = state;
        },
      },
    ]);
    await vi.waitFor(() => expect(handed).toBeDefined());
    expect(handed?.kept.map((e) => e.type)).toEqual([CART_UPDATED_EVENT, 'error']);
    expect(handed?.cartAtStart).toBe(true);
    // After the hand-over the eager part keeps nothing more.
    window.dispatchEvent(new Event('error'));
    expect(handed?.kept).toHaveLength(2);
  });
});
