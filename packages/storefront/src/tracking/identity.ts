import { TRACKING_KEYS, TRACKING_LIMITS, TRACKING_MESSAGES } from '@tessera/core';

/** The ids every hit and event carries (SPEC §3 "Tracking data"). */
export interface TrackingIdentity {
  visitorId: string;
  /** Start of the current visit (ms); a visit ends after 30 minutes without a hit. */
  visitStart: number;
  newVisit: boolean;
  analyticsId: string;
  sessionId: string;
  marketingId?: string;
  firstSession: boolean;
  /** True on the first page of the browser session. */
  landing: boolean;
}

export interface IdentityOptions {
  doc: Document;
  win: Window;
  now: number;
  /** Under a restrictive cookie policy the census cookies are cleared and not written. */
  restrictive: boolean;
  /** Receives tracking failures (SPEC §8: they never reach the visitor). */
  fail: (message: string) => void;
}

export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let id = '';
  for (const b of bytes) id += (b % 36).toString(36);
  return id;
}

export function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

export function writeCookie(doc: Document, name: string, value: string, maxAgeMs: number): void {
  doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeMs / 1000)}; Path=/; SameSite=Lax`;
}

/** Clears every cookie and storage key the tracker writes (after the visitor declined cookies). */
export function forgetVisitor(doc: Document, win: Window): void {
  const K = TRACKING_KEYS;
  for (const name of K.census) writeCookie(doc, name, '', 0);
  try {
    for (const key of [K.analyticsId, K.analyticsExpiration]) win.localStorage.removeItem(key);
    for (const key of [K.sessionId, K.isFirstSession, K.hasLanded]) win.sessionStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept there either
  }
}

/** Reads or creates the visitor, visit, analytics and session ids, renewing their cookies. */
export function resolveIdentity({ doc, win, now, restrictive, fail }: IdentityOptions): TrackingIdentity {
  const K = TRACKING_KEYS;
  const L = TRACKING_LIMITS;
  // Visitor record: "<visitorId>.<visitStart>"; visit time: the last hit of the visit.
  const [storedVisitor, storedStart] = (readCookie(doc, K.visitor) ?? '').split('.');
  const lastHit = Number(readCookie(doc, K.visitTime));
  const newVisit = !storedVisitor || !(now - lastHit < L.visitCookieMs);
  const visitorId = storedVisitor || newId();
  const visitStart = newVisit ? now : Number(storedStart) || now;

  if (restrictive) {
    for (const name of K.census) writeCookie(doc, name, '', 0);
  } else {
    const previous = readCookie(doc, K.census[2]);
    writeCookie(doc, K.visitor, `${visitorId}.${visitStart}`, L.visitorCookieMs);
    writeCookie(doc, K.visitTime, String(now), L.visitCookieMs);
    writeCookie(doc, K.census[0], visitorId, L.visitorCookieMs);
    if (newVisit && previous) writeCookie(doc, K.census[1], previous, L.visitorCookieMs);
    writeCookie(doc, K.census[2], String(visitStart), L.visitCookieMs);
  }

  let analyticsId = '';
  let sessionId = '';
  let firstSession = true;
  let landing = true;
  try {
    const local = win.localStorage;
    const session = win.sessionStorage;
    analyticsId = local.getItem(K.analyticsId) ?? '';
    const createdNow = !analyticsId || !(Number(local.getItem(K.analyticsExpiration)) > now);
    if (createdNow) analyticsId = newId();
    try {
      local.setItem(K.analyticsId, analyticsId);
      local.setItem(K.analyticsExpiration, String(now + L.analyticsCookieMs));
    } catch {
      fail(TRACKING_MESSAGES.storeAnalyticsId);
    }
    sessionId = session.getItem(K.sessionId) ?? '';
    if (!sessionId) {
      sessionId = newId();
      session.setItem(K.sessionId, sessionId);
      session.setItem(K.isFirstSession, String(createdNow));
    }
    firstSession = session.getItem(K.isFirstSession) === 'true';
    landing = session.getItem(K.hasLanded) !== 'true';
    session.setItem(K.hasLanded, 'true');
  } catch {
    fail(TRACKING_MESSAGES.storage);
    analyticsId ||= newId();
    sessionId ||= newId();
  }
  return {
    visitorId,
    visitStart,
    newVisit,
    analyticsId,
    sessionId,
    marketingId: readCookie(doc, K.marketingId),
    firstSession,
    landing,
  };
}
