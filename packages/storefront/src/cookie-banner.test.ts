// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireCookieBanner } from './cookie-banner.js';
import { writeCookie } from './tracking/identity.js';

function renderBanner(): HTMLElement {
  document.body.innerHTML = `
    <section data-cookie-banner aria-labelledby="t">
      <form method="post" action="/api/cookie-consent">
        <input type="hidden" name="crumb" value="c1">
        <p id="t">Cookies?</p>
        <button type="submit" name="choice" value="declined">Decline</button>
        <button type="submit" name="choice" value="accepted">Accept</button>
      </form>
    </section>`;
  return document.querySelector('[data-cookie-banner]') as HTMLElement;
}

describe('wireCookieBanner', () => {
  let calls: { url: string; init: RequestInit }[];
  let status: number;

  beforeEach(() => {
    calls = [];
    status = 200;
    writeCookie(document, 'crumb', 'c1', 60_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response('{}', { status });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the choice with the crumb, hides the banner and reports the choice', async () => {
    const banner = renderBanner();
    const chosen: string[] = [];
    wireCookieBanner(document, (choice) => chosen.push(choice));
    (banner.querySelector('button[value="accepted"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(chosen).toEqual(['accepted']));
    expect(banner.hidden).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/api\/cookie-consent$/);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('c1');
    expect(headers.Accept).toBe('application/json');
    expect(String(calls[0]?.init.body)).toBe('choice=accepted&crumb=c1');
  });

  it('keeps the banner when the server refuses, and reports nothing', async () => {
    status = 403;
    const banner = renderBanner();
    const chosen: string[] = [];
    wireCookieBanner(document, (choice) => chosen.push(choice));
    const form = banner.querySelector('form') as HTMLFormElement;
    const fallback = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    (banner.querySelector('button[value="declined"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(fallback).toHaveBeenCalled());
    expect(banner.hidden).toBe(false);
    expect(chosen).toEqual([]);
  });
});
