// @vitest-environment happy-dom
import { TRACKING_LIMITS } from '@tessera/core';
import type { BatchEvent } from '@tessera/core/contracts/tracking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from './identity.js';
import { startSiteEvents } from './site-events.js';
import { type LazyParts, startTracking, type TrackerState, type TrackingContext } from './tracker.js';

// The census calls for button and form renders, overlays and quick views travel in the page's batch
// (issue 20), and go to their own routes when the server has no batch route.

const base: TrackingContext = { websiteId: 'site', locale: 'en-US', currency: 'USD', pageType: 2 };
const PAGE = `
  <a class="sqs-block-button-element" href="/shop">Shop now</a>
  <form data-form-id="newsletter"></form>
  <div data-overlay-id="promo"></div>
  <button data-quick-view-id="item-7">Quick view</button>`;

interface Post {
  url: string;
  events?: BatchEvent[];
  form?: URLSearchParams;
}

describe('site events: census calls in the batch', () => {
  let posts: Post[];
  let batchStatus: number;

  /** Listeners a test's tracker added, removed after it so the next test's page starts clean. */
  let added: (() => void)[];

  beforeEach(() => {
    added = [];
    for (const target of [document, window] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        added.push(() => target.removeEventListener(type, listener, options));
        add(type, listener, options);
      });
    }
    vi.useFakeTimers();
    posts = [];
    batchStatus = 202;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url !== '/api/census/batch') {
          posts.push({ url, form: init.body as URLSearchParams });
          return new Response(null, { status: 202 });
        }
        const events = JSON.parse(String(init.body)).events as BatchEvent[];
        posts.push({ url, events });
        if (batchStatus !== 202) return new Response(null, { status: batchStatus });
        return Response.json({ results: events.map((_, index) => ({ index, stored: true })) }, { status: 202 });
      }),
    );
    for (const part of document.cookie.split('; ')) {
      const name = part.split('=')[0];
      if (name) writeCookie(document, name, '', 0);
    }
    writeCookie(document, 'crumb', 'c1', 60_000);
    sessionStorage.clear();
    history.replaceState(null, '', '/shop');
    document.body.innerHTML = PAGE;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const remove of added) remove();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  async function start(): Promise<TrackerState> {
    const state = startTracking(document, window, base, false, () => new Promise<LazyParts>(() => {}));
    if (!state) throw new Error('tracking did not start');
    startSiteEvents(state, Promise.resolve({ pageLoadId: 'p1', timeout: 30_000 }));
    await vi.advanceTimersByTimeAsync(0);
    return state;
  }

  it('sends the renders with the page hit in one batch, and a quick view in the next', async () => {
    const state = await start();
    const visitorCookie = `${state.ids.visitorId}.${state.ids.visitStart}`;
    expect(posts.map((p) => p.url)).toEqual(['/api/census/batch']);
    const [hit, ...census] = posts[0].events ?? [];
    expect(hit.type).toBe('hit');
    expect(census.map((e) => (e.type === 'census' ? [e.name, e.fields] : e.type))).toEqual([
      ['button-render', { visitorCookie, page: '/shop', buttonText: 'Shop now' }],
      ['form-render', { formId: 'newsletter', visitorCookie }],
      ['overlay', { visitorCookie, page: '/shop', overlayId: 'promo' }],
    ]);
    for (const event of posts[0].events ?? []) expect(event.id).toMatch(/^[0-9a-f]{8}[0-9a-z]{12}$/);

    document.querySelector<HTMLElement>('[data-quick-view-id]')?.click();
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TRACKING_LIMITS.batch.delayMs);
    expect(posts.map((p) => p.url)).toEqual(['/api/census/batch', '/api/census/batch']);
    expect(posts[1].events).toEqual([
      { type: 'census', id: expect.any(String), name: 'quick-view', fields: { id: 'item-7' } },
    ]);
  });

  it('posts each call to its own route when the server has no batch route', async () => {
    batchStatus = 404;
    const state = await start();
    const visitorCookie = `${state.ids.visitorId}.${state.ids.visitStart}`;
    const singles = posts.filter((p) => p.url !== '/api/census/batch');
    expect(singles.map((p) => p.url)).toEqual([
      '/api/census/RecordHit',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/overlay',
    ]);
    expect(Object.fromEntries(singles[1].form ?? [])).toEqual({
      crumb: 'c1',
      visitorCookie,
      page: '/shop',
      buttonText: 'Shop now',
    });
    expect(Object.fromEntries(singles[2].form ?? [])).toEqual({ crumb: 'c1', formId: 'newsletter', visitorCookie });
    expect(singles[3].form?.get('overlayId')).toBe('promo');

    // From then on straight to the single route, without trying the batch again.
    posts = [];
    document.querySelector<HTMLElement>('[data-quick-view-id]')?.click();
    await vi.advanceTimersByTimeAsync(TRACKING_LIMITS.batch.delayMs);
    expect(posts.map((p) => p.url)).toEqual(['/api/census/RecordQuickView/item-7']);
    expect(posts[0].form?.get('page')).toBe('/shop');
  });
});
