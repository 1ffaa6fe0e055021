import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../files/file-checks.js';
import { resizeStats } from '../../files/resize-guard.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { rawGet } from '../../../../test/web-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 22, images: AVIF and WebP copies chosen by `Accept` on the image's own address, made once
// and kept beside the resized copies; width and height on every picture the theme prints; the
// page's first large picture preloaded with high priority and the rest loaded lazily.

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

function imgTags(html: string): string[] {
  return html.match(/<img\b[^>]*>/g) ?? [];
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1]?.replace(/&amp;/g, '&');
}

function hasAttr(tag: string, name: string): boolean {
  return new RegExp(`\\s${name}(?:=|[\\s>])`).test(tag);
}

function preloadImageLinks(html: string): string[] {
  return (html.match(/<link rel="preload" as="image"[^>]*>/g) ?? []) as string[];
}

// Negotiation does not touch the database, so it runs once; the pages below run on every dialect.
describe('image variants by Accept', () => {
  let server: TestServer;
  let filesDir: string;
  let bigPng: Buffer;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-web-images-'));
    server = await startTestServer({ dialect: 'sqlite', config: { filesDir } });
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a5c3e' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(filesDir, 'photo.jpg'), photo);
    // 10 000 × 5 000 = 50 megapixels: more than sharp is allowed to decode.
    bigPng = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('sends AVIF, WebP or the upload type by Accept, with Vary: Accept, each made once on disk', async () => {
    const url = `${server.url}/files/photo.jpg?format=500w`;
    const before = resizeStats.decodes;
    const avif = await rawGet(url, { accept: CHROME_ACCEPT });
    expect(avif.status).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toMatch(/\bAccept\b/i);
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const avifMeta = await sharp(avif.bytes).metadata();
    expect(avifMeta.format).toBe('heif');
    expect(avifMeta.width).toBe(500);
    expect(existsSync(join(filesDir, '.cache', 'photo.jpg', '500w.avif'))).toBe(true);

    const again = await rawGet(url, { accept: CHROME_ACCEPT });
    expect(again.bytes.equals(avif.bytes)).toBe(true);
    expect(resizeStats.decodes - before).toBe(1);

    const webp = await rawGet(url, { accept: 'image/webp,*/*' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.bytes).metadata()).width).toBe(500);
    const refusedAvif = await rawGet(url, { accept: 'image/avif;q=0, image/webp' });
    expect(refusedAvif.headers['content-type']).toBe('image/webp');
    const plain = await rawGet(url, { accept: '*/*' });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(plain.headers.vary).toMatch(/\bAccept\b/i);
    expect((await sharp(plain.bytes).metadata()).format).toBe('jpeg');
    expect(resizeStats.decodes - before).toBe(3);

    // The full-size copy is re-encoded too; the bare address stays the uploaded file.
    const original = await rawGet(`${server.url}/files/photo.jpg?format=original`, { accept: CHROME_ACCEPT });
    expect(original.headers['content-type']).toBe('image/avif');
    expect((await sharp(original.bytes).metadata()).width).toBe(1200);
    const bare = await rawGet(`${server.url}/files/photo.jpg`, { accept: CHROME_ACCEPT });
    expect(bare.headers['content-type']).toBe('image/jpeg');
    expect(bare.headers.vary ?? '').not.toMatch(/accept/i);
  });

  it('a huge image is still refused on upload, and one already on disk is sent as it is, never decoded whole', async () => {
    const [editor] = await ownerSessions(server, [OWNERS.editor]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bigPng)]), 'huge.png');
    const cookie = [...(editor as Visitor).cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = await fetch(`${server.url}/api/config/files`, {
      method: 'POST',
      body: form,
      headers: { cookie, 'x-csrf-token': (editor as Visitor).cookies.get('crumb') ?? '' },
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toBe(
      FILE_MESSAGES.tooManyPixels('huge.png', 10_000, 5_000),
    );

    writeFileSync(join(filesDir, 'legacy-huge.png'), bigPng);
    const before = resizeStats.decodes;
    for (const format of ['500w', 'original']) {
      for (let i = 0; i < 3; i++) {
        const answer = await rawGet(`${server.url}/files/legacy-huge.png?format=${format}`, { accept: CHROME_ACCEPT });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('image/png');
        expect(answer.headers['cache-control']).toBe('public, max-age=86400');
      }
    }
    // One refused decode per copy, then remembered.
    expect(resizeStats.decodes - before).toBe(2);
    expect(existsSync(join(filesDir, '.cache', 'legacy-huge.png', '500w.avif'))).toBe(false);
  }, 60_000);
});

describe.each(DIALECTS)('picture markup (%s)', (dialect) => {
  let visitor: Visitor;
  let postPath: string;
  const suite = suiteServer(dialect);
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
    const post = await suite.server.db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .select(['items.id', 'items.site_id', 'collections.slug', 'items.url_id'])
      .where('collections.kind', '=', 'blog')
      .where('items.status', '=', 'published')
      .executeTakeFirstOrThrow();
    postPath = `/${post.slug}/${post.url_id}`;
    // The demo posts have no pictures; give one a featured image as the post editor stores it.
    const shirt = await suite.server.db
      .selectFrom('items')
      .select('images')
      .where('url_id', '=', 'linen-shirt')
      .executeTakeFirstOrThrow();
    const image = (JSON.parse(shirt.images) as Record<string, unknown>[])[0];
    await suite.server.db
      .updateTable('items')
      .set({ images: JSON.stringify([image]) })
      .where('id', '=', post.id)
      .execute();
    suite.server.app.services.content.invalidate(post.site_id);
  }, 60_000);

  it('every picture on the demo pages has its width and height', async () => {
    let pictures = 0;
    for (const path of ['/', '/shop', '/shop/p/linen-shirt', '/blog', postPath, '/events', '/gallery', '/lookbook']) {
      const page = await visitor.get<string>(path);
      expect(page.status, path).toBe(200);
      for (const tag of imgTags(page.body)) {
        expect(Number(attr(tag, 'width')), `${path}: ${tag}`).toBeGreaterThan(0);
        expect(Number(attr(tag, 'height')), `${path}: ${tag}`).toBeGreaterThan(0);
        pictures++;
      }
    }
    expect(pictures).toBeGreaterThan(20);
  });

  it('a product page preloads its first photo with high priority, as the <img> asks for it, and loads the rest lazily', async () => {
    const page = await visitor.get<string>('/shop/p/linen-shirt');
    const gallery = imgTags(page.body.slice(page.body.indexOf('class="ProductItem-images"')));
    const [first, ...rest] = gallery.filter((tag) => page.body.includes(`<li class="ProductItem-image">${tag}`));
    expect(first).toBeDefined();
    expect(rest.length).toBeGreaterThan(0);
    expect(attr(first as string, 'fetchpriority')).toBe('high');
    expect(hasAttr(first as string, 'loading')).toBe(false);
    for (const tag of rest) {
      expect(attr(tag, 'loading')).toBe('lazy');
      expect(hasAttr(tag, 'fetchpriority')).toBe(false);
    }
    const links = preloadImageLinks(page.body);
    expect(links).toHaveLength(1);
    const link = links[0] as string;
    expect(page.body.indexOf(link)).toBeLessThan(page.body.indexOf('</head>'));
    expect(attr(link, 'fetchpriority')).toBe('high');
    expect(attr(link, 'href')).toBe(attr(first as string, 'src'));
    expect(attr(link, 'imagesrcset')).toBe(attr(first as string, 'srcset'));
    expect(attr(link, 'imagesizes')).toBe(attr(first as string, 'sizes'));
    expect(attr(link, 'imagesrcset')).toContain('?format=500w 500w');
  });

  it('a blog post preloads its featured image; a page without one preloads nothing', async () => {
    const post = await visitor.get<string>(postPath);
    const featured = imgTags(post.body.slice(post.body.indexOf('class="blog-post__image"')))[0] as string;
    const [link] = preloadImageLinks(post.body);
    expect(link).toBeDefined();
    expect(attr(link as string, 'href')).toBe(attr(featured, 'src'));
    expect(attr(link as string, 'imagesrcset')).toBe(attr(featured, 'srcset'));
    expect(attr(featured, 'fetchpriority')).toBe('high');
    expect(preloadImageLinks((await visitor.get<string>('/about')).body)).toHaveLength(0);
  });
});
