import { describe, expect, it } from 'vitest';
import { stripThenTruncate } from './fused.js';
import { escapeHtml, escapeHtmlAttribute, slugify, smartypants, stripTags, truncate, urlEncode } from './text.js';

/** The classic definition: UTF-8 bytes through legacy escape(). */
function referenceUrlEncode(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return escape(binary);
}

describe('text formatters', () => {
  it('url-encodes UTF-8 bytes exactly like escape() over UTF-8', () => {
    for (const s of ['plain', 'a b&c', '“😍”', 'é/@*_+-.', "!~'()", '\ud800x', 'end\udfff', '']) {
      expect(urlEncode(s)).toBe(referenceUrlEncode(s));
    }
    // Every ASCII character, two- and three-byte characters, pairs and lone surrogates, at random.
    const extra = ['é', 'ß', '\u07ff', '\u0800', '€', '\uffff', '😍', '\ud800', '\udfff', '\ud83d'];
    let seed = 3;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let n = 0; n < 5000; n++) {
      let s = '';
      const length = next() % 16;
      for (let i = 0; i < length; i++) {
        const r = next() % 160;
        s += r < 128 ? String.fromCharCode(r) : extra[r % extra.length];
      }
      expect(urlEncode(s), JSON.stringify(s)).toBe(referenceUrlEncode(s));
    }
  });

  it('slugifies like dropping symbols then joining whitespace runs', () => {
    const regexSlug = (s: string) =>
      s
        .replace(/[^a-zA-Z0-9\s-]+/g, '')
        .replace(/\s+/g, '-')
        .toLowerCase();
    for (const s of ["If Strike Isn't Settled", ' a ! b ', 'Ünïcode\u00a0and\ttabs', 'x--y', '']) {
      expect(slugify(s)).toBe(regexSlug(s));
    }
  });

  it('slugifies any text exactly like the character-by-character definition', () => {
    const definition = (text: string) => {
      let out = '';
      let space = false;
      for (const ch of text) {
        if (/^[a-zA-Z0-9-]$/.test(ch)) {
          if (space) out += '-';
          space = false;
          out += ch.toLowerCase();
        } else if (/^\s$/.test(ch)) space = true;
      }
      return space ? `${out}-` : out;
    };
    const alphabet = ['a', 'Z', '7', '-', ' ', '\t', '!', '"', 'é', 'İ', '\u212a', '\u00a0', '\ufeff', 'ß', '😍'];
    let seed = 1;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const length = next() % 12;
      for (let i = 0; i < length; i++) s += alphabet[next() % alphabet.length];
      expect(slugify(s)).toBe(definition(s));
    }
    // ASCII-only text takes its own path (lower-cased at once, runs sliced): longer texts of it.
    const ascii = [
      'a',
      'Q',
      'z',
      'A',
      '0',
      '9',
      '-',
      ' ',
      '\t',
      '\n',
      '\v',
      '\f',
      '\r',
      '!',
      "'",
      '%',
      '_',
      '~',
      '\x7f',
      '\u0000',
    ];
    for (let n = 0; n < 3000; n++) {
      let s = '';
      const length = next() % 40;
      for (let i = 0; i < length; i++) s += ascii[next() % ascii.length];
      expect(slugify(s)).toBe(definition(s));
    }
  });

  it('escapes markup and returns the input when nothing needs escaping', () => {
    const clean = 'nothing to escape';
    expect(escapeHtml(clean)).toBe(clean);
    expect(escapeHtml('"<a & b>"')).toBe('"&lt;a &amp; b&gt;"');
    expect(escapeHtmlAttribute('"<a & b>"')).toBe('&quot;&lt;a &amp; b&gt;&quot;');
  });

  it('truncates at the last whitespace before the limit', () => {
    expect(truncate('hello brave new world', 12, '...')).toBe('hello brave ...');
    expect(truncate('short', 12, '...')).toBe('short');
  });

  it('makes quotes curly in one pass exactly like the five replacements', () => {
    const definition = (text: string) =>
      text
        .replace(/(^|[-\u2014\\s(["])'/gm, '$1\u2018')
        .replace(/'/g, '\u2019')
        .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
        .replace(/"/g, '\u201d')
        .replace(/--/g, '\u2014');
    const alphabet = [
      "'",
      '"',
      '-',
      '\u2014',
      '\\',
      's',
      '(',
      '[',
      '/',
      '\u2018',
      ' ',
      '\n',
      '\r',
      '\u2028',
      '\u00a0',
      '\t',
      'a',
      '\ud83d\ude00',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 20000; n++) {
      let s = '';
      const length = Math.floor(next() * 14);
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      expect(smartypants(s)).toBe(definition(s));
    }
    // The reference's class holds a backslash and `s`, not whitespace: after a space, `'` closes.
    expect(smartypants("Sale -- 20% off 'today'")).toBe('Sale \u2014 20% off \u2019today\u2019');
  });

  it('strips tags exactly like /<[^>]*?>/g', () => {
    const alphabet = ['<', '>', 'a', ' ', '/', '\n'];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 20000; n++) {
      let s = '';
      const length = Math.floor(next() * 12);
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      expect(stripTags(s)).toBe(s.replace(/<[^>]*?>/g, ''));
    }
  });

  it('truncates at the last space, tab, newline, vertical tab, carriage return or form feed', () => {
    for (const space of [' ', '\n', '\t', '\v', '\r', '\f']) {
      expect(truncate(`abc${space}defgh`, 6, '…')).toBe(`abc${space}…`);
    }
    expect(truncate('abc\u00a0defgh', 6, '…')).toBe('abc\u00a0de…');
  });

  it('safe, slugify and smartypants stop past the output limit and give the whole text within it', () => {
    const alphabet = ['<', '>', 'a', 'B', ' ', '\t', '-', "'", '"', '!', 'é', '\u00a0'];
    let seed = 5;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const fns: [string, (text: string, max?: number) => string][] = [
      ['stripTags', stripTags],
      ['slugify', slugify],
      ['smartypants', smartypants],
    ];
    for (let n = 0; n < 6000; n++) {
      let s = '';
      const length = Math.floor(next() * 40);
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      const max = Math.floor(next() * 30);
      for (const [name, fn] of fns) {
        const whole = fn(s);
        const bounded = fn(s, max);
        // Within the limit the same text; past it a text past the limit that starts the whole one.
        if (whole.length <= max) expect(bounded, `${name} ${JSON.stringify(s)} ${max}`).toBe(whole);
        else {
          expect(bounded.length, `${name} ${JSON.stringify(s)} ${max}`).toBeGreaterThan(max);
          expect(whole.startsWith(bounded), `${name} ${JSON.stringify(s)} ${max}`).toBe(true);
        }
      }
    }
    // A long text stops soon after the limit instead of being built whole.
    const long = '<b>Tom</b> & "Jerry" -- it\'s '.repeat(100_000);
    expect(stripTags(long, 100).length).toBeLessThan(200);
    expect(slugify(long, 100).length).toBeLessThan(200);
    expect(smartypants(long, 100).length).toBeLessThan(200);
    // A long text whose result fits is built in full.
    expect(slugify(`${'!'.repeat(5000)}Ok`, 10)).toBe('ok');
    expect(stripTags(`${'<i>'.repeat(5000)}x`, 10)).toBe('x');
  });

  it('safe|truncate as one pass gives what the two give, for texts with many tags too', () => {
    const twoSteps = (text: string, limit: number, ellipsis: string) => {
      const stripped = stripTags(text);
      return stripped.length <= limit ? stripped : truncate(stripped, limit, ellipsis);
    };
    const texts = [
      `${'<b>ab</b> '.repeat(3000)}tail`,
      '<p>Short <em>text</em> here</p>',
      `${'word '.repeat(50)}<i>x</i>`,
      `<a>${'y'.repeat(300)}</a> z`,
    ];
    // Twice in turn: the kept parts of one text never leak into the next.
    for (const round of [1, 2]) {
      for (const text of texts) {
        for (const limit of [1, 7, 60, 180, 5000, 20000]) {
          expect(stripThenTruncate(text, limit, '…', 1_000_000), `${round} ${limit} ${text.slice(0, 20)}`).toBe(
            twoSteps(text, limit, '…'),
          );
        }
      }
    }
  });
});
