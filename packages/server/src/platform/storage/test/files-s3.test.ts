import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalSizeOf } from '../../../domains/files/image-size.js';
import { resizeStats } from '../../../domains/files/resize-guard.js';
import { S3Storage } from '../index.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.js';
import { Visitor, uploadFiles } from '../../../../test/visitor.js';

// Issue 18, files on many nodes: two app instances on one database and one S3 bucket (s3rver,
// started here). An upload through one node is served by the other; an image variant is made once,
// by the first node asked, and reused by the other; a delete through one node is gone for both.

const WEBP = 'image/webp,image/*,*/*;q=0.8';

const upload = (server: TestServer, who: Visitor, name: string, body: Buffer) =>
  uploadFiles(server, who, [{ name, body }]);

async function fetchBytes(server: TestServer, path: string, accept = '*/*') {
  const response = await fetch(`${server.url}${path}`, { headers: { accept } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

for (const dialect of DIALECTS) {
  describe(`files on S3 with two nodes (${dialect})`, () => {
    let s3: TestS3;
    let bucket: S3Storage;
    let a: TestServer;
    let b: TestServer;
    let owner: Visitor;
    /** The same owner's session, talking to node B. */
    let ownerOnB: Visitor;
    let picture: Buffer;
    const dirs: string[] = [];
    const filesDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'tessera-files-s3-'));
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      s3 = await startTestS3();
      bucket = new S3Storage(s3.settings);
      a = await startTestServer({ dialect, config: { filesDir: filesDir(), s3: s3.settings } });
      b = await startTestServer({ dialect, sameDatabaseAs: a, config: { filesDir: filesDir(), s3: s3.settings } });
      owner = await ownerSession(a, OWNERS.editor);
      ownerOnB = new Visitor(b.url, null);
      for (const [name, value] of owner.cookies) ownerOnB.cookies.set(name, value);
      picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
        .jpeg()
        .toBuffer();
    }, 60_000);

    afterAll(async () => {
      await b?.close();
      await a?.close();
      bucket?.client.destroy();
      await s3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('serves through node B a file uploaded through node A, with the usual headers', async () => {
      const saved = await upload(a, owner, 'harbour.jpg', picture);
      expect(saved.status).toBe(200);
      expect(saved.body.files[0]).toMatchObject({
        name: 'harbour.jpg',
        size: picture.length,
        url: '/files/harbour.jpg',
      });
      expect(await bucket.head('harbour.jpg')).toMatchObject({ size: picture.length, contentType: 'image/jpeg' });
      for (const dir of dirs) expect(existsSync(join(dir, 'harbour.jpg'))).toBe(false);

      const served = await fetchBytes(b, '/files/harbour.jpg');
      expect(served.status).toBe(200);
      expect(served.bytes.equals(picture)).toBe(true);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      // The file manager of node B lists it too (the owner's session lives in the shared database).
      const listed = await ownerOnB.get('/api/config/files');
      expect(listed.body.files.map((file: { name: string }) => file.name)).toContain('harbour.jpg');
      // The same name again gets a new one, whichever node stored the first.
      const again = await upload(b, ownerOnB, 'harbour.jpg', picture);
      expect(again.body.files[0].name).toBe('harbour-2.jpg');
    });

    it('makes a variant once, on the first node asked, and node B reuses it', async () => {
      const before = resizeStats.decodes;
      // Ten requests at once on node A share one resize.
      const first = await Promise.all(
        Array.from({ length: 10 }, () => fetchBytes(a, '/files/harbour.jpg?format=300w', WEBP)),
      );
      expect(resizeStats.decodes - before).toBe(1);
      for (const answer of first) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/webp');
        expect(answer.headers.get('vary')).toBe('Accept');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      const stored = await bucket.head('.cache/harbour.jpg/300w.webp');
      expect(stored?.contentType).toBe('image/webp');
      expect((await sharp(first[0].bytes).metadata()).width).toBe(300);

      const fromB = await fetchBytes(b, '/files/harbour.jpg?format=300w', WEBP);
      expect(fromB.status).toBe(200);
      expect(fromB.bytes.equals(first[0].bytes)).toBe(true);
      expect(resizeStats.decodes - before).toBe(1);
      const after = await bucket.head('.cache/harbour.jpg/300w.webp');
      expect(after?.etag).toBe(stored?.etag);
      expect(after?.lastModified.getTime()).toBe(stored?.lastModified.getTime());

      // And the other way round: a JPEG copy made by B is reused by A.
      const jpegFromB = await fetchBytes(b, '/files/harbour.jpg?format=500w', 'image/jpeg');
      expect(jpegFromB.headers.get('content-type')).toBe('image/jpeg');
      expect(resizeStats.decodes - before).toBe(2);
      const jpegFromA = await fetchBytes(a, '/files/harbour.jpg?format=500w', 'image/jpeg');
      expect(jpegFromA.bytes.equals(jpegFromB.bytes)).toBe(true);
      expect(resizeStats.decodes - before).toBe(2);
    });

    it('makes the site icon on node B from a file uploaded through node A', async () => {
      const mark = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa2244' } })
        .png()
        .toBuffer();
      expect((await upload(a, owner, 'mark.png', mark)).status).toBe(200);
      const admin = await ownerSession(a, OWNERS.admin);
      const saved = await admin.put('/api/config/settings', { siteIcon: { url: '/files/mark.png' } });
      expect(saved.status).toBe(200);
      try {
        for (const server of [b, a]) {
          // Node B may hold the settings from before for one content-cache lifetime (2 s) when no
          // bus joins the two (SQLite in one process); on PostgreSQL the bus tells it at once.
          let icon = await fetchBytes(server, '/site-icon/icon-192.png');
          for (let tries = 0; icon.status === 404 && tries < 50; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            icon = await fetchBytes(server, '/site-icon/icon-192.png');
          }
          expect(icon.status).toBe(200);
          const meta = await sharp(icon.bytes).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['png', 192, 192]);
          expect((await fetchBytes(server, '/favicon.ico')).headers.get('content-type')).toBe('image/x-icon');
        }
      } finally {
        await admin.put('/api/config/settings', { siteIcon: null });
      }
    });

    it('refuses the same paths and formats as on disk', async () => {
      expect((await fetchBytes(b, '/files/.cache/harbour.jpg/300w.webp')).status).toBe(404);
      expect((await fetchBytes(b, '/files/..%2Fharbour.jpg')).status).toBe(200);
      expect((await fetchBytes(b, '/files/missing.jpg')).status).toBe(404);
      expect((await fetchBytes(b, '/files/harbour.jpg?format=123w')).status).toBe(400);
    });

    it('a delete through node B removes the file and its variants for both', async () => {
      const deleted = await ownerOnB.delete('/api/config/files/harbour.jpg');
      expect(deleted.status).toBe(200);
      expect(await bucket.head('harbour.jpg')).toBeUndefined();
      expect(await bucket.hasPrefix('.cache/harbour.jpg/')).toBe(false);
      for (const node of [a, b]) {
        expect((await fetchBytes(node, '/files/harbour.jpg')).status).toBe(404);
        expect((await fetchBytes(node, '/files/harbour.jpg?format=300w', WEBP)).status).toBe(404);
      }
      // The other copy is untouched, and its pixel size (srcset widths) is read from the bucket.
      expect((await fetchBytes(a, '/files/harbour-2.jpg')).status).toBe(200);
      expect(await originalSizeOf(a.app.fileStorage, '/files/harbour-2.jpg')).toBe('800x600');
    });

    it('copies the seed pictures drawn on disk into the bucket, so every node serves them', async () => {
      expect(await bucket.head('products/canvas-tote-olive.jpg')).toMatchObject({ contentType: 'image/jpeg' });
      const seeded = await fetchBytes(b, '/files/products/canvas-tote-olive.jpg?format=100w', WEBP);
      expect(seeded.status).toBe(200);
      expect(seeded.headers.get('content-type')).toBe('image/webp');
      expect(await bucket.head('.cache/products/canvas-tote-olive.jpg/100w.webp')).toBeDefined();
    });

    it('reports the bucket in the readiness probe', async () => {
      const ready = await fetch(`${b.url}/readyz`);
      expect(ready.status).toBe(200);
      expect((await ready.json()).checks.files).toBe('ok');
    });
  });
}
