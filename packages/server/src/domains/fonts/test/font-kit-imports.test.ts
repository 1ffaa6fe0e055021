import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_KIT_ALLOW_HOSTS, FONT_KIT_ALLOW_HTTP, FONT_KIT_LIMITS, FONT_KIT_MESSAGES } from '../kit-read.js';
import { CONTENT_SECURITY_POLICY } from '../../../platform/http/security-headers.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { suiteEnv } from '../../../../test/suite-server.js';
import { addSecondSite, type Visitor } from '../../../../test/visitor.js';

// Font kits whose stylesheet `@import`s another stylesheet (issue 21, the "CSS that imports CSS"
// shape): the imported stylesheets are read when the kit is connected or re-read, through the same
// guard; their origins are allowed for styles only, the font files they name for fonts, all within
// one limit of other origins; an import that cannot be read refuses the kit, naming its address.

const KITS = '/api/config/design/font-kits';

interface Host {
  server: Server;
  origin: string;
  /** The paths asked for, in order. */
  asked: string[];
}

/** A loopback http server answering `answer(path)` (its own port: an origin of its own). */
async function startHost(answer: (path: string) => { type: string; body: string } | undefined): Promise<Host> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    asked.push(path);
    const found = answer(path);
    response.writeHead(found ? 200 : 404, { 'content-type': found?.type ?? 'text/plain' });
    response.end(found?.body ?? 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, asked, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const css = (body: string) => ({ type: 'text/css; charset=utf-8', body });
const HALF = 'x'.repeat(FONT_KIT_LIMITS.maxBytes / 2 + 10);

for (const dialect of DIALECTS) {
  describe(`font kits that import stylesheets (${dialect})`, () => {
    let server: TestServer;
    let admin: Visitor;
    let kit: Host;
    let imported: Host;
    let files: Host;
    /** Three more stylesheet hosts (origins of their own) for the limit of other origins. */
    let others: Host[];
    /** What the kit host answers for `/changing.css`. */
    let changing = '';
    suiteEnv({ [FONT_KIT_ALLOW_HOSTS]: '127.0.0.1', [FONT_KIT_ALLOW_HTTP]: '1' });

    beforeAll(async () => {
      files = await startHost(() => undefined);
      imported = await startHost((path) => {
        if (path === '/fonts.css')
          return css(`@font-face { font-family: "Imported Sans"; src: url(${files.origin}/s/imported.woff2); }`);
        if (path === '/relative.css')
          return css('@font-face { font-family: "Relative Sans"; src: url(files/relative.woff2); }');
        if (path === '/nested.css')
          return css('@import url(inner.css);\n@font-face { font-family: N; src: url(n.woff2); }');
        if (path === '/big.css') return css(`/*${HALF}*/`);
        if (path === '/x.css') return css('/* tracking only */');
        if (path === '/page.html') return { type: 'text/html', body: '<p>no</p>' };
        return undefined;
      });
      others = await Promise.all([1, 2, 3].map(() => startHost(() => css('/* tracking only */'))));
      kit = await startHost((path) => {
        if (path === '/imports.css')
          return css(`@import url("${imported.origin}/fonts.css");
@import "same-origin.css";
@font-face { font-family: "Kit Own"; src: url(/f/own.woff2); }`);
        if (path === '/same-origin.css')
          return css(`@font-face { font-family: "Same Sans"; src: url(${files.origin}/s/same.woff2); }`);
        if (path === '/changing.css') return css(changing);
        const refused: Record<string, string> = {
          '/ftp.css': '@import url("ftp://127.0.0.1/x.css");',
          '/missing.css': `@import url("${imported.origin}/missing.css");`,
          '/private.css': '@import url("http://10.0.0.1/x.css");',
          '/html.css': `@import url("${imported.origin}/page.html");`,
          '/nested.css': `@import url("${imported.origin}/nested.css");`,
          '/five.css': Array.from({ length: 5 }, (_, i) => `@import url("${imported.origin}/i${i}.css");`).join('\n'),
          '/spread.css': `${[imported, ...others].map((h) => `@import url("${h.origin}/x.css");`).join('\n')}
@font-face { font-family: "Spread"; src: url(${files.origin}/s/spread.woff2); }`,
          '/big.css': `@import url("${imported.origin}/big.css");\n/*${HALF}*/`,
        };
        const body = refused[path];
        return body === undefined
          ? undefined
          : css(`${body}\n@font-face { font-family: "Refused"; src: url(r.woff2); }`);
      });
      server = await startTestServer({ dialect, config: { rateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
      [admin] = await ownerSessions(server, [OWNERS.admin]);
      await addSecondSite(server);
    });
    afterAll(async () => {
      await server?.close();
      for (const host of [kit, imported, files, ...(others ?? [])])
        await new Promise((resolve) => host?.server.close(resolve));
    });

    const policyOf = async (host: string) => {
      const page = await server.app.inject({ method: 'GET', url: '/', headers: { host } });
      return String(page.headers['content-security-policy']);
    };

    it("reads the stylesheets a kit imports: their families, their origin for styles only, their files' origins for fonts", async () => {
      const url = `${kit.origin}/imports.css`;
      const saved = await admin.post(KITS, { url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.kits).toEqual([
        {
          id: expect.any(String),
          url,
          origin: kit.origin,
          families: ['Kit Own', 'Imported Sans', 'Same Sans'],
          fontOrigins: [files.origin],
          styleOrigins: [imported.origin],
        },
      ]);
      expect(imported.asked).toEqual(['/fonts.css']);
      expect(kit.asked).toEqual(['/imports.css', '/same-origin.css']);
      // The files themselves are never fetched by the server.
      expect(files.asked).toEqual([]);
      const offered = (await admin.get('/api/config/design/fonts?q=imported')).body.fonts;
      expect(offered).toEqual([expect.objectContaining({ id: 'own-imported-sans', kit: url })]);

      const page = await server.app.inject({ method: 'GET', url: '/account/login', headers: { host: '127.0.0.1' } });
      expect(page.body).toContain(`<link rel="stylesheet" href="${url}">`);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' ${kit.origin} ${imported.origin};`);
      expect(csp).toContain(`font-src 'self' ${kit.origin} ${files.origin};`);
      expect(csp).toContain("script-src 'self';");
      expect(await policyOf('other.test')).toBe(CONTENT_SECURITY_POLICY);
    });

    it('refuses a kit whose import cannot be read or allowed, naming the address, and stores nothing', async () => {
      const refusedWith = async (path: string) => {
        const answer = await admin.post(KITS, { url: `${kit.origin}${path}` });
        expect(answer.status, path).toBe(400);
        expect(answer.body.error, path).toBe('font-kit-refused');
        return answer.body.message as string;
      };
      const asked = imported.asked.length;
      expect(await refusedWith('/ftp.css')).toBe(FONT_KIT_MESSAGES.importNotHttps('ftp://127.0.0.1/x.css'));
      expect(await refusedWith('/missing.css')).toBe(
        FONT_KIT_MESSAGES.importFetchFailed(`${imported.origin}/missing.css`, 'HTTP 404'),
      );
      // The SSRF guard holds for imports: a private address not allowed for tests is never asked.
      const privately = await refusedWith('/private.css');
      expect(privately).toContain('http://10.0.0.1/x.css');
      expect(privately).toMatch(/private or local network address/);
      expect(await refusedWith('/html.css')).toBe(
        FONT_KIT_MESSAGES.importNotCss(`${imported.origin}/page.html`, 'text/html'),
      );
      expect(await refusedWith('/nested.css')).toBe(FONT_KIT_MESSAGES.importImports(`${imported.origin}/nested.css`));
      expect(await refusedWith('/five.css')).toBe(FONT_KIT_MESSAGES.tooManyImports);
      // Four imported stylesheets' hosts and the files' host: five other origins, one too many.
      expect(await refusedWith('/spread.css')).toBe(FONT_KIT_MESSAGES.tooManyOrigins(files.origin));
      expect(await refusedWith('/big.css')).toBe(FONT_KIT_MESSAGES.tooLargeWithImports);
      // Only the imports that passed the checks were asked for, and one level deep only.
      expect(imported.asked.slice(asked)).toEqual(['/missing.css', '/page.html', '/nested.css', '/x.css', '/big.css']);
      expect(imported.asked).not.toContain('/inner.css');
      expect(imported.asked.some((path) => /^\/i\d\.css$/.test(path))).toBe(false);

      expect((await admin.get(KITS)).body.kits).toHaveLength(1);
      expect(await policyOf('127.0.0.1')).toContain(`style-src 'self' ${kit.origin} ${imported.origin};`);
    });

    it('re-reads a kit that now imports a stylesheet; a refused import changes nothing', async () => {
      const url = `${kit.origin}/changing.css`;
      changing = '@font-face { font-family: "Changing Sans"; src: url(c.woff2); }';
      const saved = await admin.post(KITS, { url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const id = saved.body.kits.find((k: { url: string }) => k.url === url).id;
      const mine = (answer: { body: { kits: { id: string }[] } }) => answer.body.kits.find((k) => k.id === id);
      expect(mine(saved)).toMatchObject({ fontOrigins: [], styleOrigins: [] });

      // As a kit connected before migration 0033: no import origins recorded.
      await server.db.updateTable('site_font_kits').set({ style_origins: null }).where('id', '=', id).execute();
      server.app.services.content.invalidate();
      expect(mine(await admin.get(KITS))).toMatchObject({ styleOrigins: [] });

      // The kit now names its files relative to an imported stylesheet on another origin.
      changing = `@import url(${imported.origin}/relative.css);`;
      const reread = await admin.post(`${KITS}/${id}/reread`, {});
      expect(reread.status, JSON.stringify(reread.body)).toBe(200);
      expect(mine(reread)).toEqual({
        id,
        url,
        origin: kit.origin,
        families: ['Relative Sans'],
        fontOrigins: [imported.origin],
        styleOrigins: [imported.origin],
      });
      const csp = await policyOf('127.0.0.1');
      expect(csp).toContain(`style-src 'self' ${kit.origin} ${imported.origin};`);
      expect(csp).toContain(`font-src 'self' ${kit.origin} ${files.origin} ${imported.origin};`);

      changing = `@import url(${imported.origin}/gone.css);\n@font-face { font-family: "Changing Sans"; src: url(c.woff2); }`;
      const refused = await admin.post(`${KITS}/${id}/reread`, {});
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'font-kit-refused',
        message: FONT_KIT_MESSAGES.importFetchFailed(`${imported.origin}/gone.css`, 'HTTP 404'),
      });
      expect(mine(await admin.get(KITS))).toMatchObject({
        families: ['Relative Sans'],
        styleOrigins: [imported.origin],
      });
      expect(await policyOf('127.0.0.1')).toBe(csp);

      // Without the import the origin leaves the policy (the other kit still imports from it).
      changing = '@font-face { font-family: "Relative Sans"; src: url(c.woff2); }';
      expect(mine(await admin.post(`${KITS}/${id}/reread`, {}))).toMatchObject({ fontOrigins: [], styleOrigins: [] });
      expect(await policyOf('127.0.0.1')).toContain(`font-src 'self' ${kit.origin} ${files.origin};`);
    });
  });
}
