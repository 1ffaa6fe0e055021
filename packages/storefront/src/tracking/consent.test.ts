// @vitest-environment happy-dom
import { CONSENT_COOKIE, TRACKING_KEYS } from '@tessera/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeCookie } from './identity.js';
import { type LazyParts, startTracking, type TrackingContext } from './tracker.js';
import { postForm } from './transport.js';

const base: TrackingContext = { websiteId: 'site', locale: 'en-US', currency: 'USD', pageType: 2 };
const restrictiveAsking: TrackingContext = { ...base, cookiePolicy: 'restrictive', cookieBanner: true };
const never = () => new Promise<LazyParts>(() => {});

describe('the tracker and the visitor’s cookie choice', () => {
  let posts: string[];

  beforeEach(() => {
    posts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        posts.push(url);
        return new Response(null, { status: 202 });
      }),
    );
    for (const part of document.cookie.split('; ')) {
      const name = part.split('=')[0];
      if (name) writeCookie(document, name, '', 0);
    }
    writeCookie(document, 'crumb', 'c1', 60_000);
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for an accept on a restrictive site that asks: no hit, no cookies, no storage', () => {
    expect(startTracking(document, window, restrictiveAsking, false, never)).toBeUndefined();
    expect(posts).toEqual([]);
    expect(readCookie(document, TRACKING_KEYS.visitor)).toBeUndefined();
    expect(localStorage.getItem(TRACKING_KEYS.analyticsId)).toBeNull();
  });

  it('records the hit with its cookies once the visitor accepted', () => {
    writeCookie(document, CONSENT_COOKIE, 'accepted', 60_000);
    expect(startTracking(document, window, restrictiveAsking, false, never)).toBeDefined();
    window.dispatchEvent(new Event('pagehide')); // the lazy part never came: the hit goes alone
    expect(posts).toEqual(['/api/census/RecordHit']);
    expect(readCookie(document, TRACKING_KEYS.visitor)).toBeTruthy();
  });

  it('sends nothing after a decline, even on a standard site, and forgets what it kept', () => {
    localStorage.setItem(TRACKING_KEYS.analyticsId, 'old');
    writeCookie(document, TRACKING_KEYS.visitor, 'v.1', 60_000);
    writeCookie(document, CONSENT_COOKIE, 'declined', 60_000);
    expect(startTracking(document, window, base, false, never)).toBeUndefined();
    expect(posts).toEqual([]);
    expect(localStorage.getItem(TRACKING_KEYS.analyticsId)).toBeNull();
    expect(readCookie(document, TRACKING_KEYS.visitor)).toBeFalsy();
  });

  it('keeps tracking a standard site until the visitor chooses', () => {
    expect(startTracking(document, window, { ...base, cookieBanner: true }, false, never)).toBeDefined();
    window.dispatchEvent(new Event('pagehide'));
    expect(posts).toEqual(['/api/census/RecordHit']);
  });

  it('stops a running tracker’s calls as soon as the visitor declines', async () => {
    writeCookie(document, CONSENT_COOKIE, 'declined', 60_000);
    expect(await postForm(document, '/api/events/RecordEvent', { event: 'x' })).toBe(0);
    expect(posts).toEqual([]);
  });
});
