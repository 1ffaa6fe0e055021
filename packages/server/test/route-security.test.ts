import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../src/platform/http/security-headers.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { concretePath, describeRoute, listRoutes, STATE_CHANGING } from './route-probe.js';
import { Visitor } from './visitor.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

for (const dialect of DIALECTS) {
  describe(`every route (${dialect})`, { timeout: 120_000 }, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => server?.close());

    it('lists the routes of every area through onRoute', () => {
      const urls = listRoutes(server).map(describeRoute);
      for (const expected of [
        'POST /api/commerce/shopping-cart/entries',
        'POST /api/site-users/account/session',
        'DELETE /api/site-users/account/session',
        'POST /api/config/session',
        'GET /api/health',
      ]) {
        expect(urls).toContain(expected);
      }
    });

    it('refuses a missing or wrong crumb with 403 on every state-changing route', async () => {
      // Provider webhooks are verified by signature instead (payments-stripe-webhooks.test.ts).
      const writes = listRoutes(server).filter((r) => STATE_CHANGING.has(r.method) && !r.signedWebhook);
      expect(writes.length).toBeGreaterThan(5);
      const v = new Visitor(server.url);
      for (const route of writes) {
        const path = concretePath(route.url);
        const cases: { label: string; answer: Promise<{ status: number; body: any }> }[] = [
          { label: 'no header', answer: v.request(route.method, path, { body: {}, crumb: false }) },
          { label: 'wrong header', answer: v.request(route.method, path, { body: {}, crumb: 'not-the-crumb' }) },
          {
            label: 'no cookie',
            answer: new Visitor(server.url, null).request(route.method, path, { body: {}, crumb: 'forged' }),
          },
          {
            label: 'wrong form field',
            answer: v.request(route.method, path, {
              body: 'crumb=not-the-crumb&email=a%40b.co',
              contentType: 'application/x-www-form-urlencoded',
              crumb: false,
            }),
          },
        ];
        for (const { label, answer } of cases) {
          const { status, body } = await answer;
          expect(status, `${describeRoute(route)} (${label})`).toBe(403);
          expect(body, `${describeRoute(route)} (${label})`).toMatchObject({
            crumbFail: true,
            message: SESSION_EXPIRED,
          });
        }
      }
    });

    it('sends the security headers on pages, API answers, static files and errors', async () => {
      const v = new Visitor(server.url);
      for (const path of ['/', '/api/health', '/theme/account.css', '/api/no-such-route', '/no-such-page']) {
        const answer = await v.get(path);
        expect(answer.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
        expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(answer.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
        expect(answer.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
        expect(answer.headers.get('strict-transport-security'), path).toBeNull();
      }
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
      // Inline style attributes only: no inline script, no <style> element.
      expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self'");
      expect(CONTENT_SECURITY_POLICY.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
      expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    });

    it('renders every visitor page without inline script, event handlers, style elements or URLs in style attributes', async () => {
      const v = new Visitor(server.url);
      const pages = [
        '/',
        '/shop',
        '/shop?view=list',
        '/shop/p/linen-shirt',
        '/shop/p/custom-mug',
        '/shop/p/gift-card',
        '/cart',
        '/account/login',
        '/account/signup',
        '/account/forgot-password',
        '/account/reset-password?token=x',
        '/members',
        '/about',
        '/blog',
        '/events',
        '/gallery',
        '/contact',
        '/search?q=shirt',
        '/config/login',
        '/config/forgot-password',
        '/config/reset-password?token=x',
        '/config/setup',
        '/config/setup?token=x',
        '/no-such-page',
      ];
      for (const path of pages) {
        const { body, headers } = await v.get(path);
        expect(headers.get('content-type'), path).toMatch(/text\/html/);
        for (const tag of body.match(/<script\b[^>]*>/gi) ?? []) {
          const external = /\bsrc="/.test(tag);
          const data = /\btype="application\/(ld\+)?json"/.test(tag);
          expect(external || data, `${path}: ${tag}`).toBe(true);
        }
        for (const match of body.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>([\s\S]*?)<\/script>/gi)) {
          expect(match[1].trim(), `${path}: external script with a body`).toBe('');
        }
        expect(body, path).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
        // Style attributes may carry per-item values, never a URL, an import or an expression.
        for (const [, value] of body.matchAll(/<[a-z][^>]*\sstyle\s*=\s*"([^"]*)"/gi)) {
          expect(value, `${path}: style="${value}"`).not.toMatch(/url\(|expression|@import|\\|javascript:/i);
        }
        expect(body, path).not.toMatch(/<style\b/i);
        expect(body, path).not.toMatch(/javascript:/i);
      }
    });
  });
}
