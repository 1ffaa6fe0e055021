import sanitizeHtml from 'sanitize-html';

// Text and markup helpers of the WordPress and Squarespace import (issue 19, wordpress-blocks.ts):
// plain text, attributes, checked addresses, and linear scans for elements (hostile bodies full of
// unclosed tags cost no more than their length).

/** Deepest nesting of blocks or shortcodes read; deeper ones are read as their content. */
export const MAX_DEPTH = 32;
const MAX_ATTRS_CHARS = 20_000;
export const MAX_TEXT = 2000;

const BLOCK_TAG = /<\/?(p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|hr|iframe|script|style)[\s>/]/i;

/** WordPress stores paragraphs as blank lines ("wpautop"); make them <p> and <br> (unless already HTML blocks). */
export function paragraphs(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (BLOCK_TAG.test(part) ? part : `<p>${part.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

/** Plain text of an HTML fragment (excerpts, comments, captions and headings are shown as text). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Plain text on one line, at most `max` characters. */
export function lineOf(html: string, max = MAX_TEXT): string {
  return plainText(html).replace(/\s+/g, ' ').trim().slice(0, max);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute value or code text with its character references read. */
export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** The attributes of a start tag's text (`<img src="a" alt='b' hidden>`), names lower-cased, values decoded. */
export function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = tag.replace(/^<[a-zA-Z][a-zA-Z0-9-]*/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (m[1] as string).toLowerCase();
    if (!(name in out)) out[name] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/** An address a block may point at: http(s), or a path of this site (never `//host`, `javascript:`, `data:`). */
export function addressOf(raw: string | undefined): string | undefined {
  const url = (raw ?? '').trim();
  if (!url || url.length > 2000 || /[\s"'<>\\`]/.test(url)) return undefined;
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A link target: an address, `mailto:` or `tel:`, or a fragment. */
export function linkOf(raw: string | undefined): string | undefined {
  const url = (raw ?? '').trim();
  if (/^(mailto|tel):[^\s"'<>]{1,500}$/i.test(url) || /^#[\w-]{1,100}$/.test(url)) return url;
  return addressOf(url);
}

export function attrsOf(json: string | undefined): Record<string, unknown> {
  if (!json || json.length > MAX_ATTRS_CHARS) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The first `<tag …>` of `markup`, as attributes. */
export function firstTag(markup: string, tag: string): Record<string, string> | undefined {
  const m = new RegExp(`<${tag}\\b[^<>]*>`, 'i').exec(markup);
  return m ? attributesOf(m[0]) : undefined;
}

export function allTags(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b[^<>]*>`, 'gi'))].map((m) => attributesOf(m[0]));
}

/** The text of the first `<tag>…</tag>` (figcaption, cite…). */
export function textIn(markup: string, tag: string): string {
  const found = elementsOf(markup, tag)[0];
  return found ? lineOf(markup.slice(found.innerStart, found.innerEnd)) : '';
}

/**
 * Where each `<tag …>…</tag>` of `markup` lies (the first end tag closes it; one never closed runs
 * to the end). A linear scan, so hostile bodies full of unclosed tags cost no more than their length.
 */
function elementsOf(
  markup: string,
  tag: string,
): { start: number; innerStart: number; innerEnd: number; end: number }[] {
  const lower = markup.toLowerCase();
  const found: { start: number; innerStart: number; innerEnd: number; end: number }[] = [];
  let from = 0;
  for (;;) {
    const start = lower.indexOf(`<${tag}`, from);
    if (start === -1) break;
    const after = lower[start + tag.length + 1];
    if (after !== undefined && !/[\s/>]/.test(after)) {
      from = start + 1;
      continue;
    }
    const openEnd = lower.indexOf('>', start);
    const innerStart = openEnd === -1 ? markup.length : openEnd + 1;
    const close = lower.indexOf(`</${tag}`, innerStart);
    const innerEnd = close === -1 ? markup.length : close;
    const closeEnd = close === -1 ? -1 : lower.indexOf('>', close);
    const end = closeEnd === -1 ? markup.length : closeEnd + 1;
    found.push({ start, innerStart, innerEnd, end });
    from = end;
  }
  return found;
}

/** `markup` without the elements named (each replaced by a space). */
export function withoutElement(markup: string, ...tags: string[]): string {
  let out = markup;
  for (const tag of tags) {
    const found = elementsOf(out, tag);
    if (found.length === 0) continue;
    let next = '';
    let at = 0;
    for (const e of found) {
      next += `${out.slice(at, e.start)} `;
      at = e.end;
    }
    out = next + out.slice(at);
  }
  return out;
}

/** What a visitor would see of `markup`: not scripts, styles, templates, nor the copies in <noscript>. */
export const visibleOf = (markup: string) => withoutElement(markup, 'script', 'style', 'noscript', 'template');

export const hasText = (markup: string) => lineOf(visibleOf(markup), 1) !== '';
