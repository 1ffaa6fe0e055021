import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { issueSetupToken, SETUP_TOKEN_TTL_MS } from '../setup-token.js';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const FORM = 'application/x-www-form-urlencoded';
const GOOD = {
  email: 'First.Owner@Example.com',
  password: 'Juniper-Oak-2026',
  title: 'Fern & Field',
  timeZone: 'Europe/Paris',
  currency: 'EUR',
  locale: 'fr-FR',
  start: 'demo',
};

for (const dialect of DIALECTS) {
  describe(`first-run setup (${dialect})`, { timeout: 120_000 }, () => {
    const suite = suiteServer(dialect, {}, { signIn: { requestsPerAddress: 10_000, addressFailures: 10_000 } });

    const firstSite = async () =>
      suite.server.db.selectFrom('sites').selectAll().orderBy('created_at').orderBy('id').executeTakeFirstOrThrow();
    const count = async (table: 'owners' | 'items' | 'sites' | 'setup_tokens') =>
      Number(
        (
          await suite.server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const token = async (now?: number) =>
      (await issueSetupToken(suite.server.db, (await firstSite()).id, now)) as string;
    /** Posts the setup form as a browser without JavaScript does (the crumb as a field). */
    async function submit(visitor: Visitor, fields: Record<string, string>) {
      await visitor.get('/config/login');
      const crumb = visitor.cookies.get('crumb') ?? '';
      return visitor.post('/config/setup', new URLSearchParams({ crumb, ...fields }).toString(), {
        contentType: FORM,
        crumb: false,
      });
    }

    it('points /config and /config/login to the setup while the site has no owner', async () => {
      const visitor = new Visitor(suite.server.url);
      const editor = await visitor.get('/config');
      expect(editor.status).toBe(303);
      expect(editor.headers.get('location')).toMatch(/^\/config\/login/);
      const login = await visitor.get('/config/login');
      expect(login.body).toContain('href="/config/setup"');
      const bare = await visitor.get('/config/setup');
      expect(bare.status).toBe(200);
      expect(bare.body).toContain('Open the setup address printed in the server log');
      expect(bare.body).not.toContain('name="password"');
      const wrong = await visitor.get('/config/setup?token=not-a-real-token');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain('expired or was already used');
    });

    it('stores only the hash of the token and shows the form for a valid one', async () => {
      const t = await token();
      const rows = await suite.server.db.selectFrom('setup_tokens').select('id').execute();
      expect(rows.map((r) => r.id)).not.toContain(t);
      const page = await new Visitor(suite.server.url).get(`/config/setup?token=${encodeURIComponent(t)}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<form class="account-form config-setup" method="post" action="/config/setup">');
      expect(page.body).toContain('<option value="Europe/Paris">');
      expect(page.body).toContain('<option value="EUR">');
      expect(page.body).toContain('name="crumb"');
      expect(page.body).toContain('value="blank"');
    });

    it('refuses an expired setup address', async () => {
      const old = await token(Date.now() - SETUP_TOKEN_TTL_MS - 60_000);
      const visitor = new Visitor(suite.server.url);
      expect((await visitor.get(`/config/setup?token=${encodeURIComponent(old)}`)).status).toBe(400);
      const answer = await submit(visitor, { ...GOOD, token: old });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('expired or was already used');
      expect(await count('owners')).toBe(0);
    });

    it('answers bad input with 4xx and messages, never 500, and creates nothing', async () => {
      const t = await token();
      const visitor = new Visitor(suite.server.url);
      const cases: [Record<string, string>, string][] = [
        [{ password: 'short' }, 'Use at least 10 characters.'],
        [{ password: 'lowercaseonly' }, 'Too easy to guess'],
        [{ email: 'not-an-email' }, 'Enter a valid email address.'],
        [{ timeZone: 'Mars/Olympus' }, 'Choose a time zone from the list.'],
        [{ currency: 'XYZ' }, 'Choose a currency from the list.'],
        [{ locale: 'xx-XX' }, 'Choose a language from the list.'],
        [{ start: 'nope' }, 'Choose how the site starts'],
        [{ title: '   ' }, 'Give the site a title.'],
      ];
      for (const [change, message] of cases) {
        const answer = await submit(visitor, { ...GOOD, token: t, ...change });
        expect(answer.status, JSON.stringify(change)).toBe(400);
        expect(answer.body, JSON.stringify(change)).toContain(message);
      }
      const json = await visitor.post('/config/setup', { token: t, email: [1], start: { a: 1 } });
      expect(json.status).toBeGreaterThanOrEqual(400);
      expect(json.status).toBeLessThan(500);
      const noCrumb = await new Visitor(suite.server.url, null).post(
        '/config/setup',
        new URLSearchParams({ ...GOOD, token: t }).toString(),
        {
          contentType: FORM,
          crumb: false,
        },
      );
      expect(noCrumb.status).toBe(403);
      expect(await count('owners')).toBe(0);
    });

    it('creates the first administrator with the site settings, keeps the demo, signs in, and spends the token', async () => {
      const t = await token();
      const other = await token();
      const items = await count('items');
      const visitor = new Visitor(suite.server.url);
      const done = await submit(visitor, { ...GOOD, token: t });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('/config');
      const editor = await visitor.get('/config');
      expect(editor.status).toBe(200);
      const session = await visitor.get('/api/config/session');
      expect(session.body.owner).toMatchObject({ email: 'first.owner@example.com', roles: [WebsiteRole.ADMIN] });
      const site = await firstSite();
      expect(site).toMatchObject({
        title: 'Fern & Field',
        time_zone: 'Europe/Paris',
        currency: 'EUR',
        locale: 'fr-FR',
      });
      expect(await count('items')).toBe(items);
      expect(await count('owners')).toBe(1);

      // Once an owner exists: the page answers 404, every token is void and none is issued.
      const stranger = new Visitor(suite.server.url);
      expect((await stranger.get(`/config/setup?token=${encodeURIComponent(t)}`)).status).toBe(404);
      expect((await submit(stranger, { ...GOOD, email: 'x@example.com', token: other })).status).toBe(404);
      expect(await issueSetupToken(suite.server.db, site.id)).toBeUndefined();
      expect((await stranger.get('/config/login')).body).not.toContain('href="/config/setup"');
      expect(await count('owners')).toBe(1);
    });

    it('creates one owner when two setups race with two tokens', async () => {
      await suite.server.db.deleteFrom('owners').execute();
      const [a, b] = [await token(), await token()];
      const answers = await Promise.all([
        submit(new Visitor(suite.server.url), { ...GOOD, email: 'a@example.com', token: a }),
        submit(new Visitor(suite.server.url), { ...GOOD, email: 'b@example.com', token: b }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([303, 404]);
      expect(await count('owners')).toBe(1);
    });

    it('starts blank: a new site with the given settings, a home page, no products or posts', async () => {
      await suite.server.db.deleteFrom('owners').execute();
      const demo = await firstSite();
      const t = await token();
      const visitor = new Visitor(suite.server.url);
      const done = await submit(visitor, { ...GOOD, title: 'Blank Slate', currency: 'GBP', start: 'blank', token: t });
      expect(done.status).toBe(303);
      expect(await count('sites')).toBe(1);
      const site = await firstSite();
      expect(site.id).not.toBe(demo.id);
      expect(site).toMatchObject({ title: 'Blank Slate', currency: 'GBP', time_zone: 'Europe/Paris', host: null });
      expect(await count('items')).toBe(0);
      const pages = await suite.server.db
        .selectFrom('collections')
        .select(['slug', 'kind'])
        .where('site_id', '=', site.id)
        .execute();
      expect(pages).toEqual([{ slug: 'home', kind: 'page' }]);
      const counter = await suite.server.db
        .selectFrom('order_counters')
        .select('site_id')
        .where('site_id', '=', site.id)
        .execute();
      expect(counter).toHaveLength(1);
      const home = await visitor.get('/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Blank Slate');
      expect(home.body).not.toContain('Juniper');
      const session = await visitor.get('/api/config/session');
      expect(session.body.owner).toMatchObject({ websiteId: site.id, roles: [WebsiteRole.ADMIN] });
    });
  });
}
