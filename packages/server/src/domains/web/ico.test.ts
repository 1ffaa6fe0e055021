import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICO_SIZES, icoFile, readIco } from './ico.js';

describe('icoFile', () => {
  it('packs square PNGs of several sizes into one icon file that reads back size by size', async () => {
    const pngs = await Promise.all(
      ICO_SIZES.map(async (size) => ({
        size,
        png: await sharp({ create: { width: size, height: size, channels: 4, background: '#2f4a3a' } })
          .png()
          .toBuffer(),
      })),
    );
    const file = icoFile(pngs);
    expect([...file.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    const images = readIco(file);
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const [index, image] of images.entries()) {
      expect(image.bytes.equals(pngs[index]?.png as Buffer)).toBe(true);
      expect((await sharp(image.bytes).metadata()).width).toBe(ICO_SIZES[index]);
    }
  });

  it('writes 256 as 0 and refuses sizes an icon cannot hold', () => {
    const file = icoFile([{ size: 256, png: Buffer.from('png') }]);
    expect(file.readUInt8(6)).toBe(0);
    expect(readIco(file)[0]?.size).toBe(256);
    expect(() => icoFile([{ size: 300, png: Buffer.alloc(1) }])).toThrow(RangeError);
    expect(() => readIco(Buffer.from('GIF89a'))).toThrow('not an icon file');
  });
});
