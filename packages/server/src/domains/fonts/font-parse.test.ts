import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_THEME_DIR } from '../../repo-paths.js';
import { FontParseError, parseFont, sniffFontFormat } from './font-parse.js';

const inter = (weight: number) =>
  new Uint8Array(readFileSync(join(DEFAULT_THEME_DIR, `assets/fonts/inter-latin-${weight}-normal.woff2`)));

function u16(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}
function u32(n: number): number[] {
  return [...u16(n >>> 16), ...u16(n & 0xffff)];
}
function utf16(s: string): number[] {
  return [...s].flatMap((c) => u16(c.charCodeAt(0)));
}

/** A name table with Windows US English names 1 (family), 2 (subfamily) and optionally 16. */
function nameTable(family: string, sub: string, typographic?: string): number[] {
  const names: [number, string][] = [
    [1, family],
    [2, sub],
  ];
  if (typographic) names.push([16, typographic]);
  const storage = 6 + names.length * 12;
  const records: number[] = [];
  const strings: number[] = [];
  for (const [id, text] of names) {
    const raw = utf16(text);
    records.push(...u16(3), ...u16(1), ...u16(0x409), ...u16(id), ...u16(raw.length), ...u16(strings.length));
    strings.push(...raw);
  }
  return [...u16(0), ...u16(names.length), ...u16(storage), ...records, ...strings];
}
function os2Table(weight: number, italic: boolean): number[] {
  const t = new Array(78).fill(0);
  t.splice(4, 2, ...u16(weight));
  t.splice(62, 2, ...u16(italic ? 1 : 0x40));
  return t;
}

/** A minimal TrueType file: just name + OS/2 tables (enough for the parser). */
function tinyTtf(family = 'Tiny Sans', weight = 700, italic = true, typographic?: string): Uint8Array {
  const tables: [string, number[]][] = [
    ['OS/2', os2Table(weight, italic)],
    ['name', nameTable(family, 'Bold', typographic)],
  ];
  const header = [...u32(0x00010000), ...u16(tables.length), 0, 0, 0, 0, 0, 0];
  let offset = 12 + tables.length * 16;
  const dir: number[] = [];
  const body: number[] = [];
  for (const [tag, data] of tables) {
    const padded = [...data, ...new Array((4 - (data.length % 4)) % 4).fill(0)];
    dir.push(...[...tag].map((c) => c.charCodeAt(0)), ...u32(0), ...u32(offset), ...u32(data.length));
    body.push(...padded);
    offset += padded.length;
  }
  return new Uint8Array([...header, ...dir, ...body]);
}

/** Re-wraps the sfnt's tables as WOFF 1 (each table deflated when that is smaller). */
function toWoff(ttf: Uint8Array): Uint8Array {
  const dv = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const count = dv.getUint16(4);
  let offset = 44 + count * 20;
  const dir: number[] = [];
  const body: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const data = ttf.subarray(dv.getUint32(at + 8), dv.getUint32(at + 8) + dv.getUint32(at + 12));
    const deflated = deflateSync(data);
    const packed = [...(deflated.length < data.length ? deflated : data)];
    dir.push(...ttf.subarray(at, at + 4), ...u32(offset), ...u32(packed.length), ...u32(data.length), ...u32(0));
    const padded = [...packed, ...new Array((4 - (packed.length % 4)) % 4).fill(0)];
    body.push(...padded);
    offset += padded.length;
  }
  const header = [...[...'wOFF'].map((c) => c.charCodeAt(0)), ...u32(0x00010000), ...u32(offset), ...u16(count), 0, 0];
  header.push(...u32(ttf.length), 0, 1, 0, 0, ...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0));
  return new Uint8Array([...header, ...dir, ...body]);
}

/** A WOFF 2 whose single brotli stream unpacks to `size` bytes of an untransformed custom table. */
function woff2Bomb(size: number, declared = size): Uint8Array {
  const stream = brotliCompressSync(Buffer.alloc(size), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  const dir = [63, ...[...'BOMB'].map((c) => c.charCodeAt(0))];
  let n = declared;
  const varint: number[] = [n & 0x7f];
  while ((n >>>= 7) > 0) varint.unshift(0x80 | (n & 0x7f));
  dir.push(...varint);
  const total = 48 + dir.length + stream.length;
  const header = [...[...'wOF2'].map((c) => c.charCodeAt(0)), ...u32(0x00010000), ...u32(total), ...u16(1), 0, 0];
  header.push(...u32(size), ...u32(stream.length), ...new Array(24).fill(0));
  return new Uint8Array([...header, ...dir, ...stream]);
}

describe('font parsing', () => {
  it('reads family, weight and style from the shipped Inter WOFF2 files', () => {
    for (const weight of [400, 600]) {
      expect(parseFont(inter(weight))).toEqual({
        format: 'woff2',
        family: 'Inter',
        subfamily: expect.any(String),
        weight,
        italic: false,
      });
    }
  });

  it('reads a TrueType file and the same tables wrapped as WOFF', () => {
    const ttf = tinyTtf();
    expect(parseFont(ttf)).toEqual({
      format: 'ttf',
      family: 'Tiny Sans',
      subfamily: 'Bold',
      weight: 700,
      italic: true,
    });
    expect(parseFont(toWoff(ttf))).toMatchObject({ format: 'woff', family: 'Tiny Sans', weight: 700, italic: true });
    expect(parseFont(tinyTtf('Tiny Sans Bold', 400, false, 'Tiny Sans'))).toMatchObject({
      family: 'Tiny Sans',
      italic: false,
    });
  });

  it('says what is wrong with files that are not fonts or are damaged', () => {
    expect(sniffFontFormat(new TextEncoder().encode('<svg>'))).toBeUndefined();
    expect(() => parseFont(new TextEncoder().encode('GIF89a....'))).toThrow(/not a font/);
    const font = inter(400);
    expect(() => parseFont(font.subarray(0, font.length - 100))).toThrow(/truncated/);
    const ttf = tinyTtf();
    expect(() => parseFont(ttf.subarray(0, 40))).toThrow(FontParseError);
    // A table offset pointing far past the end of the file.
    const forged = ttf.slice();
    new DataView(forged.buffer).setUint32(12 + 8, 0x7fffffff);
    expect(() => parseFont(forged)).toThrow(/out of range/);
    const woff = toWoff(ttf);
    expect(() => parseFont(woff.subarray(0, woff.length - 8))).toThrow(/truncated/);
  });

  it('stops a decompression bomb at the size cap', () => {
    // The directory admits to a huge table: refused before unpacking.
    expect(() => parseFont(woff2Bomb(1024, 64 * 1024 * 1024))).toThrow(/more than the allowed size/);
    // The directory lies (1 KB) but the stream unpacks to 4 MB: unpacking stops at the cap.
    expect(() => parseFont(woff2Bomb(4 * 1024 * 1024, 1024), 1024 * 1024)).toThrow(/more than the allowed size/);
  });
});
