import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../../../repo-paths.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { addSecondSite, type Visitor } from '../../../../test/visitor.js';

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
    // A files folder of its own: the tests look at which font files the store keeps.
    let filesDir: string;

    beforeAll(async () => {
      filesDir = mkdtempSync(join(tmpdir(), 'tessera-site-fonts-'));
      server = await startTestServer({
        dialect,
        config: { filesDir, rateLimit: { max: 100_000, timeWindowMs: 60_000 } },
      });
      [admin, reporting] = await ownerSessions(server, [OWNERS.admin, OWNERS.reporting]);
    });
    afterAll(async () => {
      await server?.close();
      rmSync(filesDir, { recursive: true, force: true });
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
      await server.db.insertInto('site_fonts').values(fillers(site.id, 40)).execute();
      const refused = await upload(server, admin, 'Inter.woff2', inter);
      expect(refused).toMatchObject({ status: 409, body: { error: 'too-many-fonts' } });
      expect(await server.app.fileStorage.list(`.fonts/${site.id}/`)).toEqual([]);
      await server.db.deleteFrom('site_fonts').where('family', '=', 'Filler').execute();
    });

    it('keeps to the limit when uploads arrive at once, and keeps no file of a refused one', async () => {
      const site = await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      await server.db.insertInto('site_fonts').values(fillers(site.id, 38)).execute();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => upload(server, admin, `Inter-${i}.woff2`, inter)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
      const rows = await server.db.selectFrom('site_fonts').select(['id', 'family']).execute();
      expect(rows).toHaveLength(40);
      const kept = rows.filter((row) => row.family === 'Inter');
      expect(kept).toHaveLength(2);
      // Only the two kept uploads have a file; the four refused ones left none behind.
      const stored = await server.app.fileStorage.list(`.fonts/${site.id}/`);
      expect(stored.map((f) => f.key).sort()).toEqual(kept.map((row) => `.fonts/${site.id}/${row.id}.woff2`).sort());
      await server.db.deleteFrom('site_fonts').where('family', '=', 'Filler').execute();
      for (const row of kept) expect((await admin.delete(`${FONTS}/${row.id}`)).status).toBe(200);
      expect(await server.app.fileStorage.list(`.fonts/${site.id}/`)).toEqual([]);
    });

    it('takes the stored file out again when the row cannot be written', async () => {
      const site = await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      // The database itself refuses the insert (a trigger), as a full disk or a lost connection would.
      if (dialect === 'postgres') {
        await sql`create function refuse_site_font() returns trigger language plpgsql as $$
          begin raise exception 'site_fonts refused by the test'; end $$`.execute(server.db);
        await sql`create trigger refuse_site_font before insert on site_fonts
          for each row execute function refuse_site_font()`.execute(server.db);
      } else {
        await sql`create trigger refuse_site_font before insert on site_fonts
          begin select raise(abort, 'site_fonts refused by the test'); end`.execute(server.db);
      }
      try {
        const failed = await upload(server, admin, 'Inter.woff2', inter);
        expect(failed.status).toBe(500);
        expect(await server.db.selectFrom('site_fonts').select('id').execute()).toEqual([]);
        expect(await server.app.fileStorage.list(`.fonts/${site.id}/`)).toEqual([]);
      } finally {
        await sql`drop trigger refuse_site_font${dialect === 'postgres' ? sql` on site_fonts` : sql``}`.execute(
          server.db,
        );
        if (dialect === 'postgres') await sql`drop function refuse_site_font()`.execute(server.db);
      }
      expect((await upload(server, admin, 'Inter.woff2', inter)).status).toBe(201);
    });

    it('serves a font only on the host of the site that uploaded it', async () => {
      await addSecondSite(server);
      const [font] = (await admin.get(FONTS)).body.fonts;
      const get = (host: string) => server.app.inject({ method: 'GET', url: font.url, headers: { host } });
      const own = await get('127.0.0.1');
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(inter)).toBe(true);
      expect((await get('other.test')).statusCode).toBe(404);
      expect((await get('unknown.test')).statusCode).toBe(404);
      // The other site's own font is not served on the first site's host either.
      await server.db
        .insertInto('site_fonts')
        .values({ ...fillers('other-site', 1)[0], id: 'others-font', storage_key: '.fonts/other-site/x.woff2' })
        .execute();
      await server.app.fileStorage.put('.fonts/other-site/x.woff2', inter, 'font/woff2');
      const theirs = (host: string) =>
        server.app.inject({ method: 'GET', url: '/_fonts/others-font.woff2', headers: { host } });
      expect((await theirs('other.test')).statusCode).toBe(200);
      expect((await theirs('127.0.0.1')).statusCode).toBe(404);
    });
  });
}

/** Rows standing for fonts a site already keeps (no files: only the count matters). */
function fillers(siteId: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `filler-${i}`,
    site_id: siteId,
    family: 'Filler',
    subfamily: 'Regular',
    weight: 400,
    italic: 0,
    format: 'woff2',
    storage_key: `.fonts/${siteId}/filler-${i}.woff2`,
    size: 1,
    created_at: new Date().toISOString(),
  }));
}
