import { ITEM_SEO_MESSAGES, ProductType } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 22: products, blog posts and events carry the owner's SEO fields (title, description,
// social image, hidden from search engines) like pages do, and a product's or post's changed URL
// keeps its old address working with a 301 unless the owner unticks it.

const PUBLIC = 'https://shop.example.com';
const PRODUCTS = '/api/config/products';
const SOCIAL = '/files/products/canvas-tote-olive.jpg';

const scarf = {
  title: 'Alpaca Scarf',
  urlId: 'alpaca-scarf',
  productType: ProductType.PHYSICAL,
  status: 'published',
  variants: [{ sku: 'ALPACA-1', price: 5400, qtyInStock: 3 }],
};

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

function metaOf(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`);
  return re.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

async function redirectsOf(server: TestServer): Promise<string> {
  const row = await server.db.selectFrom('sites').select('settings').executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings) as { website?: { redirects?: string } };
  return settings.website?.redirects ?? '';
}

describe.each(DIALECTS)('SEO fields of products, posts and events (%s)', (dialect) => {
  let visitor: Visitor;
  const suite = suiteServer(dialect, { admin: OWNERS.admin, manager: OWNERS.storeManager }, { publicUrl: PUBLIC });
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
  }, 60_000);

  it('a product stores its SEO fields, the page heads show them, and noindex leaves the sitemap', async () => {
    const seo = { title: 'Soft alpaca scarf | Juniper', description: 'Warm & light.', socialImage: SOCIAL };
    const created = await suite.manager.post(PRODUCTS, { ...scarf, seo });
    expect(created.status).toBe(201);
    expect(created.body.structuredContent.seo).toMatchObject({ ...seo, noindex: false });
    expect(created.body.structuredContent.seo.socialImageSize).toMatch(/^\d+x\d+$/);
    const [width, height] = created.body.structuredContent.seo.socialImageSize.split('x');

    const page = await visitor.get<string>('/shop/p/alpaca-scarf');
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toBe('Soft alpaca scarf | Juniper');
    expect(metaOf(page.body, 'description')).toBe('Warm & light.');
    expect(metaOf(page.body, 'og:title')).toBe('Soft alpaca scarf | Juniper');
    expect(metaOf(page.body, 'og:image')).toBe(`${PUBLIC}${SOCIAL}`);
    expect(metaOf(page.body, 'og:image:width')).toBe(width);
    expect(metaOf(page.body, 'og:image:height')).toBe(height);
    expect(page.body).not.toContain('<meta name="robots"');
    expect((await visitor.get<string>('/sitemap.xml')).body).toContain(`${PUBLIC}/shop/p/alpaca-scarf<`);

    // A write without `seo` keeps the stored fields; one with it replaces them.
    const same = { ...scarf, variants: [{ ...scarf.variants[0], id: created.body.structuredContent.variants[0].id }] };
    const kept = await suite.manager.put(`${PRODUCTS}/${created.body.id}`, { ...same, excerpt: 'Now in grey.' });
    expect(kept.status).toBe(200);
    expect(kept.body.structuredContent.seo.title).toBe('Soft alpaca scarf | Juniper');
    const hidden = await suite.manager.put(`${PRODUCTS}/${created.body.id}`, { ...same, seo: { noindex: true } });
    expect(hidden.status).toBe(200);
    expect(hidden.body.structuredContent.seo).toMatchObject({ title: '', socialImage: '', noindex: true });
    const after = await visitor.get<string>('/shop/p/alpaca-scarf');
    expect(metaOf(after.body, 'robots')).toBe('noindex');
    expect(titleOf(after.body)).toContain('Alpaca Scarf');
    expect((await visitor.get<string>('/sitemap.xml')).body).not.toContain('/shop/p/alpaca-scarf<');
  });

  it('refuses SEO fields out of bounds with a sentence at each field', async () => {
    const long = await suite.manager.post(PRODUCTS, { ...scarf, urlId: 'x', seo: { title: 't'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ 'seo.title': ITEM_SEO_MESSAGES.titleTooLong });
    expect(long.body.message).toBe(`seo.title: ${ITEM_SEO_MESSAGES.titleTooLong}`);
    const bad = await suite.manager.post(PRODUCTS, {
      ...scarf,
      urlId: 'x',
      seo: { description: 'd'.repeat(401), socialImage: 'https://evil.example/x.jpg', noindex: 'yes', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'seo.description': ITEM_SEO_MESSAGES.descriptionTooLong,
      'seo.socialImage': ITEM_SEO_MESSAGES.socialImage,
      'seo.noindex': ITEM_SEO_MESSAGES.noindex,
      'seo.extra': ITEM_SEO_MESSAGES.unknownField('extra'),
    });
    const traversal = await suite.manager.post(PRODUCTS, {
      ...scarf,
      urlId: 'x',
      seo: { socialImage: '/files/../a.png' },
    });
    expect(traversal.body.fields).toEqual({ 'seo.socialImage': ITEM_SEO_MESSAGES.socialImage });
    expect((await suite.server.db.selectFrom('items').select('id').where('url_id', '=', 'x').execute()).length).toBe(0);
  });

  it("a product's new URL sends the old one there with a 301, without loops, unless the owner unticks it", async () => {
    const created = await suite.manager.post(PRODUCTS, { ...scarf, title: 'Wool Hat', urlId: 'wool-hat' });
    const id = created.body.id as string;
    const hat = {
      ...scarf,
      title: 'Wool Hat',
      variants: created.body.structuredContent.variants.map((v: { id: string; sku: string }) => ({
        id: v.id,
        sku: v.sku,
        price: 5400,
        qtyInStock: 3,
      })),
    };
    expect((await suite.manager.put(`${PRODUCTS}/${id}`, { ...hat, urlId: 'knitted-hat' })).status).toBe(200);
    const moved = await visitor.get('/shop/p/wool-hat?ref=mail');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/shop/p/knitted-hat?ref=mail');
    expect((await visitor.get('/shop/p/knitted-hat')).status).toBe(200);

    // Back to the first name: the rule that would now loop is dropped, the other way round is added.
    expect((await suite.manager.put(`${PRODUCTS}/${id}`, { ...hat, urlId: 'wool-hat' })).status).toBe(200);
    expect((await visitor.get('/shop/p/wool-hat')).status).toBe(200);
    expect((await visitor.get('/shop/p/knitted-hat')).headers.get('location')).toBe('/shop/p/wool-hat');
    const rules = await redirectsOf(suite.server);
    expect(rules).not.toContain('/shop/p/wool-hat -> ');
    expect(rules).toContain('/shop/p/knitted-hat -> /shop/p/wool-hat 301');

    const unticked = await suite.manager.put(`${PRODUCTS}/${id}`, { ...hat, urlId: 'beanie', redirectOldUrl: false });
    expect(unticked.status).toBe(200);
    expect((await visitor.get('/shop/p/wool-hat')).status).toBe(404);
    expect(await redirectsOf(suite.server)).not.toContain('/shop/p/wool-hat -> /shop/p/beanie');
  });

  it('a post keeps its SEO fields and its old address; an event uses stored fields', async () => {
    const blogs = await suite.admin.get('/api/config/blogs');
    const blog = blogs.body.blogs[0] as { id: string; url: string };
    const posts = await suite.admin.get(`/api/config/blogs/${blog.id}/posts`);
    const summary = (posts.body.posts as { id: string; status: string }[]).find((p) => p.status === 'published');
    const path = `/api/config/blogs/${blog.id}/posts/${summary?.id}`;
    const post = (await suite.admin.get(path)).body.post;
    const body = {
      title: post.title,
      urlId: post.urlId,
      excerpt: post.excerpt,
      body: post.body,
      status: post.status,
      publishOn: post.publishOn,
      seo: { title: 'Linen, explained', description: 'How we weave it.', socialImage: SOCIAL, noindex: false },
    };
    const saved = await suite.admin.put(path, body);
    expect(saved.status).toBe(200);
    expect(saved.body.post.seo).toEqual(body.seo);
    expect((await suite.admin.get(path)).body.post.seo).toEqual(body.seo);
    const page = await visitor.get<string>(`${blog.url}/${post.urlId}`);
    expect(titleOf(page.body)).toBe('Linen, explained');
    expect(metaOf(page.body, 'og:image')).toBe(`${PUBLIC}${SOCIAL}`);

    const bad = await suite.admin.put(path, { ...body, seo: { title: 'x'.repeat(201) } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(`seo.title: ${ITEM_SEO_MESSAGES.titleTooLong}`);

    expect((await suite.admin.put(path, { ...body, urlId: 'linen-notes', redirectOldUrl: false })).status).toBe(200);
    expect((await visitor.get(`${blog.url}/${post.urlId}`)).status).toBe(404);
    expect((await suite.admin.put(path, { ...body, urlId: 'linen-story' })).status).toBe(200);
    expect((await visitor.get(`${blog.url}/linen-notes`)).headers.get('location')).toBe(`${blog.url}/linen-story`);

    const event = await suite.server.db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .select(['items.id', 'items.site_id', 'items.structured_content', 'collections.slug', 'items.url_id'])
      .where('collections.kind', '=', 'events')
      .where('items.status', '=', 'published')
      .executeTakeFirstOrThrow();
    const eventSeo = { title: 'Open studio night', description: 'Come by.', socialImage: '', noindex: true };
    await suite.server.db
      .updateTable('items')
      .set({ structured_content: JSON.stringify({ ...JSON.parse(event.structured_content), seo: eventSeo }) })
      .where('id', '=', event.id)
      .execute();
    suite.server.app.services.content.invalidate(event.site_id);
    const eventPage = await visitor.get<string>(`/${event.slug}/${event.url_id}`);
    expect(titleOf(eventPage.body)).toBe('Open studio night');
    expect(metaOf(eventPage.body, 'robots')).toBe('noindex');
    expect((await visitor.get<string>('/sitemap.xml')).body).not.toContain(`/${event.slug}/${event.url_id}<`);
  });
});
