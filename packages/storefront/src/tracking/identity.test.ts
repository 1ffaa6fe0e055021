// @vitest-environment happy-dom
import { TRACKING_KEYS, TRACKING_MESSAGES } from '@tessera/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie, resolveIdentity, writeCookie } from './identity.js';

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) writeCookie(document, name, '', 0);
  }
}

describe('resolveIdentity', () => {
  const failures: string[] = [];
  const resolve = (now: number, restrictive = false) =>
    resolveIdentity({ doc: document, win: window, now, restrictive, fail: (m) => failures.push(m) });

  beforeEach(() => {
    clearCookies();
    localStorage.clear();
    sessionStorage.clear();
    failures.length = 0;
  });

  it('creates the ids and cookies on a first visit and keeps them within 30 minutes', () => {
    const first = resolve(1_000_000);
    expect(first).toMatchObject({ newVisit: true, firstSession: true, landing: true, visitStart: 1_000_000 });
    expect(readCookie(document, 'ss_cvr')).toBe(`${first.visitorId}.1000000`);
    expect(readCookie(document, 'ss_cid')).toBe(first.visitorId);
    expect(localStorage.getItem(TRACKING_KEYS.analyticsId)).toBe(first.analyticsId);
    expect(Number(localStorage.getItem(TRACKING_KEYS.analyticsExpiration))).toBe(1_000_000 + 390 * 86_400_000);
    expect(sessionStorage.getItem(TRACKING_KEYS.sessionId)).toBe(first.sessionId);

    const second = resolve(1_000_000 + 29 * 60_000);
    expect(second).toMatchObject({
      visitorId: first.visitorId,
      analyticsId: first.analyticsId,
      sessionId: first.sessionId,
      newVisit: false,
      landing: false,
      visitStart: 1_000_000,
    });
    expect(failures).toEqual([]);
  });

  it('starts a new visit after 30 minutes without a hit', () => {
    const first = resolve(1_000_000);
    // happy-dom keeps expired cookies only until read; the stored visit time decides here
    const later = resolve(1_000_000 + 31 * 60_000);
    expect(later.visitorId).toBe(first.visitorId);
    expect(later.newVisit).toBe(true);
    expect(later.visitStart).toBe(1_000_000 + 31 * 60_000);
  });

  it('renews an expired analytics id', () => {
    const first = resolve(1_000_000);
    localStorage.setItem(TRACKING_KEYS.analyticsExpiration, '5');
    expect(resolve(1_000_001).analyticsId).not.toBe(first.analyticsId);
  });

  it('clears the census cookies under a restrictive policy', () => {
    resolve(1_000_000);
    resolve(1_000_100, true);
    for (const name of TRACKING_KEYS.census) expect(readCookie(document, name) || undefined).toBeUndefined();
  });

  it('reports a storage failure without throwing', () => {
    const broken = {
      get localStorage(): Storage {
        throw new Error('denied');
      },
      sessionStorage,
    } as unknown as Window;
    const ids = resolveIdentity({
      doc: document,
      win: broken,
      now: 1,
      restrictive: false,
      fail: (m) => failures.push(m),
    });
    expect(ids.analyticsId).not.toBe('');
    expect(failures).toEqual([TRACKING_MESSAGES.storage]);
  });
});
