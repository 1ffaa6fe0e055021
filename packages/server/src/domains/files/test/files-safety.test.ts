import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, MAX_IMAGE_PIXELS } from '../file-checks.js';
import { FailureCache, ResizeQueue, ResizeQueueFull, resizeStats } from '../resize-guard.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { Visitor, uploadFiles } from '../../../../test/visitor.js';

// Findings 8 and 11 of the 2026-11 attack review: image resizing is bounded and failures are
// remembered; uploads and renames pass the same checks; folders are neither renamed nor deleted.

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG signature and header, then garbage: sharp reads its size but cannot decode it. */
const BROKEN_PNG = Buffer.concat([PNG_1PX.subarray(0, 33), Buffer.alloc(4000, 0x5a)]);

let bigPng: Buffer;

beforeAll(async () => {
  // 10 000 × 5 000 = 50 megapixels of one colour: a small file, too many pixels.
  bigPng = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);

describe('resize guard', () => {
  it('finding 8: runs at most `concurrency` resizes at once and refuses beyond the waiting line', async () => {
    const queue = new ResizeQueue(2, 2);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        gates.push(() => {
          running--;
          resolve();
        });
      });
    const runs = [queue.run(task), queue.run(task), queue.run(task), queue.run(task)];
    await expect(queue.run(task)).rejects.toBeInstanceOf(ResizeQueueFull);
    expect(queue.queued).toBe(2);
    for (let released = 0; released < 4; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const gate = gates.shift();
      if (gate) {
        gate();
        released++;
      }
    }
    await Promise.all(runs);
    expect(most).toBe(2);
    expect(queue.running).toBe(0);
  });

  it('finding 8: remembers failures for a while and at most `max` of them', () => {
    let now = 0;
    const cache = new FailureCache(2, 1000, () => now);
    cache.add('a');
    cache.add('b');
    cache.add('c');
    expect(cache.size).toBe(2);
    expect(cache.has('a')).toBe(false);
    expect(cache.has('c')).toBe(true);
    now = 1001;
    expect(cache.has('c')).toBe(false);
  });
});

const upload = (server: TestServer, who: Visitor, name: string, body: Buffer) =>
  uploadFiles(server, who, [{ name, body }]);

for (const dialect of DIALECTS) {
  describe(`file safety (${dialect})`, () => {
    let server: TestServer;
    let editor: Visitor;
    let filesDir: string;

    beforeAll(async () => {
      filesDir = mkdtempSync(join(tmpdir(), 'tessera-files-safety-'));
      server = await startTestServer({ dialect, config: { filesDir } });
      [editor] = await ownerSessions(server, [OWNERS.editor]);
    });
    afterAll(async () => {
      await server?.close();
      rmSync(filesDir, { recursive: true, force: true });
    });

    it('finding 8: a broken image requested 20 times in parallel, then again, is decoded once', async () => {
      writeFileSync(join(filesDir, 'broken.png'), BROKEN_PNG);
      const before = resizeStats.decodes;
      const visitor = new Visitor(server.url);
      const answers = await Promise.all(Array.from({ length: 20 }, () => visitor.get('/files/broken.png?format=500w')));
      for (const answer of answers) expect(answer.status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await visitor.get('/files/broken.png?format=500w')).status).toBe(200);
      expect(resizeStats.decodes - before).toBe(1);
      // Another width is another variant: one more decode, then remembered too.
      await Promise.all(Array.from({ length: 5 }, () => visitor.get('/files/broken.png?format=300w')));
      expect(resizeStats.decodes - before).toBe(2);
    });

    it('finding 8: an upload over 40 megapixels is refused with a clear message, and sharp decodes at most that many', async () => {
      const refused = await upload(server, editor, 'huge.png', bigPng);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(FILE_MESSAGES.tooManyPixels('huge.png', 10_000, 5_000));
      expect(existsSync(join(filesDir, 'huge.png'))).toBe(false);
      // One already on disk (copied in before the check existed) is served as it is, never decoded whole.
      writeFileSync(join(filesDir, 'legacy-huge.png'), bigPng);
      const before = resizeStats.decodes;
      const variant = await new Visitor(server.url).get('/files/legacy-huge.png?format=500w');
      expect(variant.status).toBe(200);
      expect(variant.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(resizeStats.decodes - before).toBe(1);
      expect(existsSync(join(filesDir, '.cache', 'legacy-huge.png', '500w.png'))).toBe(false);
      expect(MAX_IMAGE_PIXELS).toBe(40_000_000);

      const small = await upload(server, editor, 'small.png', PNG_1PX);
      expect(small.status).toBe(200);
      const lying = await upload(server, editor, 'lying.png', Buffer.from('<svg onload="alert(1)"></svg>'));
      expect(lying.status).toBe(400);
      expect(lying.body.message).toBe(FILE_MESSAGES.contentMismatch('lying.png', 'text/markup'));
    });

    it('finding 11: a rename passes the upload checks and acts on files only; folders answer 400', async () => {
      const notes = await upload(
        server,
        editor,
        'notes.txt',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      );
      expect(notes.status).toBe(400);
      expect((await upload(server, editor, 'plain.txt', Buffer.from('hello'))).status).toBe(200);
      const rename = (from: string, to: string) =>
        editor.request('PATCH', `/api/config/files/${encodeURIComponent(from)}`, { body: { name: to } });

      const svg = await rename('plain.txt', 'plain.svg');
      expect(svg.status).toBe(400);
      expect(svg.body.message).toBe('plain.svg does not appear to be a supported file');
      const asPng = await rename('plain.txt', 'plain.png');
      expect(asPng.status).toBe(400);
      expect(asPng.body.message).toBe(FILE_MESSAGES.contentMismatch('plain.png', 'text or unknown'));
      expect(existsSync(join(filesDir, 'plain.txt'))).toBe(true);
      expect((await new Visitor(server.url).get('/files/plain.svg')).status).toBe(404);
      // A real picture keeps a picture extension.
      expect((await rename('small.png', 'tiny.png')).status).toBe(200);

      // The seed images live in the `products` folder: it is neither renamed nor deleted.
      expect(statSync(join(filesDir, 'products')).isDirectory()).toBe(true);
      const folderRename = await rename('products', 'gone');
      expect(folderRename.status).toBe(400);
      expect(folderRename.body.message).toBe(FILE_MESSAGES.folderRename('products'));
      const folderDelete = await editor.delete('/api/config/files/products');
      expect(folderDelete.status).toBe(400);
      expect(folderDelete.body.message).toBe(FILE_MESSAGES.folderDelete('products'));
      expect(statSync(join(filesDir, 'products')).isDirectory()).toBe(true);
    });
  });
}
