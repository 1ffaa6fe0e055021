import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableId } from '../../../platform/ids.js';
import { siteCommand } from '../../../site-cli.js';
import { issueSetupToken } from '../setup-token.js';
import { loadStarter, STARTER_NAMES, StarterInvalidError } from '../starter-schema.js';
import { insertStarterSite } from '../starter-site.js';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { getWithHost } from '../../../../test/web-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

/** What each starter's pages must show: path → texts. */
const EXPECTED: Record<'shop' | 'portfolio' | 'blog', Record<string, string[]>> = {
  shop: {
    '/': ['Useful things, well made', 'Canvas market tote', 'Enamel camp mug', 'First pick of each new batch'],
    '/shop': ['Harbour sticker sheet', 'Dot-grid notebook'],
    '/shop/p/canvas-market-tote': ['Heavy cotton canvas', 'HP-TOTE-IND'],
    '/about': ['Made in small batches', 'Say hello'],
  },
  portfolio: {
    '/': ['Landscapes in quiet light', 'Selected work', '/files/content/harbour.jpg', 'Working together'],
    '/work': ['Water and light', 'Hills'],
    '/about': ['Services', 'Architecture and places'],
    '/enquire': ['Project enquiry', 'Send enquiry', 'What is it about?'],
  },
  blog: {
    '/': ['Notes from the wheel', 'Opening the kiln', 'Get new posts by email'],
    '/journal': ['A glaze from wood ash', 'Visiting the clay pits'],
    '/journal/opening-the-kiln': ['twelve good bowls'],
    '/about': ['wood-fired kiln', 'Get new posts by email'],
  },
};

describe('starter template files', () => {
  it('every shipped template passes its schema', () => {
    for (const name of STARTER_NAMES) expect(loadStarter(name).name).toBe(name);
  });

  it('refuses a template with unknown blocks, pictures or forms, naming the problems', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-starter-'));
    try {
      const bad = {
        name: 'blog',
        label: 'Bad',
        summary: 'Bad',
        title: 'Bad',
        collections: [
          {
            slug: 'home',
            title: 'Home',
            kind: 'page',
            navVisible: false,
            sections: [
              { blocks: [{ block: 'image', content: { image: { $scene: 'nowhere.jpg' } } }] },
              { blocks: [{ block: 'newsletter', content: { formId: { $form: 'missing' } } }] },
            ],
          },
        ],
        posts: [
          {
            collection: 'home',
            urlId: 'p',
            title: 'P',
            excerpt: '',
            paragraphs: ['x'],
            daysAgo: 1,
            author: 'A',
          },
        ],
      };
      writeFileSync(join(dir, 'blog.json'), JSON.stringify(bad));
      expect(() => loadStarter('blog', dir)).toThrow(StarterInvalidError);
      expect(() => loadStarter('blog', dir)).toThrow(/no picture is called "nowhere.jpg"/);
      writeFileSync(join(dir, 'blog.json'), JSON.stringify({ ...bad, collections: [{ slug: 'home' }] }));
      expect(() => loadStarter('blog', dir)).toThrow(/collections\.0\.title/);
      writeFileSync(join(dir, 'shop.json'), '{ not json');
      expect(() => loadStarter('shop', dir)).toThrow(/unreadable/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`starter templates on ${dialect}`, { timeout: 180_000 }, () => {
    const suite = suiteServer(dialect, {}, { signIn: { requestsPerAddress: 10_000, addressFailures: 10_000 } });
    const context = () => ({ db: suite.server.db, filesDir: suite.server.app.config.filesDir, ask: async () => 'no' });
    const rows = async (table: 'collections' | 'items' | 'forms' | 'sites', siteId: string) =>
      (
        await suite.server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where(table === 'sites' ? 'id' : 'site_id', '=', siteId)
          .executeTakeFirstOrThrow()
      ).n;

    // First, while the install has no site on a host of its own (the first site answers any host).
    it('the first-run setup starts from each starter template', async () => {
      for (const name of ['shop', 'portfolio', 'blog'] as const) {
        await suite.server.db.deleteFrom('owners').execute();
        const first = await suite.server.db
          .selectFrom('sites')
          .select('id')
          .where('host', 'is', null)
          .executeTakeFirstOrThrow();
        const token = (await issueSetupToken(suite.server.db, first.id)) as string;
        const visitor = new Visitor(suite.server.url);
        const form = await visitor.get(`/config/setup?token=${encodeURIComponent(token)}`);
        expect(form.status, JSON.stringify(form.body)).toBe(200);
        expect(form.body).toContain(`value="${name}"`);
        const crumb = visitor.cookies.get('crumb') ?? '';
        const fields = {
          crumb,
          token,
          email: `${name}@example.com`,
          password: 'Starter-Site-2026',
          title: `My ${name}`,
          timeZone: 'Europe/Paris',
          currency: 'EUR',
          locale: 'en-GB',
          start: name,
        };
        const done = await visitor.post('/config/setup', new URLSearchParams(fields).toString(), {
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });
        expect(done.status, name).toBe(303);
        const site = await suite.server.db
          .selectFrom('sites')
          .selectAll()
          .where('host', 'is', null)
          .executeTakeFirstOrThrow();
        expect(site.id).not.toBe(first.id);
        expect(site).toMatchObject({ title: `My ${name}`, currency: 'EUR', time_zone: 'Europe/Paris' });
        expect(Number(await rows('sites', first.id))).toBe(0);
        const session = await visitor.get('/api/config/session');
        expect(session.body.owner).toMatchObject({ websiteId: site.id });
        for (const [path, texts] of Object.entries(EXPECTED[name])) {
          const page = await visitor.get(path);
          expect(page.status, `${name} ${path}`).toBe(200);
          for (const text of texts) expect(page.body, `${name} ${path}`).toContain(text);
        }
        expect((await visitor.get('/')).body).toContain(`My ${name}`);
      }
    });

    for (const name of ['shop', 'portfolio', 'blog'] as const) {
      it(`tessera site create --template ${name} serves a complete site on its host`, async () => {
        const host = `${name}.example.com`;
        const out = await siteCommand(context(), ['create', '--host', host, '--template', name]);
        expect(out).toMatch(new RegExp(`^Created site \\w+ \\(${name}\\) on ${host}\\.`));
        suite.server.app.services.content.invalidate();
        const title = loadStarter(name).title;
        for (const [path, texts] of Object.entries(EXPECTED[name])) {
          const page = await getWithHost(suite.server.url, path, host);
          expect(page.status, `${name} ${path}`).toBe(200);
          for (const text of texts) expect(page.body, `${name} ${path}`).toContain(text);
          expect(page.body).toContain(title.replace('&', '&amp;'));
        }
      });
    }

    it('a new store starts with shipping, tax and an order counter but no coupon (the example codes come with the demo shop only)', async () => {
      const host = 'no-coupons.example.com';
      await siteCommand(context(), ['create', '--host', host, '--template', 'shop']);
      const site = await suite.server.db
        .selectFrom('sites')
        .select('id')
        .where('host', '=', host)
        .executeTakeFirstOrThrow();
      const of = (table: 'coupons' | 'shipping_options' | 'tax_rules' | 'order_counters', siteId: string) =>
        suite.server.db.selectFrom(table).selectAll().where('site_id', '=', siteId).execute();
      expect((await of('shipping_options', site.id)).length).toBe(2);
      expect((await of('tax_rules', site.id)).length).toBe(1);
      expect((await of('order_counters', site.id)).length).toBe(1);
      expect(await of('coupons', site.id)).toEqual([]);
    });

    it('draws the shop pictures into the files folder', () => {
      for (const product of loadStarter('shop').products) {
        for (const image of product.images) {
          expect(existsSync(join(suite.server.app.config.filesDir, 'products', image.name))).toBe(true);
        }
      }
    });

    it('writes nothing when a template fails half-way', async () => {
      const id = 'b'.repeat(24);
      // A page row of another site already holds the id the template's "about" page gets.
      const demo = await suite.server.db
        .selectFrom('sites')
        .select('id')
        .where('host', 'is', null)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .insertInto('collections')
        .values({
          id: stableId('collection', id, 'about'),
          site_id: demo.id,
          slug: 'in-the-way',
          title: 'In the way',
          type: 10,
          description: '',
          position: 99,
          nav_visible: 0,
          settings: '{}',
          created_at: new Date().toISOString(),
        })
        .execute();
      const site = { id, host: 'half.example.com', title: 'Half', locale: 'en-US', currency: 'USD', timeZone: 'UTC' };
      await expect(
        suite.server.db.transaction().execute((trx) => insertStarterSite(trx, loadStarter('shop'), site)),
      ).rejects.toThrow();
      for (const table of ['sites', 'collections', 'items', 'forms'] as const) {
        expect(Number(await rows(table, id)), table).toBe(0);
      }
      const lists = await suite.server.db.selectFrom('mailing_lists').select('id').where('site_id', '=', id).execute();
      expect(lists).toEqual([]);
    });
  });
}
