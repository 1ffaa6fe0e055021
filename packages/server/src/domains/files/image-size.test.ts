import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { originalSizeOf } from './image-size.js';

describe('originalSizeOf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-image-size-'));
  beforeAll(async () => {
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c84' } })
      .png()
      .toFile(join(dir, 'wide photo.png'));
    writeFileSync(join(dir, 'notes.txt'), 'not an image');
  });

  it('reads the width and height of an uploaded image', async () => {
    expect(await originalSizeOf(dir, '/files/wide%20photo.png')).toBe('640x360');
  });

  it('gives nothing for a missing file, a file that is no image, or an address outside the folder', async () => {
    expect(await originalSizeOf(dir, '/files/missing.png')).toBe('');
    expect(await originalSizeOf(dir, '/files/notes.txt')).toBe('');
    expect(await originalSizeOf(dir, '/files/../etc/passwd')).toBe('');
    expect(await originalSizeOf(dir, '/files/%E0%A4%A')).toBe('');
    expect(await originalSizeOf(dir, 'https://elsewhere.test/a.png')).toBe('');
  });
});
