import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_ASSETS_DIR, THEME_ASSETS_DIR } from '../../../app.js';
import { DIALECTS } from '../../../testing.js';
import { crumbCookie, rawGet } from '../../../../test/web-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const PUBLIC = 'https://shop.example.com';

describe.each(DIALECTS)('compression and page validators (%s)', (dialect) => {
  const suite = suiteServer(dialect, {}, { publicUrl: PUBLIC });

  it('compresses every HTML and JSON answer by Accept-Encoding, brotli first, and says Vary', async () => {
    for (const path of [
      '/',
      '/shop',
      '/shop/p/linen-shirt',
      '/blog',
      '/gallery',
      '/no-such-page',
      '/api/commerce/products',
    ]) {
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip, deflate', 'gzip'],
        ['gzip;q=1, br;q=0', 'gzip'],
      ] as const) {
        const answer = await rawGet(`${suite.server.url}${path}`, { 'accept-encoding': accept });
        if (answer.bytes.length === 0 || Number(answer.headers['content-length'] ?? 2000) < 1024) continue;
        // A page printing the visitor's crumb (the product page's form), once kept for anonymous
        // visitors, goes out as they splice it: gzip, to a browser taking both (page-answers.ts).
        const encoding = answer.headers['content-encoding'];
        if (accept === 'br, gzip' && answer.text.includes('name="crumb"'))
          expect(['br', 'gzip'], `${path} with ${accept}`).toContain(encoding);
        else expect(encoding, `${path} with ${accept}`).toBe(expected);
        expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/i);
        expect(answer.bytes.length).toBeLessThan(Buffer.byteLength(answer.text));
      }
      const plain = await rawGet(`${suite.server.url}${path}`, {});
      expect(plain.headers['content-encoding'], path).toBeUndefined();
    }
    // Pages are long enough that every one of them went out compressed, brotli to a browser taking only
    // that, whether the page was kept for anonymous visitors or not (twice: rendered, then kept).
    for (let view = 0; view < 2; view++) {
      const page = await rawGet(`${suite.server.url}/shop/p/linen-shirt`, { 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.text).toContain('</html>');
    }
  });

  it('serves the build-time .br and .gz of built assets and theme CSS, with Vary', async (context) => {
    const js = existsSync(STOREFRONT_ASSETS_DIR)
      ? readdirSync(STOREFRONT_ASSETS_DIR).find(
          (f) => f.endsWith('.js') && existsSync(join(STOREFRONT_ASSETS_DIR, `${f}.br`)),
        )
      : undefined;
    if (!js) return context.skip('the storefront is not built (node scripts/build.mjs)');
    for (const [prefix, dir, file] of [
      ['/assets/', STOREFRONT_ASSETS_DIR, js],
      ['/theme/', THEME_ASSETS_DIR, 'theme.css'],
    ] as const) {
      if (!existsSync(join(dir, `${file}.br`))) continue;
      const br = await rawGet(`${suite.server.url}${prefix}${file}`, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
      // The build's own bytes (a theme file edited since is compressed afresh instead: same text).
      if (prefix === '/assets/') expect(br.bytes.equals(readFileSync(join(dir, `${file}.br`)))).toBe(true);
      expect(br.text).toBe(readFileSync(join(dir, file), 'utf8'));
      const gz = await rawGet(`${suite.server.url}${prefix}${file}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await rawGet(`${suite.server.url}${prefix}${file}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(br.text);
    }
  });

  it('serves the sitemap and robots.txt compressed too', async () => {
    const sitemap = await rawGet(`${suite.server.url}/sitemap.xml`, { 'accept-encoding': 'gzip' });
    expect(sitemap.headers['content-encoding']).toBe('gzip');
    expect(sitemap.text).toContain('<urlset');
  });

  it('gives an anonymous page an ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await rawGet(`${suite.server.url}/gallery`, { 'accept-encoding': 'br' });
    const cookie = crumbCookie(first);
    expect(cookie, 'the first page sets the crumb').toBeDefined();
    // The answer that set the cookie is this visitor's own.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const second = await rawGet(`${suite.server.url}/gallery`, { cookie: cookie as string, 'accept-encoding': 'br' });
    expect(second.status).toBe(200);
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    expect(String(second.headers.vary)).toMatch(/Cookie/);
    for (const accept of ['br', 'gzip', '']) {
      const again = await rawGet(`${suite.server.url}/gallery`, {
        cookie: cookie as string,
        'if-none-match': etag,
        ...(accept ? { 'accept-encoding': accept } : {}),
      });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
    }
    const head = await rawGet(
      `${suite.server.url}/gallery`,
      { cookie: cookie as string, 'if-none-match': etag },
      'HEAD',
    );
    expect(head.status).toBe(304);
    const stale = await rawGet(`${suite.server.url}/gallery`, {
      cookie: cookie as string,
      'if-none-match': 'W/"other"',
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('</html>');
  });

  it('never shares a page that prints the crumb: private, and no 304 across visitors with different crumbs', async () => {
    const a = crumbCookie(await rawGet(`${suite.server.url}/`)) as string;
    const b = crumbCookie(await rawGet(`${suite.server.url}/`)) as string;
    expect(a).not.toBe(b);
    const pageA = await rawGet(`${suite.server.url}/shop/p/linen-shirt`, { cookie: a });
    expect(pageA.text).toContain(a.slice('crumb='.length));
    expect(pageA.headers['cache-control']).toBe('private, no-cache');
    const etagA = String(pageA.headers.etag);
    const asB = await rawGet(`${suite.server.url}/shop/p/linen-shirt`, { cookie: b, 'if-none-match': etagA });
    expect(asB.status).toBe(200);
    expect(asB.text).toContain(b.slice('crumb='.length));
    expect(asB.text).not.toContain(a.slice('crumb='.length));
    const again = await rawGet(`${suite.server.url}/shop/p/linen-shirt`, { cookie: a, 'if-none-match': etagA });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('keeps pages of visitors with a cart or a session private', async () => {
    const crumb = crumbCookie(await rawGet(`${suite.server.url}/`)) as string;
    for (const extra of ['CART=some-cart', 'tessera-owner=x', 'tessera-site-user=y', 'tessera-unlock-abc=z']) {
      const answer = await rawGet(`${suite.server.url}/gallery`, { cookie: `${crumb}; ${extra}` });
      expect(answer.headers['cache-control'], extra).toBe('private, no-cache');
    }
  });

  it('never keeps a not-found page and never gives it a 304', async () => {
    const crumb = crumbCookie(await rawGet(`${suite.server.url}/`)) as string;
    const missing = await rawGet(`${suite.server.url}/no-such-page`, { cookie: crumb });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
    const again = await rawGet(`${suite.server.url}/no-such-page`, { cookie: crumb, 'if-none-match': '*' });
    expect(again.status).toBe(404);
  });
});
