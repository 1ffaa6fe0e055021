/** Core formatters that rewrite text: escaping, encoding, slugs, quotes, truncation. */
import type { FormatterTable } from '../../plugin.js';
import { valueFormatter } from '../../plugin.js';
import { asString, isTruthy } from '../../runtime/values.js';

/**
 * Escape `&`, `<`, `>` and, for attributes, `"`. Scans by char code and returns
 * the input itself when nothing needs escaping, which is the common case.
 */
function escapeMarkup(text: string, quotes: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    let rep: string;
    switch (text.charCodeAt(i)) {
      case 38:
        rep = '&amp;';
        break;
      case 60:
        rep = '&lt;';
        break;
      case 62:
        rep = '&gt;';
        break;
      case 34:
        if (!quotes) continue;
        rep = '&quot;';
        break;
      default:
        continue;
    }
    out += text.slice(last, i) + rep;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

export function escapeHtml(text: string): string {
  return escapeMarkup(text, false);
}

export function escapeHtmlAttribute(text: string): string {
  return escapeMarkup(text, true);
}

const WHITESPACE_CHAR = /\s/g;
const NEWLINE = /\n/g;
const TAGS = /<[^>]*?>/g;
const SLUG_DROP = /[^a-zA-Z0-9\s-]+/g;
const SLUG_SPACES = /\s+/g;

export function slugify(text: string): string {
  return text.replace(SLUG_DROP, '').replace(SLUG_SPACES, '-').toLowerCase();
}

const OPEN_SINGLE = /(^|[-\u2014\\s(["])'/gm;
const OPEN_DOUBLE = /(^|[-\u2014/[(\u2018\s])"/gm;

/** Curly quotes and em dashes, the SmartyPants way. */
export function smartypants(text: string): string {
  return text
    .replace(OPEN_SINGLE, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(OPEN_DOUBLE, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/--/g, '\u2014');
}

const TRUNCATE_SPACE = new Set([' ', '\n', '\t', '\v', '\r', '\f']);

/** Cut `text` to at most `limit` characters, at the last whitespace, and add `ellipsis`. */
export function truncate(text: string, limit: number, ellipsis: string): string {
  if (text.length <= limit) return text;
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (TRUNCATE_SPACE.has(text[i] as string)) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

const HEX = '0123456789ABCDEF';
const encoder = new TextEncoder();

/** Percent-encode the UTF-8 bytes of `text`, leaving the characters legacy `escape()` leaves. */
export function urlEncode(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) {
    const keep =
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x40 /* @ */ ||
      byte === 0x2a /* * */ ||
      byte === 0x5f /* _ */ ||
      byte === 0x2b /* + */ ||
      byte === 0x2d /* - */ ||
      byte === 0x2e /* . */ ||
      byte === 0x2f; /* / */
    out += keep ? String.fromCharCode(byte) : `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
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
  'encode-space': valueFormatter((v) => asString(v).replace(WHITESPACE_CHAR, '&nbsp;')),
  'encode-uri': valueFormatter((v) => safeUri(encodeURI, asString(v))),
  'encode-uri-component': valueFormatter((v) => safeUri(encodeURIComponent, asString(v))),
  html: valueFormatter((v) => escapeHtml(asString(v))),
  htmlattr: valueFormatter((v) => escapeHtmlAttribute(asString(v))),
  htmltag: valueFormatter((v) => escapeHtmlAttribute(asString(v))),
  'line-breaks': valueFormatter((v) => asString(v).replace(NEWLINE, '<br/>')),
  safe: valueFormatter((v) => (isTruthy(v) ? asString(v).replace(TAGS, '') : v)),
  slugify: valueFormatter((v) => slugify(asString(v))),
  smartypants: valueFormatter((v) => smartypants(asString(v))),
  truncate: valueFormatter((v, args) => {
    const limit = args.length > 0 ? Number.parseInt(args[0] as string, 10) : 100;
    if (!Number.isFinite(limit) || limit <= 0) return v;
    return truncate(asString(v), limit, args.length > 1 ? (args[1] as string) : '...');
  }),
  'url-encode': valueFormatter((v) => urlEncode(asString(v))),
};
