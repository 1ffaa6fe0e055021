// Whole answers of theme pages for anonymous visitors (issue 20, src/domains/web/page-answers.ts): the
// next visitor gets the kept answer with their own crumb, never another visitor's; any write that
// changes a page (a sale, an owner's edit) makes the next view fresh; carts, signed-in owners and site
// users never get a shared answer; the consent choice and `?lang=` each get their own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../../../repo-paths.js';
import { DEMO_SITE_ID, DIALECTS } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { cardOrder, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { suiteEnv, suiteServer } from '../../../../test/suite-server.js';
import { Visitor } from '../../../../test/visitor.js';

const PRODUCT = '/shop/p/wool-scarf';
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

/** A visitor with a crumb of the shape the answers put back (24 characters). */
function visitor(url: string, name: string): Visitor {
  return new Visitor(url, `${name}${'x'.repeat(24 - name.length)}`);
}

function stockOnPage(html: string, sku: string): number {
  const match = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html);
  const context = JSON.parse(match?.[1] ?? '{}');
  return context.product.structuredContent.variants.find((v: { sku: string }) => v.sku === sku).qtyInStock;
}

function pillCount(html: string): string {
  return (/tessera-cart-pill__count"[^>]*>([^<]*)</.exec(html)?.[1] ?? '').trim();
}

for (const dialect of DIALECTS) {
  describe(`page answers for anonymous visitors (${dialect})`, () => {
    // Answers kept for minutes: a hit or a fresh view here is the generation's doing, never the clock's.
    suiteEnv({ TESSERA_PAGE_ANSWER_MS: '600000' });
    const suite = suiteServer(dialect, {}, MANY_ORDERS);
    let manager: Visitor;
    const stats = () => {
      const read = suite.server.app.services.pageAnswerStats;
      if (!read) throw new Error('the pages plugin keeps no answers');
      return { ...read() };
    };
    const variantOf = (urlId: string) =>
      suite.server.db
        .selectFrom('product_variants')
        .innerJoin('items', 'items.id', 'product_variants.item_id')
        .select(['product_variants.id', 'product_variants.sku', 'items.id as itemId'])
        .where('items.url_id', '=', urlId)
        .where('product_variants.unlimited', '=', 0)
        .orderBy('product_variants.position')
        .executeTakeFirstOrThrow();

    beforeAll(async () => {
      await createOwner(suite.server.db, {
        email: 'pa@owners.test',
        password: 'store-password',
        roles: [WebsiteRole.ADMIN],
      });
      manager = await signInOwner(suite.server.url, 'pa@owners.test', 'store-password');
    });

    it('gives the next visitor the kept page with their own crumb, private, with the security headers', async () => {
      // Right after start the cluster bus may still connect (which forgets everything): view until kept.
      let first = await visitor(suite.server.url, 'alice').get<string>(PRODUCT);
      for (let tries = 0; tries < 5 && stats().entries === 0; tries++) {
        first = await visitor(suite.server.url, 'alice').get<string>(PRODUCT);
      }
      const before = stats();
      const second = await visitor(suite.server.url, 'bobby').get<string>(PRODUCT);
      expect(stats().hits).toBe(before.hits + 1);
      expect(second.status).toBe(200);
      expect(second.body).toContain('value="bobbyxxxxxxxxxxxxxxxxxxx"');
      expect(second.body).not.toContain('alicexxxxxxxxxxxxxxxxxxx');
      expect(second.body.replaceAll('bobby', 'alice')).toBe(first.body);
      expect(second.headers.get('cache-control')).toBe('private, no-cache');
      expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
      for (const name of SECURITY_HEADERS) expect(second.headers.get(name), name).toBeTruthy();
    });

    it('answers a repeat view with 304 for its own tag only, and a first visit sets the crumb it prints', async () => {
      const carol = visitor(suite.server.url, 'carol');
      const page = await carol.get<string>(PRODUCT);
      const tag = page.headers.get('etag') ?? '';
      expect((await carol.get(PRODUCT, { headers: { 'if-none-match': tag } })).status).toBe(304);
      expect((await visitor(suite.server.url, 'dave').get(PRODUCT, { headers: { 'if-none-match': tag } })).status).toBe(
        200,
      );
      const newcomer = new Visitor(suite.server.url, null);
      const answer = await newcomer.get<string>(PRODUCT);
      const crumb = newcomer.cookies.get('crumb') ?? '';
      expect(crumb).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(answer.body).toContain(`value="${crumb}"`);
    });

    it('tags a freshly rendered page as its kept answer will, so the repeat view is a 304 either way', async () => {
      // Any invalidation makes the next view a fresh render, which is kept for the views after it.
      suite.server.app.services.content.invalidate(DEMO_SITE_ID);
      const erin = visitor(suite.server.url, 'erin');
      const before = stats();
      const fresh = await erin.get<string>(PRODUCT);
      expect(stats().misses).toBe(before.misses + 1);
      expect(stats().kept).toBe(before.kept + 1);
      const tag = fresh.headers.get('etag') ?? '';
      const repeat = await erin.get(PRODUCT, { headers: { 'if-none-match': tag } });
      expect(stats().hits).toBe(before.hits + 1);
      expect(repeat.status).toBe(304);
      expect(repeat.headers.get('etag')).toBe(tag);
    });

    it('shows the stock a sale took on the next view', async () => {
      const variant = await variantOf('wool-scarf');
      const page = async () => (await visitor(suite.server.url, 'erin').get<string>(PRODUCT)).body;
      const before = stockOnPage(await page(), variant.sku);
      expect(stockOnPage(await page(), variant.sku)).toBe(before);
      const buyer = Visitor.of(suite.server);
      const added = await buyer.post('/api/commerce/shopping-cart/entries', {
        itemId: variant.itemId,
        sku: variant.sku,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      const placed = await buyer.post('/api/checkout/orders', cardOrder());
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(stockOnPage(await page(), variant.sku)).toBe(before - 1);
    });

    it('shows an owner’s stock change on the next view', async () => {
      const variant = await variantOf('wool-scarf');
      const page = async () => (await visitor(suite.server.url, 'frank').get<string>(PRODUCT)).body;
      await page();
      await page();
      const set = await manager.put(`/api/config/inventory/${variant.id}`, { qtyInStock: 77 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(stockOnPage(await page(), variant.sku)).toBe(77);
      const again = await manager.put(`/api/config/inventory/${variant.id}`, { qtyInStock: 78 });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(stockOnPage(await page(), variant.sku)).toBe(78);
    });

    it('sends the view that rendered a page as the next views get it: compressed once, the same bytes', async () => {
      const variant = await variantOf('wool-scarf');
      const set = await manager.put(`/api/config/inventory/${variant.id}`, { qtyInStock: 91 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const before = stats();
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const fresh = await visitor(suite.server.url, 'hanna').get<string>(PRODUCT, { headers });
      expect(stats().kept).toBe(before.kept + 1);
      expect(stats().hits).toBe(before.hits);
      const kept = await visitor(suite.server.url, 'hanna').get<string>(PRODUCT, { headers });
      expect(stats().hits).toBe(before.hits + 1);
      for (const answer of [fresh, kept]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-encoding')).toBe('gzip');
        expect(answer.headers.get('cache-control')).toBe('private, no-cache');
        expect(stockOnPage(answer.body, variant.sku)).toBe(91);
      }
      expect(fresh.body).toBe(kept.body);
      expect(fresh.headers.get('etag')).toBe(kept.headers.get('etag'));
      expect(fresh.headers.get('content-security-policy')).toBe(kept.headers.get('content-security-policy'));
    });

    it('gives each of many visitors rendering the same fresh page at once their own crumb only', async () => {
      const variant = await variantOf('wool-scarf');
      const set = await manager.put(`/api/config/inventory/${variant.id}`, { qtyInStock: 92 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const names = ['ivan', 'jack', 'kate', 'lena', 'mona', 'nick'];
      const pages = await Promise.all(names.map((name) => visitor(suite.server.url, name).get<string>(PRODUCT)));
      for (const [index, page] of pages.entries()) {
        expect(page.status).toBe(200);
        expect(stockOnPage(page.body, variant.sku)).toBe(92);
        for (const [other, name] of names.entries()) {
          expect(page.body.includes(`${name}${'x'.repeat(24 - name.length)}`), `${names[index]} sees ${name}`).toBe(
            other === index,
          );
        }
      }
    });

    it('never gives a visitor with a cart, a signed-in owner or a site user the shared answer', async () => {
      const variant = await variantOf('wool-scarf');
      const anonymous = async () => (await visitor(suite.server.url, 'gina').get<string>(PRODUCT)).body;
      // An anonymous view served from the kept answer. A write elsewhere (a job, another node's message)
      // may make one view fresh; the next is kept again.
      const anonymousKept = async () => {
        for (let tries = 0; tries < 4; tries++) {
          const hits = stats().hits;
          const body = await anonymous();
          if (stats().hits === hits + 1) return body;
        }
        throw new Error('no anonymous view was served from the kept answer');
      };
      await anonymous();
      const shopper = visitor(suite.server.url, 'harry');
      await shopper.post('/api/commerce/shopping-cart/entries', {
        itemId: variant.itemId,
        sku: variant.sku,
        quantity: 2,
      });
      let before = stats();
      expect(pillCount((await shopper.get<string>(PRODUCT)).body)).toBe('2');
      expect(stats().hits).toBe(before.hits);
      expect(pillCount(await anonymousKept())).not.toBe('2');

      before = stats();
      const owner = await manager.get<string>(PRODUCT);
      expect(owner.body).toMatch(/"owner":\{"roles":\[/);
      expect(stats().hits).toBe(before.hits);
      expect(await anonymousKept()).not.toMatch(/"owner":\{"roles"/);

      before = stats();
      const member = visitor(suite.server.url, 'irene');
      member.cookies.set('tessera-site-user', 'not-a-real-session-token-000');
      expect((await member.get<string>(PRODUCT)).status).toBe(200);
      expect(stats().hits).toBe(before.hits);
    });

    it('shows a published theme version, and the default theme again, on the next view', async () => {
      const home = async () => (await visitor(suite.server.url, 'mona').get<string>('/')).body;
      expect(await home()).not.toContain('answers-theme-mark');
      await home();
      const layout = readFileSync(join(DEFAULT_THEME_DIR, 'templates/layout.jsont'), 'utf8');
      const marked = layout.replace(/<body([^>]*)>/, '<body$1><p id="answers-theme-mark">mark</p>');
      const theme = '/api/config/theme';
      expect((await manager.put(`${theme}/draft`, { files: { 'templates/layout.jsont': marked } })).status).toBe(200);
      const version = await manager.post(`${theme}/versions`, {});
      expect(version.status, JSON.stringify(version.body)).toBeLessThan(300);
      const id = version.body.version?.id ?? version.body.id;
      expect((await manager.post(`${theme}/publish`, { versionId: id })).status).toBe(200);
      expect(await home()).toContain('answers-theme-mark');
      expect((await manager.post(`${theme}/publish`, { versionId: null })).status).toBe(200);
      expect(await home()).not.toContain('answers-theme-mark');
    });

    it('keeps a page per consent choice and per ?lang=', async () => {
      const saved = await manager.put('/api/config/settings', { cookieBanner: { enabled: true } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const banner = /<section class="cookie-banner/;
      const undecided = async () => (await visitor(suite.server.url, 'jack').get<string>('/')).body;
      const decided = async () => {
        const someone = visitor(suite.server.url, 'kate');
        someone.cookies.set('tessera_consent', 'declined');
        return (await someone.get<string>('/')).body;
      };
      expect(await undecided()).toMatch(banner);
      expect(await decided()).not.toMatch(banner);
      expect(await undecided()).toMatch(banner);
      expect(await decided()).not.toMatch(banner);
      const about = async (query: string) =>
        (await visitor(suite.server.url, 'liam').get<string>(`/about${query}`)).body;
      expect(await about('?lang=fr')).toContain('<html lang="fr">');
      expect(await about('')).not.toContain('<html lang="fr">');
      expect(await about('?lang=fr')).toContain('<html lang="fr">');
      expect(await about('')).not.toContain('<html lang="fr">');
    });
  });
}
