import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combine, gzipSpliced, gzipTemplate, shiftOperator } from './gzip-splice.js';

describe('gzip splice', () => {
  it('combines CRC-32s as one pass over both texts would', () => {
    for (const [a, b] of [
      ['', ''],
      ['abc', ''],
      ['', 'xyz'],
      ['hello ', 'world'],
      [randomBytes(70_000).toString('hex'), randomBytes(33).toString('hex')],
    ]) {
      const whole = crc32(Buffer.from(a + b));
      expect(combine(crc32(a), crc32(b), shiftOperator(Buffer.byteLength(b)))).toBe(whole);
    }
  });

  it('puts each answer its own text between the compressed parts, and gunzip reads the whole', () => {
    const page = `<html><body>${'<p>linen shirt, soft and light</p>'.repeat(400)}<form><input name="crumb" value="@"></form>${'é€ '.repeat(300)}<script type="application/json">{"crumb":"@"}</script></body></html>`;
    const parts = page.split('@').map((part) => Buffer.from(part));
    const template = gzipTemplate(parts);
    for (const crumb of ['A'.repeat(32), randomBytes(24).toString('base64url'), '']) {
      const body = Buffer.concat(gzipSpliced(template, Buffer.from(crumb)));
      expect(gunzipSync(body).toString()).toBe(page.split('@').join(crumb));
    }
  });

  it('works for a text with the token at its ends, twice in a row, or not at all', () => {
    for (const page of ['@start', 'end@', '@@', 'none', '@', 'a@b@c@d']) {
      const template = gzipTemplate(page.split('@').map((part) => Buffer.from(part)));
      const body = Buffer.concat(gzipSpliced(template, Buffer.from('tok_-9')));
      expect(gunzipSync(body).toString()).toBe(page.split('@').join('tok_-9'));
    }
  });
});
