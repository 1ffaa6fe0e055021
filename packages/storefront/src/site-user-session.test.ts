import { describe, expect, it } from 'vitest';
import { signOutSiteUser } from './site-user-session.js';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const CRUMB_FAIL = {
  error: 'crumb-fail',
  crumbFail: true,
  message: 'Your session has expired. Please reload the page and try again.',
};

describe('signOutSiteUser', () => {
  it('sends the crumb, the XSRF token and cloneCart', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const result = await signOutSiteUser({
      cloneCart: true,
      xsrfToken: 'xsrf-1',
      readCookies: () => 'crumb=c1; other=x',
      fetchImpl: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return json(200, { ok: true });
      },
    });
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/site-users/account/session?cloneCart=true');
    expect(calls[0].init.method).toBe('DELETE');
    expect(calls[0].init.headers).toMatchObject({ 'X-CSRF-Token': 'c1', 'X-XSRF-Token': 'xsrf-1' });
  });

  it('retries once after a crumb failure, with the crumb read again', async () => {
    const crumbs: string[] = [];
    let cookie = 'crumb=old';
    const result = await signOutSiteUser({
      readCookies: () => cookie,
      fetchImpl: async (_url, init) => {
        crumbs.push(((init?.headers ?? {}) as Record<string, string>)['X-CSRF-Token']);
        if (crumbs.length === 1) {
          cookie = 'crumb=new';
          return json(403, CRUMB_FAIL);
        }
        return json(200, { ok: true });
      },
    });
    expect(result).toEqual({ ok: true });
    expect(crumbs).toEqual(['old', 'new']);
  });

  it('retries only once, and not for other failures', async () => {
    let calls = 0;
    const twice = await signOutSiteUser({
      readCookies: () => 'crumb=c',
      fetchImpl: async () => {
        calls++;
        return json(403, CRUMB_FAIL);
      },
    });
    expect(calls).toBe(2);
    expect(twice).toEqual({ ok: false, status: 403, crumbFail: true });

    calls = 0;
    const xsrf = await signOutSiteUser({
      readCookies: () => 'crumb=c',
      fetchImpl: async () => {
        calls++;
        return json(403, { error: 'xsrf-fail', message: 'Your session has expired. Please sign in again.' });
      },
    });
    expect(calls).toBe(1);
    expect(xsrf).toEqual({ ok: false, status: 403, crumbFail: false });
  });

  it('answers status 0 when the network fails', async () => {
    const result = await signOutSiteUser({
      readCookies: () => '',
      fetchImpl: async () => {
        throw new TypeError('offline');
      },
    });
    expect(result).toEqual({ ok: false, status: 0, crumbFail: false });
  });
});
