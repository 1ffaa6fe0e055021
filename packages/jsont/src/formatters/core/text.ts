/** Core formatters that rewrite text: escaping, encoding, slugs, quotes, truncation. */
import type { Formatter, FormatterTable } from '../../plugin.js';
import { fuseFormatters, markFrameFree, VALUE_FUNCTIONS, type ValueFunction, valueFormatter } from '../../plugin.js';
import { escapeLines, stripThenTruncate } from './fused.js';
import { asString, isTruthy } from '../../runtime/values.js';

/**
 * Escape `&`, `<`, `>` and, for attributes, `"`. Scans by char code and returns
 * the input itself when nothing needs escaping, which is the common case.
 */
function escapeMarkup(text: string, quotes: boolean, max: number): string {
  // The result is never shorter than the input: past the limit, nothing needs building.
  if (text.length > max) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Letters and most punctuation come after `>`: one comparison for them.
    if (c > 62) continue;
    let rep: string;
    if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else if (c === 34 && quotes) rep = '&quot;';
    else continue;
    out += text.slice(last, i) + rep;
    last = i + 1;
    if (out.length > max) return out;
  }
  return last === 0 ? text : out + text.slice(last);
}

export function escapeHtml(text: string, max = Number.POSITIVE_INFINITY): string {
  return escapeMarkup(text, false, max);
}

export function escapeHtmlAttribute(text: string, max = Number.POSITIVE_INFINITY): string {
  return escapeMarkup(text, true, max);
}

/**
 * A formatter whose result is never shorter than its input text: an input past the
 * output limit is returned as it is (the engine then stops the render) instead of built.
 * The escaping formatters most pages use (`html`, `htmlattr`, `htmltag`, `line-breaks`,
 * `url-encode`) write this check out in their own function instead: one shared wrapper
 * calling five different functions is a call site V8 cannot inline.
 */
function growing(fn: (text: string, max: number) => string) {
  return valueFormatter((v, _args, ctx) => {
    const text = typeof v === 'string' ? v : asString(v);
    const max = ctx.maxOutputLength;
    return text.length > max ? text : fn(text, max);
  });
}

/**
 * Remove `<...>` tags as `/<[^>]*?>/g` does: from each `<` to the first `>` after it,
 * scanned with `indexOf` instead of the regular expression engine. Once the text built is past
 * `max` it is returned as it is (the chain stops on it): the rest could only make it longer.
 */
export function stripTags(text: string, max = Number.POSITIVE_INFINITY): string {
  let open = text.indexOf('<');
  if (open === -1) return text;
  let out = '';
  let last = 0;
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    // No `>` after this `<` means none after any later `<` either.
    if (close === -1) break;
    out += text.slice(last, open);
    if (out.length > max) return out;
    last = close + 1;
    open = text.indexOf('<', last);
  }
  return last === 0 ? text : out + text.slice(last);
}

const WHITESPACE_CHAR = /\s/g;
/** JavaScript's `\s`: ASCII whitespace plus the Unicode space separators. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Lower-case ASCII letters, digits and hyphens; whitespace runs become one hyphen;
 * everything else is dropped (before runs are joined, so `a ! b` gives `a-b`). A text longer
 * than `max` goes character by character and stops once the slug built is past `max`.
 */
export function slugify(text: string, max = Number.POSITIVE_INFINITY): string {
  if (text.length > max) return slugifyAny(text, max);
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return slugifyAny(text, max);
  }
  // ASCII only: lower-cased at once (no other letter can turn into an ASCII one), and the
  // runs of kept characters sliced out whole.
  const lower = text.toLowerCase();
  let out = '';
  let space = false;
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) {
      if (start === -1) {
        if (space) out += '-';
        space = false;
        start = i;
      }
      continue;
    }
    if (start !== -1) {
      out += lower.slice(start, i);
      start = -1;
    }
    if (c === 32 || (c >= 9 && c <= 13)) space = true;
  }
  if (start !== -1) out += start === 0 ? lower : lower.slice(start);
  return space ? `${out}-` : out;
}

/** `slugify` one character at a time (any text), stopping once the slug is past `max`. */
function slugifyAny(text: string, max: number): string {
  let out = '';
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const upper = c >= 65 && c <= 90;
    if (upper || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) {
      if (space) out += '-';
      space = false;
      out += String.fromCharCode(upper ? c + 32 : c);
      if (out.length > max) return out;
    } else if (isSpace(c)) {
      space = true;
    }
  }
  return space ? `${out}-` : out;
}

/** `^` of a multiline regular expression matches after these. */
function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** Before a `'`, these make it an opening quote: `-`, `—`, `\`, `s`, `(`, `[`, `"`. */
function opensSingle(c: number): boolean {
  return c === 45 || c === 0x2014 || c === 92 || c === 115 || c === 40 || c === 91 || c === 34 || isLineEnd(c);
}

/** Before a `"`, these make it an opening quote: `-`, `—`, `/`, `[`, `(`, `‘` and whitespace. */
function opensDouble(c: number): boolean {
  return c === 45 || c === 0x2014 || c === 47 || c === 91 || c === 40 || c === 0x2018 || isSpace(c);
}

/**
 * Curly quotes and em dashes, the SmartyPants way, in one pass. The definition is five
 * replacements in turn: `/(^|[-\u2014\\s(["])'/gm` to `$1‘`, every other `'` to `’`,
 * `/(^|[-\u2014/[(\u2018\s])"/gm` to `$1“`, every other `"` to `”`, then `--` to `—`. None
 * of them changes the length or touches the others' characters, so each character is
 * decided by the one before it (for a `"`, as the first two replacements left it).
 */
export function smartypants(text: string, max = Number.POSITIVE_INFINITY): string {
  // Text without quotes or double hyphens comes back as it is, from the same scan.
  let out = '';
  let last = 0;
  // Whether the `'` just before was made an opening quote.
  let singleOpened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let rep: string;
    if (c === 39) {
      singleOpened = i === 0 || opensSingle(text.charCodeAt(i - 1));
      rep = singleOpened ? '\u2018' : '\u2019';
    } else if (c === 34) {
      const p = i === 0 ? -1 : text.charCodeAt(i - 1);
      rep = p === -1 || (p === 39 ? singleOpened : opensDouble(p)) ? '\u201c' : '\u201d';
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) {
      out += `${text.slice(last, i)}\u2014`;
      i++;
      last = i + 1;
      if (out.length > max) return out;
      continue;
    } else continue;
    out += text.slice(last, i) + rep;
    last = i + 1;
    if (out.length > max) return out;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** What `truncate` cuts at: space, newline, tab, vertical tab, carriage return, form feed. */
export function isTruncateSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Cut `text` to at most `limit` characters, at the last whitespace, and add `ellipsis`. */
export function truncate(text: string, limit: number, ellipsis: string): string {
  if (text.length <= limit) return text;
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (isTruncateSpace(text.charCodeAt(i))) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

const HEX = '0123456789ABCDEF';
/** `%XX` of every byte, made once: building it per byte was most of the encoding's cost. */
const PERCENT: readonly string[] = Array.from({ length: 256 }, (_, b) => `%${HEX[b >> 4]}${HEX[b & 15]}`);

/** 1 for the ASCII characters `escape()` leaves alone: letters, digits and `@*_+-./`. */
const KEPT = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const kept =
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 64 ||
    c === 42 ||
    c === 95 ||
    c === 43 ||
    c === 45 ||
    c === 46 ||
    c === 47;
  KEPT[c] = kept ? 1 : 0;
}

/** Percent-encode the UTF-8 bytes of `text`, leaving the characters legacy `escape()` leaves. */
export function urlEncode(text: string, max = Number.POSITIVE_INFINITY): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 128) {
      if (KEPT[c] === 1) continue;
      if (out.length > max) return out;
      out += i === last ? (PERCENT[c] as string) : text.slice(last, i) + (PERCENT[c] as string);
      last = i + 1;
      continue;
    }
    if (out.length > max) return out;
    out += text.slice(last, i);
    if (c < 0x800) out += (PERCENT[0xc0 | (c >> 6)] as string) + PERCENT[0x80 | (c & 63)];
    else {
      const next = text.charCodeAt(i + 1);
      if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out +=
          (PERCENT[0xf0 | (c >> 18)] as string) +
          PERCENT[0x80 | ((c >> 12) & 63)] +
          PERCENT[0x80 | ((c >> 6) & 63)] +
          PERCENT[0x80 | (c & 63)];
      } else {
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate encodes as U+FFFD
        out += (PERCENT[0xe0 | (c >> 12)] as string) + PERCENT[0x80 | ((c >> 6) & 63)] + PERCENT[0x80 | (c & 63)];
      }
    }
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** `truncate`'s limit from its arguments (100 without one), parsed once per argument list in a row. */
let limitArgs: readonly string[] | undefined;
let limitValue = 100;
function truncateLimit(args: readonly string[]): number {
  if (args !== limitArgs) {
    limitValue = args.length > 0 ? Number.parseInt(args[0] as string, 10) : 100;
    limitArgs = args;
  }
  return limitValue;
}

function safeUri(fn: (s: string) => string, text: string): string {
  try {
    return fn(text);
  } catch {
    return '';
  }
}

export const TEXT_FORMATTERS: FormatterTable = {
  capitalize: valueFormatter((v) => asString(v).toUpperCase()),
  'encode-space': growing((text) => text.replace(WHITESPACE_CHAR, '&nbsp;')),
  'encode-uri': growing((text) => safeUri(encodeURI, text)),
  'encode-uri-component': growing((text) => safeUri(encodeURIComponent, text)),
  // escapeMarkup returns a text past the limit as it is.
  html: valueFormatter((v, _args, ctx) =>
    escapeMarkup(typeof v === 'string' ? v : asString(v), false, ctx.maxOutputLength),
  ),
  htmlattr: valueFormatter((v, _args, ctx) =>
    escapeMarkup(typeof v === 'string' ? v : asString(v), true, ctx.maxOutputLength),
  ),
  htmltag: valueFormatter((v, _args, ctx) =>
    escapeMarkup(typeof v === 'string' ? v : asString(v), true, ctx.maxOutputLength),
  ),
  'line-breaks': valueFormatter((v, _args, ctx) => {
    const text = typeof v === 'string' ? v : asString(v);
    // A string pattern: no regular expression run per text.
    return text.length > ctx.maxOutputLength ? text : text.replaceAll('\n', '<br/>');
  }),
  // These three build at most their input's length: they stop once past the output limit.
  safe: valueFormatter((v, _args, ctx) => {
    if (!isTruthy(v)) return v;
    return stripTags(typeof v === 'string' ? v : asString(v), ctx.maxOutputLength);
  }),
  slugify: valueFormatter((v, _args, ctx) => slugify(asString(v), ctx.maxOutputLength)),
  smartypants: valueFormatter((v, _args, ctx) => smartypants(asString(v), ctx.maxOutputLength)),
  truncate: valueFormatter((v, args) => {
    const limit = truncateLimit(args);
    if (!Number.isFinite(limit) || limit <= 0) return v;
    return truncate(asString(v), limit, args.length > 1 ? (args[1] as string) : '...');
  }),
  'url-encode': valueFormatter((v, _args, ctx) => {
    const text = typeof v === 'string' ? v : asString(v);
    const max = ctx.maxOutputLength;
    return text.length > max ? text : urlEncode(text, max);
  }),
};

markFrameFree(TEXT_FORMATTERS, Object.keys(TEXT_FORMATTERS));
const formatter = (name: string) => TEXT_FORMATTERS[name] as Formatter;
fuseFormatters(formatter('html'), formatter('line-breaks'), (v, _args, ctx) =>
  escapeLines(typeof v === 'string' ? v : asString(v), ctx.maxOutputLength),
);
fuseFormatters(formatter('safe'), formatter('truncate'), (v, args, ctx) => {
  const truncateValue = VALUE_FUNCTIONS.get(formatter('truncate')) as ValueFunction;
  if (!isTruthy(v)) return truncateValue(v, args, ctx);
  const text = typeof v === 'string' ? v : asString(v);
  const limit = truncateLimit(args);
  if (!Number.isFinite(limit) || limit <= 0) return stripTags(text, ctx.maxOutputLength);
  return stripThenTruncate(text, limit, args.length > 1 ? (args[1] as string) : '...', ctx.maxOutputLength);
});
