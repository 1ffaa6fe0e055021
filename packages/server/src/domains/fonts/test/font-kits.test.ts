import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_KIT_ALLOW_HOSTS, FONT_KIT_ALLOW_HTTP, FONT_KIT_LIMITS, FONT_KIT_MESSAGES } from '../kit-read.js';
import { CONTENT_SECURITY_POLICY } from '../../../platform/http/security-headers.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { suiteEnv } from '../../../../test/suite-server.js';
import { addSecondSite, type Visitor } from '../../../../test/visitor.js';

// Font kits (issue 21): a kit connected by its stylesheet address, read once through the SSRF guard,
// its families offered, linked on the site's pages with the kit's origin allowed by that site's CSP.

const KITS = '/api/config/design/font-kits';

const KIT_CSS = `/* a kit */
@import url("other.css");
@font-face { font-family: "Brand Sans"; src: url(/f/brand-sans.woff2) format("woff2"); font-weight: 400; }
@font-face { font-family: 'Brand Serif'; font-style: italic; src: url('/f/x.woff2'); }
@font-face { font-family: "Brand Sans"; font-weight: 700; src: url(/f/brand-sans-700.woff2); }
.x { content: "@font-face { font-family: Fake }"; }
`;

/** Where the two-origin kit's font files live (its own port: another origin than the kit's stylesheet). */
async function startFontFileHost(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'font/woff2' });
    response.end('wOF2');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The Google Fonts shape: the stylesheet on the kit host, the files on `files` (and a few that need no origin). */
const twoOriginCss = (files: string) => `@font-face {
  font-family: "Far Sans";
  src: local("Far Sans"), url(${files}/s/far-sans.woff2) format("woff2"), url('${files}/s/far-sans.woff') format("woff");
}
@font-face { font-family: "Far Sans"; font-weight: 700; src: url("${files.replace('http://', 'HTTP://')}/s/far-700.woff2"); }
@font-face { font-family: "Far Serif"; src: url(data:font/woff2;base64,d09GMg==), url(/own/far-serif.woff2), url(ftp://files.example/x.woff2); }
`;

/** What the kit host answers for `/changing.css` (a kit whose stylesheet the test changes). */
let changingCss = '';

/** A local stand-in for a font kit host (plain http on loopback, allowed by the test knobs only). */
async function startKitHost(fontFiles: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const css = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
      response.end(body);
    };
    if (path === '/kit.css') return css(KIT_CSS);
    // What /kit.css imports (read with it; on the kit's own origin, so no other origin is needed).
    if (path === '/other.css') return css('.brand { font-weight: 400; }');
    if (path === '/two-origin.css') return css(twoOriginCss(fontFiles));
    if (path === '/changing.css') return css(changingCss);
    if (path === '/many-origins.css') {
      const files = Array.from(
        { length: FONT_KIT_LIMITS.maxFontOrigins + 1 },
        (_, i) => `url(https://f${i}.example/a.woff2)`,
      );
      return css(`@font-face { font-family: "Spread"; src: ${files.join(', ')}; }`);
    }
    const numbered = /^\/kit-(\d+)\.css$/.exec(path);
    if (numbered) return css(`@font-face { font-family: "Kit ${numbered[1]}"; src: url(k.woff2); }`);
    if (path === '/empty.css') return css('body { color: red; }');
    if (path === '/big.css') return css(`/*${'x'.repeat(FONT_KIT_LIMITS.maxBytes + 10)}*/`);
    if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<p>@font-face { font-family: "Nope" }</p>');
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

for (const dialect of DIALECTS) {
  describe(`font kits (${dialect})`, () => {
    let server: TestServer;
    let kitHost: { server: Server; origin: string };
    let fontHost: { server: Server; origin: string };
    let admin: Visitor;
    let editor: Visitor;
    suiteEnv({ [FONT_KIT_ALLOW_HOSTS]: '127.0.0.1', [FONT_KIT_ALLOW_HTTP]: '1' });

    beforeAll(async () => {
      fontHost = await startFontFileHost();
      kitHost = await startKitHost(fontHost.origin);
      server = await startTestServer({ dialect, config: { rateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
      [admin, editor] = await ownerSessions(server, [OWNERS.admin, OWNERS.editor]);
      await addSecondSite(server);
    });
    afterAll(async () => {
      await server?.close();
      await new Promise((resolve) => kitHost?.server.close(resolve));
      await new Promise((resolve) => fontHost?.server.close(resolve));
    });

    it('connects a kit, reads its families once and offers them beside the other fonts', async () => {
      const url = `${kitHost.origin}/kit.css`;
      const saved = await admin.post(KITS, { url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.kits).toEqual([
        {
          id: expect.any(String),
          url,
          origin: kitHost.origin,
          families: ['Brand Sans', 'Brand Serif'],
          fontOrigins: [],
          styleOrigins: [],
        },
      ]);
      expect((await editor.get(KITS)).body.kits).toHaveLength(1);
      const fonts = await admin.get('/api/config/design/fonts?q=brand');
      expect(fonts.body.fonts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 'own-brand-sans', family: 'Brand Sans', own: true, kit: url }),
          expect.objectContaining({ id: 'own-brand-serif', family: 'Brand Serif', own: true, kit: url }),
        ]),
      );
      const again = await admin.post(KITS, { url });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: 'font-kit-refused', message: FONT_KIT_MESSAGES.duplicate });
    });

    it('refuses addresses that are not https, private, or not a font stylesheet', async () => {
      const refusedWith = async (url: string) => {
        const answer = await admin.post(KITS, { url });
        expect(answer.status, url).toBe(400);
        expect(answer.body.error).toBe('font-kit-refused');
        return answer.body.message as string;
      };
      expect(await refusedWith('fonts.example.com/kit.css')).toBe(FONT_KIT_MESSAGES.notUrl);
      expect(await refusedWith('ftp://fonts.example.com/kit.css')).toBe(FONT_KIT_MESSAGES.notUrl);
      expect(await refusedWith('https://me:secret@fonts.example.com/kit.css')).toBe(FONT_KIT_MESSAGES.credentials);
      expect(await refusedWith('https://10.1.2.3/kit.css')).toMatch(/private or local network address/);
      delete process.env[FONT_KIT_ALLOW_HTTP];
      try {
        expect(await refusedWith(`${kitHost.origin}/kit-1.css`)).toBe(FONT_KIT_MESSAGES.notHttps);
      } finally {
        process.env[FONT_KIT_ALLOW_HTTP] = '1';
      }
      expect(await refusedWith(`${kitHost.origin}/page.html`)).toBe(FONT_KIT_MESSAGES.notCss('text/html'));
      expect(await refusedWith(`${kitHost.origin}/big.css`)).toBe(FONT_KIT_MESSAGES.tooLarge);
      expect(await refusedWith(`${kitHost.origin}/empty.css`)).toBe(FONT_KIT_MESSAGES.noFamilies);
      expect(await refusedWith(`${kitHost.origin}/missing.css`)).toBe(FONT_KIT_MESSAGES.fetchFailed('HTTP 404'));
      const invalid = await admin.post(KITS, { url: 'https://fonts.example.com/kit.css', extra: 1 });
      expect(invalid.status).toBe(400);
      // Connecting is for administrators; an editor may only read the list.
      const byEditor = await editor.post(KITS, { url: `${kitHost.origin}/kit-1.css` });
      expect(byEditor.status).toBe(403);
      expect((await admin.get(KITS)).body.kits).toHaveLength(1);
    });

    it("links the kit on the site's pages and allows its origin in that site's CSP only", async () => {
      const chosen = await admin.put('/api/config/design', {
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'own-brand-sans', weight: 700 }],
      });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
      const page = await server.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<link rel="stylesheet" href="${kitHost.origin}/kit.css">`);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' ${kitHost.origin};`);
      expect(csp).toContain(`font-src 'self' ${kitHost.origin};`);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
      const css = await server.app.inject({ method: 'GET', url: '/site.css', headers: { host: '127.0.0.1' } });
      expect(css.body).toMatch(/--font-heading: "Brand Sans"/);
      expect(css.body).not.toContain('font-family: "Brand Sans"');

      const other = await server.app.inject({ method: 'GET', url: '/', headers: { host: 'other.test' } });
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(other.body).not.toContain(kitHost.origin);
    });

    it("allows a kit's font files from a second origin for fonts only, on every kind of page of that site", async () => {
      const url = `${kitHost.origin}/two-origin.css`;
      const saved = await admin.post(KITS, { url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const kit = saved.body.kits.find((k: { url: string }) => k.url === url);
      // data:, relative and ftp addresses need no other origin; the upper-case scheme is the same origin.
      expect(kit).toMatchObject({
        origin: kitHost.origin,
        families: ['Far Sans', 'Far Serif'],
        fontOrigins: [fontHost.origin],
      });
      const both = `${kitHost.origin}/kit.css`;

      // Pages of the pages plugin, the theme pages (site users' sign-in, the not-found page of a
      // site-user route) and the contact page: every one links both kits and sends the same policy.
      const paths = ['/', '/no-such-page', '/account/login', '/contact'];
      for (const path of paths) {
        const page = await server.app.inject({ method: 'GET', url: path, headers: { host: '127.0.0.1' } });
        expect(page.headers['content-type'], path).toMatch(/text\/html/);
        expect(page.body, path).toContain(`<link rel="stylesheet" href="${both}">`);
        expect(page.body, path).toContain(`<link rel="stylesheet" href="${url}">`);
        const csp = String(page.headers['content-security-policy']);
        expect(csp, path).toContain(`style-src 'self' ${kitHost.origin};`);
        expect(csp, path).toContain(`font-src 'self' ${kitHost.origin} ${fontHost.origin};`);
        expect(csp, path).toContain("script-src 'self';");

        const other = await server.app.inject({ method: 'GET', url: path, headers: { host: 'other.test' } });
        expect(other.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
        expect(other.body, path).not.toContain(kitHost.origin);
      }

      // The editor of this site may load the kits to show their families; its policy is the pages' one.
      const shell = await admin.get('/config/design/fonts');
      expect(shell.status).toBe(200);
      expect(String(shell.headers.get('content-security-policy'))).toContain(
        `font-src 'self' ${kitHost.origin} ${fontHost.origin};`,
      );

      // The editor's canvas (a frame of the editor page) links them too.
      const [firstPage] = (await admin.get('/api/config/pages')).body.pages;
      const canvas = await admin.get(`/api/config/pages/${firstPage.id}/preview-context`);
      expect(canvas.status, JSON.stringify(canvas.body)).toBe(200);
      expect(canvas.body.context.page.extraStylesheets.map((sheet: { href: string }) => sheet.href)).toEqual(
        expect.arrayContaining([both, url]),
      );

      const tooMany = await admin.post(KITS, { url: `${kitHost.origin}/many-origins.css` });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({
        error: 'font-kit-refused',
        message: FONT_KIT_MESSAGES.tooManyOrigins('https://f4.example'),
      });

      // A kit connected before its files' origins were recorded keeps working as it did.
      await server.db.updateTable('site_font_kits').set({ font_origins: null }).where('id', '=', kit.id).execute();
      server.app.services.content.invalidate();
      expect((await admin.get(KITS)).body.kits.find((k: { id: string }) => k.id === kit.id).fontOrigins).toEqual([]);
      const legacy = await server.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1' } });
      expect(legacy.body).toContain(`<link rel="stylesheet" href="${url}">`);
      expect(String(legacy.headers['content-security-policy'])).toContain(`font-src 'self' ${kitHost.origin};`);

      expect((await admin.delete(`${KITS}/${kit.id}`)).status).toBe(200);
      const after = await server.app.inject({ method: 'GET', url: '/account/login', headers: { host: '127.0.0.1' } });
      expect(after.body).not.toContain(url);
    });

    it("re-reads a kit connected before its files' origins were recorded (administrators only)", async () => {
      const url = `${kitHost.origin}/changing.css`;
      changingCss = twoOriginCss(fontHost.origin);
      const saved = await admin.post(KITS, { url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const kit = saved.body.kits.find((k: { url: string }) => k.url === url);
      const reread = `${KITS}/${kit.id}/reread`;
      // As a kit connected before migration 0029 stored it: no file origins, so its files stay blocked.
      await server.db
        .updateTable('site_font_kits')
        .set({ font_origins: null, families: JSON.stringify(['Far Sans']) })
        .where('id', '=', kit.id)
        .execute();
      server.app.services.content.invalidate();
      const fontSrc = async () => {
        const page = await server.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1' } });
        return /font-src [^;]*;/.exec(String(page.headers['content-security-policy']))?.[0];
      };
      expect(await fontSrc()).toBe(`font-src 'self' ${kitHost.origin};`);

      expect((await editor.post(reread, {})).status).toBe(403);
      const again = await admin.post(reread, {});
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.kits.find((k: { id: string }) => k.id === kit.id)).toEqual({
        id: kit.id,
        url,
        origin: kitHost.origin,
        families: ['Far Sans', 'Far Serif'],
        fontOrigins: [fontHost.origin],
        styleOrigins: [],
      });
      expect(await fontSrc()).toBe(`font-src 'self' ${kitHost.origin} ${fontHost.origin};`);
      const offered = (await admin.get('/api/config/design/fonts?q=far')).body.fonts;
      expect(offered).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'own-far-serif', kit: url })]));

      // A stylesheet that is refused now changes nothing.
      changingCss = 'body { color: red; }';
      const refused = await admin.post(reread, {});
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'font-kit-refused', message: FONT_KIT_MESSAGES.noFamilies });
      expect((await admin.get(KITS)).body.kits.find((k: { id: string }) => k.id === kit.id).fontOrigins).toEqual([
        fontHost.origin,
      ]);

      // A family the design uses that the kit no longer has: refused, as removing the kit would be.
      const heading = { id: 'heading', family: 'own-brand-sans', weight: 700 };
      const used = await admin.put('/api/config/design', {
        'fonts.fontUsageCategories': [heading, { id: 'body', family: 'own-far-serif', weight: 400 }],
      });
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      changingCss = `@font-face { font-family: "Far Sans"; src: url(${fontHost.origin}/s/far-sans.woff2); }`;
      const inUse = await admin.post(reread, {});
      expect(inUse.status).toBe(409);
      expect(inUse.body.error).toBe('font-kit-in-use');
      expect(inUse.body.message).toContain('Far Serif');
      expect((await admin.put('/api/config/design', { 'fonts.fontUsageCategories': [heading] })).status).toBe(200);
      const fewer = await admin.post(reread, {});
      expect(fewer.status, JSON.stringify(fewer.body)).toBe(200);
      expect(fewer.body.kits.find((k: { id: string }) => k.id === kit.id).families).toEqual(['Far Sans']);

      expect((await admin.post(`${KITS}/no-such-kit/reread`, {})).status).toBe(404);
      expect((await admin.post(`${KITS}/not%20an%20id/reread`, {})).status).toBe(400);
      expect((await admin.delete(`${KITS}/${kit.id}`)).status).toBe(200);
    });

    it('refuses to remove a kit whose family the design uses, then removes it', async () => {
      const [kit] = (await admin.get(KITS)).body.kits;
      const refused = await admin.delete(`${KITS}/${kit.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('font-kit-in-use');
      expect(refused.body.message).toContain('Brand Sans');
      expect((await editor.delete(`${KITS}/${kit.id}`)).status).toBe(403);
      const moved = await admin.put('/api/config/design', {
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'inter', weight: 600 }],
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const removed = await admin.delete(`${KITS}/${kit.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body.kits).toEqual([]);
      expect((await admin.delete(`${KITS}/${kit.id}`)).status).toBe(404);
      const page = await server.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1' } });
      expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(page.body).not.toContain(kitHost.origin);
    });

    it(`keeps at most ${FONT_KIT_LIMITS.perSite} kits per site`, async () => {
      for (let i = 1; i <= FONT_KIT_LIMITS.perSite; i += 1) {
        expect((await admin.post(KITS, { url: `${kitHost.origin}/kit-${i}.css` })).status).toBe(201);
      }
      const over = await admin.post(KITS, { url: `${kitHost.origin}/kit-99.css` });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ error: 'too-many-font-kits', message: FONT_KIT_MESSAGES.tooMany });
      expect((await admin.get(KITS)).body.kits).toHaveLength(FONT_KIT_LIMITS.perSite);
    });

    it('limits the fetches of connecting and re-reading kits per address (their own counter)', async () => {
      const [kit] = (await admin.get(KITS)).body.kits;
      let answer = await admin.post(`${KITS}/${kit.id}/reread`, {});
      for (let i = 0; i < 40 && answer.status === 200; i += 1)
        answer = await admin.post(`${KITS}/${kit.id}/reread`, {});
      expect(answer.status).toBe(429);
      expect(answer.body.error).toBe('rate-limited');
      expect(answer.headers.get('retry-after')).toBeTruthy();
      expect((await admin.post(KITS, { url: `${kitHost.origin}/kit-98.css` })).status).toBe(429);
      // Reading the list is not counted.
      expect((await admin.get(KITS)).status).toBe(200);
    });
  });
}
