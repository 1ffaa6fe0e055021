import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.js';
import { DiskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';
import { S3Storage } from './s3-storage.js';

// One contract, two stores: the files folder and an S3 bucket (s3rver, started here).

async function text(storage: FileStorage, key: string): Promise<string | undefined> {
  return (await storage.read(key))?.toString('utf8');
}

let s3: TestS3;
const disk = mkdtempSync(join(tmpdir(), 'tessera-disk-storage-'));

beforeAll(async () => {
  s3 = await startTestS3();
});

afterAll(async () => {
  await s3?.close();
  rmSync(disk, { recursive: true, force: true });
});

const stores: [string, () => FileStorage][] = [
  ['disk', () => new DiskStorage(disk)],
  ['s3', () => new S3Storage(s3.settings)],
  ['s3 with a key prefix', () => new S3Storage({ ...s3.settings, prefix: 'shop-a/' })],
];

describe.each(stores)('%s storage', (kind, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('stores, reads, streams and describes a file', async () => {
    await storage.check();
    await storage.put('hello.txt', Buffer.from('hello'), 'text/plain; charset=utf-8');
    expect(await text(storage, 'hello.txt')).toBe('hello');
    const info = await storage.head('hello.txt');
    expect(info).toMatchObject({ size: 5, contentType: 'text/plain; charset=utf-8' });
    expect(info?.etag).not.toBe('');
    const got = await storage.get('hello.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of got?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(got?.info.size).toBe(5);
  });

  it('answers undefined for a missing file and deletes quietly', async () => {
    expect(await storage.head('missing.png')).toBeUndefined();
    expect(await storage.get('missing.png')).toBeUndefined();
    expect(await storage.read('missing.png')).toBeUndefined();
    await storage.delete('missing.png');
  });

  it('replaces a file with a new tag, and moves it', async () => {
    await storage.put('a.txt', Buffer.from('one'));
    const first = await storage.head('a.txt');
    await storage.put('a.txt', Buffer.from('second'));
    const second = await storage.head('a.txt');
    expect(second?.size).toBe(6);
    expect(second?.etag).not.toBe(first?.etag);
    await storage.move('a.txt', 'b.txt');
    expect(await storage.head('a.txt')).toBeUndefined();
    expect(await text(storage, 'b.txt')).toBe('second');
  });

  it('lists one level, knows folders and deletes a whole prefix', async () => {
    await storage.put('photo.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.put('.cache/photo.jpg/500w.webp', Buffer.from('w'), 'image/webp');
    await storage.put('.cache/photo.jpg/100w.avif', Buffer.from('a'), 'image/avif');
    await storage.put('.cache/photo.jpg.old/100w.avif', Buffer.from('o'));
    const top = (await storage.list('')).map((file) => file.key);
    expect(top).toEqual(expect.arrayContaining(['photo.jpg', 'b.txt', 'hello.txt']));
    expect(top.some((key) => key.includes('/'))).toBe(false);
    expect((await storage.list('.cache/photo.jpg/')).map((file) => file.key)).toEqual([
      '.cache/photo.jpg/100w.avif',
      '.cache/photo.jpg/500w.webp',
    ]);
    expect(await storage.head('.cache/photo.jpg/500w.webp')).toMatchObject({ contentType: 'image/webp', size: 1 });
    expect(await storage.hasPrefix('.cache/photo.jpg/')).toBe(true);
    expect(await storage.hasPrefix('nothing/')).toBe(false);
    await storage.deletePrefix('.cache/photo.jpg/');
    expect(await storage.hasPrefix('.cache/photo.jpg/')).toBe(false);
    expect(await text(storage, '.cache/photo.jpg.old/100w.avif')).toBe('o');
    expect(await text(storage, 'photo.jpg')).toBe('jpeg');
  });

  it('refuses keys that leave the store', async () => {
    for (const key of ['../escape.txt', '/abs.txt', 'a/../../b', 'a//b', 'nul\0.txt', 'back\\slash']) {
      await expect(storage.put(key, Buffer.from('x')), `${kind}: ${key}`).rejects.toThrow(/Not a storage key/);
    }
  });
});

describe('s3 storage', () => {
  it('keeps shops apart by key prefix in one bucket', async () => {
    const a = new S3Storage({ ...s3.settings, prefix: 'a/' });
    const b = new S3Storage({ ...s3.settings, prefix: 'b/' });
    await a.put('same.txt', Buffer.from('A'));
    expect(await b.head('same.txt')).toBeUndefined();
  });

  it('fails its readiness check when the bucket does not exist', async () => {
    await expect(new S3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });
});
