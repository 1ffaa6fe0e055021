import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip body made once for many answers that differ only by short per-answer texts (the visitor's
 * crumb) at known places (issue 20, `page-answers.ts`). The fixed parts are compressed ahead, each on
 * its own (a flush ends each part byte-aligned and no later part points back into an earlier one);
 * an answer puts each part's deflate bytes in order with every per-answer text between them as a
 * stored (uncompressed) deflate block, and ends with the CRC-32 and length of the whole text, which
 * are combined from the parts' own without reading their bytes again. No answer is compressed
 * per request, and no byte of one visitor's text is ever in a shared part.
 */
export interface GzipTemplate {
  /** Deflate bytes of each fixed part; the last one ends the stream. */
  readonly deflated: readonly Buffer[];
  /** CRC-32 of each fixed part, and the operator that moves a CRC past that many bytes. */
  readonly crcs: readonly number[];
  readonly shifts: readonly number[];
  readonly lengths: readonly number[];
}

/** The longest per-answer text a stored block takes here (the crumb is at most 128 characters). */
export const MAX_SPLICED_BYTES = 65_535;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const LEVEL = 6;

/** Compresses the fixed parts of a text that is `parts.join(x)` for each answer's own `x`. */
export function gzipTemplate(parts: readonly Buffer[]): GzipTemplate {
  const last = parts.length - 1;
  return {
    deflated: parts.map((part, index) =>
      deflateRawSync(part, {
        level: LEVEL,
        finishFlush: index === last ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
      }),
    ),
    crcs: parts.map((part) => crc32(part)),
    shifts: parts.map((part) => shiftOperator(part.length)),
    lengths: parts.map((part) => part.length),
  };
}

/** The gzip bytes of `parts.join(text)`: `text` (ASCII or UTF-8) goes in stored blocks between the parts. */
export function gzipSpliced(template: GzipTemplate, text: Buffer): Buffer[] {
  if (text.length > MAX_SPLICED_BYTES) throw new RangeError('spliced text too long for one stored block');
  const stored = storedBlock(text);
  const textCrc = crc32(text);
  const textShift = shiftOperator(text.length);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  template.deflated.forEach((deflated, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = combine(crc, textCrc, textShift);
      length += text.length;
    }
    chunks.push(deflated);
    crc = combine(crc, template.crcs[index] as number, template.shifts[index] as number);
    length += template.lengths[index] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

/** A non-final stored deflate block holding `bytes` (the stream is byte-aligned where it goes). */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

// CRC-32 arithmetic (polynomials over GF(2), reflected, as zlib's crc32_combine): the CRC of A then B
// is (CRC of A moved past |B| bytes) xor (CRC of B), and "moved past n bytes" is a product with
// x^(8n) modulo the polynomial, which `shiftOperator` computes once per part length.

const POLY = 0xedb88320;
/** x^(2^k) modulo the polynomial, for k = 0..31 (x^1 is 1 << 30 in the reflected order). */
const POWERS: number[] = (() => {
  const powers = [1 << 30];
  for (let k = 1; k < 32; k++) powers.push(multiply(powers[k - 1] as number, powers[k - 1] as number));
  return powers;
})();

function multiply(a: number, b: number): number {
  let product = 0;
  let bit = 0x80000000;
  let factor = b >>> 0;
  for (let i = 0; i < 32; i++) {
    if (a & bit) product ^= factor;
    bit >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(8n) modulo the polynomial: moves a CRC past n bytes. */
export function shiftOperator(bytes: number): number {
  let result = 0x80000000;
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n & 1) result = multiply(POWERS[k & 31] as number, result);
    n = Math.floor(n / 2);
    k++;
  }
  return result;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's shift operator. */
export function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiply(shiftB, crcA) ^ crcB) >>> 0;
}
