import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../src/repo-paths.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { OWNERS, ownerSessions } from './auth-helpers.js';
import type { Visitor } from './visitor.js';

// Fonts of your own (issue 21): upload checked by parsing, list, serve self-hosted, delete.

const FONTS = '/api/config/design/own-fonts';
const inter = readFileSync(join(DEFAULT_THEME_DIR, 'assets/fonts/inter-latin-600-normal.woff2'));

async function upload(server: TestServer, who: Visitor, name: string, body: Uint8Array, crumb = true) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const headers: Record<string, string> = { cookie };
  if (crumb) headers['x-csrf-token'] = who.cookies.get('crumb') ?? '';
  const response = await fetch(`${server.url}${FONTS}`, { method: 'POST', body: form, headers });
  return { status: response.status, body: await response.json() };
}

for (const dialect of DIALECTS) {
  describe(`site fonts (${dialect})`, () => {
    let server: TestServer;
    let admin: Visitor;
    let reporting: Visitor;

    beforeAll(async () => {
      server = await startTestServer({ dialect, config: { rateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
      [admin, reporting] = await ownerSessions(server, [OWNERS.admin, OWNERS.reporting]);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('uploads a WOFF2 font, reads its family and weight, lists and serves it long-cached', async () => {
      const saved = await upload(server, admin, 'MyInter.woff2', inter);
      expect(saved.status).toBe(201);
      expect(saved.body.fonts).toEqual([
        expect.objectContaining({ family: 'Inter', weight: 600, italic: false, format: 'woff2', size: inter.length }),
      ]);
      const listed = await admin.get(FONTS);
      expect(listed.status).toBe(200);
      expect(listed.body.fonts).toHaveLength(1);
      const served = await fetch(`${server.url}${listed.body.fonts[0].url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('font/woff2');
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      expect(Buffer.from(await served.arrayBuffer()).equals(inter)).toBe(true);
      expect((await fetch(`${server.url}${listed.body.fonts[0].url.replace('woff2', 'ttf')}`)).status).toBe(404);
    });

    it('offers the uploaded family in the font panel and the site CSS gets @font-face with swap', async () => {
      const listed = await admin.get('/api/config/design/fonts?q=inter');
      expect(listed.body.fonts[0]).toMatchObject({ id: 'own-inter', family: 'Inter', weights: [600], own: true });
      const chosen = await admin.put('/api/config/design', {
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'own-inter', weight: 600 }],
      });
      expect(chosen.status).toBe(200);
      const css = (await server.app.inject({ method: 'GET', url: '/site.css' })).body;
      const [own] = (await admin.get(FONTS)).body.fonts;
      expect(css).toContain(
        `@font-face { font-family: "Inter"; font-style: normal; font-weight: 600; font-display: swap; src: url("${own.url}") format("woff2"); }`,
      );
      expect(css).toMatch(/--font-heading: "Inter"/);
      // Another site's font id is not accepted.
      const unknown = await admin.put('/api/config/design', {
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'own-nothing' }],
      });
      expect(unknown.status).toBe(400);
    });

    it('refuses files that are not fonts, forged extensions and damaged fonts, saying why', async () => {
      const notFont = await upload(server, admin, 'cat.woff2', Buffer.from('GIF89a not a font at all'));
      expect(notFont).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not a font/) } });
      const forged = await upload(server, admin, 'Inter.ttf', inter);
      expect(forged).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not a TTF file/) } });
      const wrongExt = await upload(server, admin, 'Inter.svg', inter);
      expect(wrongExt).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/\.woff2, \.woff, \.ttf/) },
      });
      const truncated = await upload(server, admin, 'cut.woff2', inter.subarray(0, inter.length - 500));
      expect(truncated).toMatchObject({ status: 400, body: { message: expect.stringMatching(/truncated/) } });
      const huge = await upload(server, admin, 'huge.woff2', Buffer.concat([inter, Buffer.alloc(6 * 1024 * 1024)]));
      expect(huge).toMatchObject({ status: 413, body: { error: 'font-too-large' } });
      expect((await admin.get(FONTS)).body.fonts).toHaveLength(1);
    });

    it('needs the crumb and a content owner', async () => {
      expect((await upload(server, admin, 'a.woff2', inter, false)).status).toBe(403);
      expect((await upload(server, reporting, 'a.woff2', inter)).status).toBe(403);
      expect((await reporting.get(FONTS)).status).toBe(403);
      const id = (await admin.get(FONTS)).body.fonts[0].id;
      expect((await reporting.delete(`${FONTS}/${id}`)).status).toBe(403);
      expect((await admin.delete(`${FONTS}/${id}`, { crumb: false })).status).toBe(403);
    });

    it('refuses to delete a font in use, saying where; deletes it once unused, with its file', async () => {
      const [font] = (await admin.get(FONTS)).body.fonts;
      const inUse = await admin.delete(`${FONTS}/${font.id}`);
      expect(inUse).toMatchObject({
        status: 409,
        body: { error: 'font-in-use', message: expect.stringMatching(/heading/) },
      });
      await admin.put('/api/config/design', { 'fonts.fontUsageCategories': [] });
      const gone = await admin.delete(`${FONTS}/${font.id}`);
      expect(gone.status).toBe(200);
      expect(gone.body.fonts).toEqual([]);
      expect((await fetch(`${server.url}${font.url}`)).status).toBe(404);
      expect((await admin.delete(`${FONTS}/${font.id}`)).status).toBe(404);
    });

    it('refuses a font beyond the per-site limit', async () => {
      const site = await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const rows = Array.from({ length: 40 }, (_, i) => ({
        id: `filler-${i}`,
        site_id: site.id,
        family: 'Filler',
        subfamily: 'Regular',
        weight: 400,
        italic: 0,
        format: 'woff2',
        storage_key: `.fonts/${site.id}/filler-${i}.woff2`,
        size: 1,
        created_at: new Date().toISOString(),
      }));
      await server.db.insertInto('site_fonts').values(rows).execute();
      const refused = await upload(server, admin, 'Inter.woff2', inter);
      expect(refused).toMatchObject({ status: 409, body: { error: 'too-many-fonts' } });
      await server.db.deleteFrom('site_fonts').where('family', '=', 'Filler').execute();
    });
  });
}
