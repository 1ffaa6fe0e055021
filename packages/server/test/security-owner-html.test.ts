import { ProductType } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';
import { createUnsubscribeTokens } from '../src/domains/restock/unsubscribe-token.js';
import { DIALECTS } from '../src/testing.js';
import { OWNERS } from './auth-helpers.js';
import { injectedMarkup } from './hostile-template-strings.js';
import { Visitor } from './visitor.js';
import { suiteServer } from './suite-server.js';

// Findings 9 and 10 of the 2026-11 attack review: owner HTML is cleaned when saved and when
// rendered (only an administrator keeps a raw code block), and owner text is escaped everywhere.

const REFRESH = '<meta http-equiv="refresh" content="0;url=https://example.com">';
const HOSTILE_BODY = `<p>Hand-thrown.</p>${REFRESH}<script>alert(1)</script><img src="/files/x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>`;
const BREAKOUT = '"><img src=x onerror=alert(1)>';

function expectClean(html: string) {
  expect(html).not.toContain('http-equiv');
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('javascript:');
  expect(injectedMarkup(html)).toEqual([]);
}

for (const dialect of DIALECTS) {
  describe(`owner HTML and markup injection (${dialect})`, () => {
    let siteId: string;

    const suite = suiteServer(dialect, { admin: OWNERS.admin, manager: OWNERS.storeManager, editor: OWNERS.editor });
    beforeAll(async () => {
      siteId = (await suite.server.db.selectFrom('sites').select('id').orderBy('created_at').executeTakeFirstOrThrow())
        .id;
    });

    it('finding 9: a store manager cannot send visitors elsewhere with a <meta refresh> in a product body (cleaned on save and on render)', async () => {
      const created = await suite.manager.post('/api/config/products', {
        title: 'Refresh Vase',
        productType: ProductType.PHYSICAL,
        body: HOSTILE_BODY,
        variants: [{ sku: 'VASE-1', price: 2500, qtyInStock: 4 }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.body).toContain('<p>Hand-thrown.</p>');
      expectClean(created.body.body);
      const stored = await suite.server.db
        .selectFrom('items')
        .select('body')
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expectClean(stored.body);

      // Content stored before the allow-list existed is cleaned when it is rendered.
      await suite.server.db
        .updateTable('items')
        .set({ body: HOSTILE_BODY })
        .where('id', '=', created.body.id)
        .execute();
      suite.server.app.services.content.invalidate(siteId);
      const page = await new Visitor(suite.server.url).get(created.body.fullUrl);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<p>Hand-thrown.</p>');
      expectClean(page.body);
    });

    it('finding 9: blog bodies, HTML blocks and collection descriptions are cleaned; only an administrator keeps a raw code block', async () => {
      const { body: blogs } = await suite.editor.get('/api/config/blogs');
      const blogId = blogs.blogs.find((b: { slug: string }) => b.slug === 'blog').id;
      const post = await suite.editor.post(`/api/config/blogs/${blogId}/posts`, {
        title: 'Refresh post',
        excerpt: 'x',
        body: HOSTILE_BODY,
        author: 'Ada',
        status: 'published',
        tags: [],
        categories: [],
      });
      expect(post.status, JSON.stringify(post.body)).toBe(200);
      const postPage = await new Visitor(suite.server.url).get(
        post.body.post?.fullUrl ?? `/blog/${post.body.post?.urlId ?? 'refresh-post'}`,
      );
      expect(postPage.status).toBe(200);
      expect(postPage.body).toContain('Hand-thrown.');
      expectClean(postPage.body);

      const raw = '<div id="widget"></div><script>window.widgetLoaded = 1</script>';
      const block = (html: string, extra: Record<string, unknown> = {}) => ({
        type: 2,
        settings: {},
        content: { html, ...extra },
      });
      const created = await suite.editor.post('/api/config/pages', { title: 'Html Blocks' });
      const id = created.body.page.id;
      // An editor's "raw" block is cleaned like any other.
      await suite.editor.put(`/api/config/pages/${id}/draft`, {
        sections: [{ blocks: [block(HOSTILE_BODY), block(raw, { raw: true })] }],
      });
      let doc = await suite.editor.get(`/api/config/pages/${id}`);
      expect(JSON.stringify(doc.body.draft)).not.toContain('http-equiv');
      expect(JSON.stringify(doc.body.draft)).not.toContain('widgetLoaded');
      // An administrator's raw code block is kept as written, and an editor saving the page around it keeps it.
      await suite.admin.put(`/api/config/pages/${id}/draft`, {
        sections: [{ blocks: [block('<p>Intro</p>'), block(raw, { raw: true })] }],
      });
      doc = await suite.editor.get(`/api/config/pages/${id}`);
      const sections = doc.body.draft.sections;
      sections[0].blocks[0].content.html = `<p>Intro, edited</p>${REFRESH}`;
      expect((await suite.editor.put(`/api/config/pages/${id}/draft`, { sections })).status).toBe(200);
      expect((await suite.editor.post(`/api/config/pages/${id}/publish`, {})).status).toBe(200);
      const live = await new Visitor(suite.server.url).get('/html-blocks');
      expect(live.status).toBe(200);
      expect(live.body).toContain('Intro, edited');
      expect(live.body).not.toContain('http-equiv');
      expect(live.body).toContain('<script>window.widgetLoaded = 1</script>');

      // A legacy collection description with a refresh is cleaned on render.
      await suite.server.db
        .updateTable('collections')
        .set({ description: `<p>All our pots.</p>${REFRESH}` })
        .where('site_id', '=', siteId)
        .where('slug', '=', 'shop')
        .execute();
      suite.server.app.services.content.invalidate(siteId);
      const shop = await new Visitor(suite.server.url).get('/shop');
      expect(shop.status).toBe(200);
      expect(shop.body).toContain('<p>All our pots.</p>');
      expect(shop.body).not.toContain('http-equiv');
    });

    it('finding 10: the unsubscribe page escapes the product title and the variant select escapes option names', async () => {
      const created = await suite.manager.post('/api/config/products', {
        title: `Mug ${BREAKOUT}`,
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: [`Size${BREAKOUT}`],
        variants: [
          { sku: 'MUG-S', attributes: { [`Size${BREAKOUT}`]: 'S' }, price: 1200, qtyInStock: 0 },
          { sku: 'MUG-L', attributes: { [`Size${BREAKOUT}`]: `L${BREAKOUT}` }, price: 1400, qtyInStock: 2 },
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const product = await new Visitor(suite.server.url).get(created.body.fullUrl);
      expect(product.status).toBe(200);
      expect(product.body).toContain('aria-label="Select Size&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
      expect(injectedMarkup(product.body)).toEqual([]);

      const signUpId = newId();
      await suite.server.db
        .insertInto('restock_signups')
        .values({
          id: signUpId,
          site_id: siteId,
          product_id: created.body.id,
          variant_id: created.body.structuredContent.variants[0].id,
          sku: 'MUG-S',
          email: 'fan@example.com',
          join_mailing_list: 0,
          state: 'pending',
          created_at: new Date().toISOString(),
        })
        .execute();
      const token = await createUnsubscribeTokens(suite.server.db).issue(siteId, {
        signUpId,
        email: 'fan@example.com',
      });
      const page = await new Visitor(suite.server.url).get(`/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('about Mug "&gt;&lt;img src=x onerror=alert(1)&gt;');
      expect(injectedMarkup(page.body)).toEqual([]);
    });
  });
}
