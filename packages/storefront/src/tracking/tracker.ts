/**
 * The eager part of the first-party tracker: applies the skip rules, resolves the visitor ids,
 * records the page hit, and keeps early errors and cart updates until the lazy part (web vitals,
 * performance records, error reporter, events) takes over once the page is idle.
 */
import { readConsent, shouldRecordPageView, shouldTrack, trackingMode } from '@tessera/core';
import { CART_UPDATED_EVENT } from '../cart-events.js';
import type { PageContext } from '../context.js';
import { forgetVisitor, resolveIdentity, type TrackingIdentity } from './identity.js';
import { consentDeclined, postForm } from './transport.js';

/** What the page context may add for tracking (printed by the pages plugin). */
export interface TrackingContext extends PageContext {
  trackingEnabled?: boolean;
  cookiePolicy?: string;
  /** The site asks visitors through its cookie banner (a restrictive site then waits for an accept). */
  cookieBanner?: boolean;
  owner?: { roles?: number[] };
  /** Sends schema events to the validate endpoint instead of storing them (for theme developers). */
  validateEvents?: boolean;
}

/** Events the eager part keeps for the lazy part. */
export const KEPT_EVENTS = ['error', 'unhandledrejection', CART_UPDATED_EVENT] as const;
const MAX_KEPT = 30;

export interface TrackerState {
  doc: Document;
  win: Window;
  context: TrackingContext;
  ids: TrackingIdentity;
  /** Events seen before the lazy part arrived, oldest first. */
  kept: Event[];
  /** True when the loader fetches the cart at start, so the first cart update is not a change. */
  cartAtStart: boolean;
  /** Tracking failures go to the page's error hook, never to the visitor. */
  fail: (message: string) => void;
  /**
   * Hands the page hit's data (RecordHit's `data` text) to the lazy part, now or once it is made, so
   * it travels in one request with the page's events. Until then the eager part keeps it, and posts it
   * alone if the page hides first or the lazy part cannot load.
   */
  takeHit: (send: (data: string) => void) => void;
}

/** Resolves the page load id of `GET /api/1/performance/settings` and the flush delay it gives. */
export type PageLoad = Promise<{ pageLoadId: string; timeout: number }>;

export type LazyParts = [
  { startLazyTracking(state: TrackerState): PageLoad },
  { startSiteEvents(state: TrackerState, pageLoad: PageLoad): void },
];

type HookedWindow = Window & { tessera?: { onTrackingError?: (error: Error) => void } };

export function trackingFailureHook(win: Window): (message: string) => void {
  return (message) => {
    try {
      (win as HookedWindow).tessera?.onTrackingError?.(new Error(message));
    } catch {
      // a broken hook must not break the page either
    }
  };
}

export function startTracking(
  doc: Document,
  win: Window,
  context: TrackingContext,
  cartAtStart: boolean,
  loadLazy: () => Promise<LazyParts> = () => Promise.all([import('./lazy.js'), import('./site-events.js')]),
  /** When to send the page hit (the loader: after the first frame, when reading the window size is free). */
  sendHit: (send: () => void) => void = (send) => send(),
): TrackerState | undefined {
  const { pathname, search, host } = win.location;
  const scope = {
    path: pathname,
    pageType: context.pageType,
    ownerRoles: context.owner?.roles,
    trackingEnabled: context.trackingEnabled,
  };
  if (!shouldTrack(scope)) return undefined;
  const consent = readConsent(doc.cookie);
  const mode = trackingMode({
    cookiePolicy: context.cookiePolicy,
    bannerEnabled: context.cookieBanner === true,
    consent,
  });
  if (mode === 'off') {
    if (consent === 'declined') forgetVisitor(doc, win);
    return undefined;
  }
  const kept: Event[] = [];
  const keep = (event: Event) => {
    if (kept.length < MAX_KEPT) kept.push(event);
  };
  for (const type of KEPT_EVENTS) win.addEventListener(type, keep);

  const fail = trackingFailureHook(win);
  const ids = resolveIdentity({ doc, win, now: Date.now(), restrictive: mode === 'cookieless', fail });
  // The hit waits for the lazy part (takeHit); posted alone when the page hides or that part fails.
  let hit: string | undefined;
  let takeHit: ((data: string) => void) | undefined;
  const postHit = () => {
    if (hit)
      void postForm(doc, '/api/census/RecordHit', {
        event: 'view',
        ss_cvr: `${ids.visitorId}.${ids.visitStart}`,
        data: hit,
      });
    hit = undefined;
  };
  if (shouldRecordPageView(scope)) {
    const nav = win.navigator;
    sendHit(() => {
      hit = JSON.stringify({
        ...ids,
        websiteId: context.websiteId,
        pageType: context.pageType,
        host,
        path: pathname,
        query: search,
        referrer: doc.referrer,
        language: nav.language,
        locale: context.locale,
        windowSize: `${win.innerWidth}x${win.innerHeight}`,
        timestamp: Date.now(),
      });
      if (takeHit) state.takeHit(takeHit);
    });
    win.addEventListener('pagehide', postHit);
    doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && postHit());
  }

  const state: TrackerState = {
    doc,
    win,
    context,
    ids,
    kept,
    cartAtStart,
    fail,
    takeHit(send) {
      takeHit = send;
      if (hit) send(hit);
      hit = undefined;
    },
  };
  const wake = () => {
    if (consentDeclined(doc)) return;
    loadLazy()
      .then(([vitals, events]) => {
        for (const type of KEPT_EVENTS) win.removeEventListener(type, keep);
        events.startSiteEvents(state, vitals.startLazyTracking(state));
      })
      .catch(() => {
        postHit();
        fail('Unable to load the tracking chunk');
      });
  };
  const idle = () =>
    'requestIdleCallback' in win ? win.requestIdleCallback(wake, { timeout: 3000 }) : setTimeout(wake, 1);
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
  return state;
}
