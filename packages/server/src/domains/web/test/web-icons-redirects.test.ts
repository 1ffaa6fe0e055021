import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { readIco } from '../ico.js';
import { PUBLIC, prepareSeoSite } from './seo-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

describe.each(DIALECTS)('site icon and redirects (%s)', (dialect) => {
  let visitor: Visitor;
  const suite = suiteServer(dialect, {}, { publicUrl: PUBLIC });
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
    await prepareSeoSite(suite.server.db);
  }, 60_000);

  it('makes the favicon, apple-touch icon and app icons from the site icon, and serves the manifest', async () => {
    const bare = await visitor.get('/manifest.webmanifest');
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(bare.body.icons).toEqual([{ src: '/theme/favicon.svg', sizes: 'any', type: 'image/svg+xml' }]);
    expect((await visitor.get('/site-icon/icon-192.png')).status).toBe(404);
    expect((await visitor.get('/site-icon/other.png')).status).toBe(404);
    expect((await visitor.get<string>('/shop')).body).toContain('<link rel="icon" href="/theme/favicon.svg"');

    const row = await suite.server.db
      .selectFrom('items')
      .select('images')
      .where('url_id', '=', 'linen-shirt')
      .executeTakeFirstOrThrow();
    const imageUrl = (JSON.parse(row.images) as { assetUrl: string }[])[0]?.assetUrl as string;
    expect(imageUrl).toMatch(/^\/files\//);
    const admin = await signInOwner(suite.server.url, 'seo@example.com', 'a-long-password-1');
    expect((await admin.put('/api/config/settings', { siteIcon: { url: 'https://evil.example/x.png' } })).status).toBe(
      400,
    );
    const saved = await admin.put('/api/config/settings', { siteIcon: { url: imageUrl } });
    expect(saved.status).toBe(200);
    expect(saved.body.siteIcon).toEqual({ url: imageUrl });
    try {
      const sharp = (await import('sharp')).default;
      for (const [file, size] of [
        ['favicon-32.png', 32],
        ['apple-touch-icon.png', 180],
        ['icon-192.png', 192],
        ['icon-512.png', 512],
      ] as const) {
        const answer = await fetch(`${suite.server.url}/site-icon/${file}`);
        expect(answer.status, file).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/png');
        const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      }
      const favicon = await fetch(`${suite.server.url}/favicon.ico`);
      expect(favicon.headers.get('content-type')).toBe('image/x-icon');
      expect(readIco(Buffer.from(await favicon.arrayBuffer())).map((image) => image.size)).toEqual([16, 32, 48]);
      const manifest = (await visitor.get('/manifest.webmanifest')).body;
      expect(manifest.name).toBe('Juniper & Oak');
      expect(manifest.start_url).toBe('/');
      expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512']);
      const html = (await visitor.get<string>('/shop')).body;
      expect(html).toMatch(
        /<link rel="icon" href="\/site-icon\/favicon-32\.png\?v=[\w-]+" sizes="32x32" type="image\/png">/,
      );
      expect(html).toMatch(/<link rel="apple-touch-icon" href="\/site-icon\/apple-touch-icon\.png\?v=[\w-]+">/);
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html).not.toContain('/theme/favicon.svg');
    } finally {
      await admin.put('/api/config/settings', { siteIcon: null });
    }
  });

  it('redirects: the owner list answers 301/302 (wildcards, chains), refuses loops, and a renamed page keeps its old links', async () => {
    const admin = await signInOwner(suite.server.url, 'seo@example.com', 'a-long-password-1');
    const site = await suite.server.db.selectFrom('sites').select('settings').executeTakeFirstOrThrow();
    try {
      const loop = await admin.put('/api/config/settings', { redirects: '/a -> /b 301\n/b -> /c\n/c -> /a' });
      expect(loop.status).toBe(400);
      expect(loop.body.message).toContain('loop');
      const bad = await admin.put('/api/config/settings', { redirects: '/ok -> /fine\nnot a rule' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Line 2');
      const saved = await admin.put('/api/config/settings', {
        redirects: '/old-shirt -> /shop/p/linen-shirt 301\n/journal/* -> /blog/* 302\n/chain-1 -> /old-shirt',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.redirects).toContain('/journal/* -> /blog/* 302');
      const one = await visitor.get('/old-shirt?ref=mail');
      expect(one.status).toBe(301);
      expect(one.headers.get('location')).toBe('/shop/p/linen-shirt?ref=mail');
      const wild = await visitor.get('/journal/caring-for-linen');
      expect(wild.status).toBe(302);
      expect(wild.headers.get('location')).toBe('/blog/caring-for-linen');
      const chain = await visitor.get('/chain-1');
      expect(chain.status).toBe(301);
      expect(chain.headers.get('location')).toBe('/old-shirt');
      expect((await visitor.get('/shop')).status).toBe(200);
      expect((await visitor.request('POST', '/old-shirt', { body: {} })).status).not.toBe(301);
      // The server's own visitor pages (sign-in, cart, checkout) are never sent away, whatever a rule says.
      const own = await admin.put('/api/config/settings', { redirects: '/account/* -> /blog\n/cart -> /shop' });
      expect(own.status).toBe(200);
      for (const path of ['/account/login', '/cart']) expect((await visitor.get(path)).status, path).not.toBe(301);

      // Renaming a page adds its redirects (the page and what lives under it), and moving back drops the loop.
      const about = await suite.server.db
        .selectFrom('collections')
        .select('id')
        .where('slug', '=', 'about')
        .executeTakeFirstOrThrow();
      expect(
        (await admin.request('PATCH', `/api/config/pages/${about.id}`, { body: { slug: 'our-story' } })).status,
      ).toBe(200);
      const moved = await visitor.get('/about?lang=fr');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/our-story?lang=fr');
      expect((await visitor.get('/about/anything')).headers.get('location')).toBe('/our-story/anything');
      expect((await admin.request('PATCH', `/api/config/pages/${about.id}`, { body: { slug: 'about' } })).status).toBe(
        200,
      );
      expect((await visitor.get('/about')).status).toBe(200);
      expect((await visitor.get('/our-story')).headers.get('location')).toBe('/about');

      // So does a post given a new address in the blog editor.
      const { body } = await admin.get('/api/config/blogs');
      const blogId = body.blogs.find((b: { slug: string }) => b.slug === 'blog').id;
      const post = {
        title: 'Moving day',
        excerpt: 'x',
        body: '<p>x</p>',
        author: 'Ada',
        status: 'published',
        tags: [],
        categories: [],
      };
      const created = await admin.post(`/api/config/blogs/${blogId}/posts`, post);
      expect(created.status).toBe(200);
      const { id, urlId } = created.body.post;
      const edited = await admin.put(`/api/config/blogs/${blogId}/posts/${id}`, { ...post, urlId: 'moved-day' });
      expect(edited.status).toBe(200);
      const old = await visitor.get(`/blog/${urlId}`);
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe('/blog/moved-day');
      expect((await visitor.get('/blog/moved-day')).status).toBe(200);
      await admin.delete(`/api/config/blogs/${blogId}/posts/${id}`);
    } finally {
      await suite.server.db.updateTable('sites').set({ settings: site.settings }).execute();
      suite.server.app.services.content.invalidate();
    }
  });
});
