import { brotliDecompressSync, inflateSync } from 'node:zlib';

// Reads just enough of a font file to check it is one and to name it (issue 21, "fonts of your
// own"): the sfnt table directory (TrueType / OpenType), WOFF 1 (each table zlib-compressed) and
// WOFF 2 (one brotli stream behind a directory of possibly transformed tables; `name`, `OS/2` and
// `head` are never transformed, so they are read as they are). Every offset is checked against the
// bytes actually present and every decompression is capped, so a hostile file fails with a
// `FontParseError` instead of reading out of range or filling memory.

export type FontFormat = 'woff2' | 'woff' | 'ttf' | 'otf';

export interface FontInfo {
  format: FontFormat;
  family: string;
  subfamily: string;
  /** OS/2 usWeightClass, 1..1000 (400 when the file has no OS/2 table). */
  weight: number;
  italic: boolean;
}

export class FontParseError extends Error {}

/** Largest total size of decompressed tables accepted (a bomb's output stops here). */
export const MAX_DECOMPRESSED_BYTES = 32 * 1024 * 1024;

const fail = (message: string): never => {
  throw new FontParseError(message);
};

type Tables = Map<string, Uint8Array>;

function tag(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function need(bytes: Uint8Array, end: number, what: string): void {
  if (end > bytes.byteLength) fail(`The font file is truncated or damaged (${what} is out of range).`);
}

/** Which container the bytes are, from their first four bytes; undefined when it is not a font. */
export function sniffFontFormat(bytes: Uint8Array): FontFormat | undefined {
  if (bytes.byteLength < 4) return undefined;
  const magic = tag(bytes, 0);
  if (magic === 'wOF2') return 'woff2';
  if (magic === 'wOFF') return 'woff';
  if (magic === 'OTTO') return 'otf';
  if (magic === 'true' || (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0)) return 'ttf';
  return undefined;
}

const WANTED = ['name', 'OS/2', 'head'];

function readSfnt(bytes: Uint8Array): Tables {
  need(bytes, 12, 'the header');
  const dv = view(bytes);
  const count = dv.getUint16(4);
  if (count === 0 || count > 512) fail('The font file has an impossible number of tables.');
  need(bytes, 12 + count * 16, 'the table directory');
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const name = tag(bytes, at);
    const offset = dv.getUint32(at + 8);
    const length = dv.getUint32(at + 12);
    need(bytes, offset + length, `table ${name}`);
    if (WANTED.includes(name)) tables.set(name, bytes.subarray(offset, offset + length));
  }
  return tables;
}

function readWoff(bytes: Uint8Array, cap: number): Tables {
  need(bytes, 44, 'the WOFF header');
  const dv = view(bytes);
  if (dv.getUint32(8) !== bytes.byteLength) fail('The font file is truncated or damaged (WOFF length mismatch).');
  const count = dv.getUint16(12);
  if (count === 0 || count > 512) fail('The font file has an impossible number of tables.');
  need(bytes, 44 + count * 20, 'the table directory');
  const tables: Tables = new Map();
  let total = 0;
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const name = tag(bytes, at);
    const offset = dv.getUint32(at + 4);
    const compLength = dv.getUint32(at + 8);
    const origLength = dv.getUint32(at + 12);
    need(bytes, offset + compLength, `table ${name}`);
    if (compLength > origLength) fail(`The font file is damaged (table ${name} is larger compressed than whole).`);
    total += origLength;
    if (total > cap) fail('The font file unpacks to more than the allowed size.');
    if (!WANTED.includes(name)) continue;
    const stored = bytes.subarray(offset, offset + compLength);
    if (compLength === origLength) {
      tables.set(name, stored);
      continue;
    }
    let out: Buffer;
    try {
      out = inflateSync(stored, { maxOutputLength: origLength });
    } catch {
      return fail(`The font file is damaged (table ${name} does not decompress).`);
    }
    if (out.byteLength !== origLength) fail(`The font file is damaged (table ${name} has the wrong size).`);
    tables.set(name, out);
  }
  return tables;
}

// WOFF 2 "known table" tags, indexed by the low six bits of a directory entry's flags.
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT ' +
  'VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar ' +
  'fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}\s?/g)
  ?.map((t) => t.slice(0, 4)) as string[];

function base128(bytes: Uint8Array, cursor: { at: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    need(bytes, cursor.at + 1, 'the table directory');
    const byte = bytes[cursor.at++] as number;
    if (i === 0 && byte === 0x80) fail('The font file is damaged (bad number in the table directory).');
    if (value & 0xfe000000) fail('The font file is damaged (number overflow in the table directory).');
    value = (value << 7) | (byte & 0x7f);
    if ((byte & 0x80) === 0) return value >>> 0;
  }
  return fail('The font file is damaged (number too long in the table directory).');
}

function readWoff2(bytes: Uint8Array, cap: number): Tables {
  need(bytes, 48, 'the WOFF2 header');
  const dv = view(bytes);
  if (dv.getUint32(8) !== bytes.byteLength) fail('The font file is truncated or damaged (WOFF2 length mismatch).');
  if (tag(bytes, 4) === 'ttcf') fail('Font collections are not supported; upload a single font.');
  const count = dv.getUint16(12);
  if (count === 0 || count > 512) fail('The font file has an impossible number of tables.');
  const compressedSize = dv.getUint32(20);
  const cursor = { at: 48 };
  const entries: { name: string; length: number }[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    need(bytes, cursor.at + 1, 'the table directory');
    const flags = bytes[cursor.at++] as number;
    let name: string;
    if ((flags & 0x3f) === 63) {
      need(bytes, cursor.at + 4, 'the table directory');
      name = tag(bytes, cursor.at);
      cursor.at += 4;
    } else name = KNOWN_TAGS[flags & 0x3f] as string;
    const version = flags >> 6;
    const origLength = base128(bytes, cursor);
    const transformed = name === 'glyf' || name === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? base128(bytes, cursor) : origLength;
    if (transformed && WANTED.includes(name)) fail(`The font file is damaged (table ${name} cannot be transformed).`);
    total += length;
    if (total > cap || origLength > cap) fail('The font file unpacks to more than the allowed size.');
    entries.push({ name, length });
  }
  need(bytes, cursor.at + compressedSize, 'the compressed data');
  let stream: Buffer;
  try {
    stream = brotliDecompressSync(bytes.subarray(cursor.at, cursor.at + compressedSize), { maxOutputLength: cap });
  } catch {
    return fail('The font file is damaged or unpacks to more than the allowed size.');
  }
  if (stream.byteLength < total) fail('The font file is truncated or damaged (tables are missing).');
  const tables: Tables = new Map();
  let offset = 0;
  for (const entry of entries) {
    if (WANTED.includes(entry.name)) tables.set(entry.name, stream.subarray(offset, offset + entry.length));
    offset += entry.length;
  }
  return tables;
}

function decodeName(raw: Uint8Array, platform: number): string {
  if (platform === 1) return Buffer.from(raw).toString('latin1');
  let out = '';
  for (let i = 0; i + 1 < raw.byteLength; i += 2)
    out += String.fromCharCode(((raw[i] as number) << 8) | (raw[i + 1] as number));
  return out;
}

/** The best name for an id: Windows US English first, then any Unicode/Windows, then Mac. */
function readNames(table: Uint8Array): Map<number, string> {
  need(table, 6, 'the name table');
  const dv = view(table);
  const count = dv.getUint16(2);
  const storage = dv.getUint16(4);
  need(table, 6 + count * 12, 'the name records');
  const best = new Map<number, { rank: number; value: string }>();
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12;
    const platform = dv.getUint16(at);
    const language = dv.getUint16(at + 4);
    const id = dv.getUint16(at + 6);
    const length = dv.getUint16(at + 8);
    const offset = storage + dv.getUint16(at + 10);
    if (offset + length > table.byteLength) fail('The font file is damaged (a name is out of range).');
    const rank =
      platform === 3 && language === 0x409 ? 3 : platform === 3 || platform === 0 ? 2 : platform === 1 ? 1 : 0;
    if (rank === 0 || (best.get(id)?.rank ?? -1) >= rank) continue;
    best.set(id, { rank, value: decodeName(table.subarray(offset, offset + length), platform) });
  }
  return new Map([...best].map(([id, { value }]) => [id, value.replace(/[\u0000-\u001f\u007f]/g, '').trim()]));
}

/** Parses a font file; throws `FontParseError` with a message fit for the owner. */
export function parseFont(bytes: Uint8Array, cap = MAX_DECOMPRESSED_BYTES): FontInfo {
  const format = sniffFontFormat(bytes) ?? fail('This file is not a font (expected WOFF2, WOFF, TTF or OTF).');
  const tables =
    format === 'woff2' ? readWoff2(bytes, cap) : format === 'woff' ? readWoff(bytes, cap) : readSfnt(bytes);
  const nameTable = tables.get('name') ?? fail('The font file has no name table.');
  const names = readNames(nameTable);
  const family = names.get(16) || names.get(1) || fail('The font file does not name its family.');
  const subfamily = names.get(17) || names.get(2) || 'Regular';
  let weight = 400;
  let italic = false;
  const os2 = tables.get('OS/2');
  if (os2 && os2.byteLength >= 64) {
    const dv = view(os2);
    const w = dv.getUint16(4);
    if (w >= 1 && w <= 1000) weight = w;
    italic = (dv.getUint16(62) & 1) === 1;
  }
  const head = tables.get('head');
  if (!italic && head && head.byteLength >= 46) italic = (view(head).getUint16(44) & 2) === 2;
  if (family.length > 100) fail('The font family name is too long.');
  return { format, family, subfamily, weight, italic };
}
