import { createHash, randomBytes } from 'node:crypto';

/** 32 letters and digits without the look-alikes 0/O and 1/I: 5 bits each, 80 bits per code. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new gift card code from the system's secure random source: 16 characters in groups of four. */
export function newGiftCardCode(): string {
  const bytes = randomBytes(16);
  let code = '';
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) code += '-';
    code += ALPHABET[bytes[i]! & 31];
  }
  return code;
}

/** Codes are matched without case, spaces or dashes, and stored only as this hash. */
export function giftCardHash(code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
