import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.js';
import { DiskStorage, deleteSiteFiles, type FileStorage, S3Storage } from '../index.js';

// `tessera site delete` removes the site's part of the files (issue 19): the root site's top level
// and resized copies but never the other sites' folder, or a site's `sites/<id>/` alone. On the
// files folder and on an S3 bucket (s3rver, started here), whose listing is not a folder walk.

const KEYS = [
  'root.png',
  'products/mug.jpg',
  '.cache/root.png/100w.webp',
  'sites/a/a.png',
  'sites/a/.cache/a.png/100w.webp',
  'sites/b/b.png',
];

async function stored(storage: FileStorage): Promise<string[]> {
  const found: string[] = [];
  for (const key of KEYS) if (await storage.head(key)) found.push(key);
  return found;
}

describe('deleting a site’s files', () => {
  let s3: TestS3;
  let dir: string;
  const stores: Record<string, () => FileStorage> = {};
  beforeAll(async () => {
    s3 = await startTestS3('tessera-delete-site-files');
    dir = mkdtempSync(join(tmpdir(), 'tessera-delete-site-files-'));
    stores.disk = () => new DiskStorage(dir);
    stores.s3 = () => new S3Storage(s3.settings);
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const kind of ['disk', 's3']) {
    it(`removes sites/<id>/ of a site, or the root site's top level but sites/ (${kind})`, async () => {
      const storage = stores[kind]!();
      for (const key of KEYS) await storage.put(key, Buffer.from(key));
      await deleteSiteFiles(storage, { id: 'a', root: false });
      expect(await stored(storage)).toEqual([
        'root.png',
        'products/mug.jpg',
        '.cache/root.png/100w.webp',
        'sites/b/b.png',
      ]);
      await deleteSiteFiles(storage, { id: 'root', root: true });
      // Its top-level files and folders (resized copies, products/) go; the other site's stays.
      expect(await stored(storage)).toEqual(['sites/b/b.png']);
      if (storage instanceof S3Storage) storage.client.destroy();
    });
  }
});
