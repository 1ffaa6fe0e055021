import { escapeHtml } from '@tessera/core';
import { addressOf, decode, firstTag, lineOf, MAX_DEPTH, plainText, withoutElement } from './wordpress-markup.js';
import {
  audioBlock,
  type ContentContext,
  embedBlock,
  galleryBlock,
  galleryImages,
  imageAsset,
  imageBlock,
  type Piece,
  videoBlock,
  videoPage,
} from './wordpress-block-parts.js';

// Shortcodes of a WordPress body (issue 19, wordpress-blocks.ts): `[caption]`, `[gallery]`, `[embed]`,
// `[video]`, `[audio]`, `[youtube]` and `[vimeo]` become our blocks; any other is removed, keeping
// what it encloses. `[[name]]` is WordPress's escape and stays as the text `[name]`. One left open
// encloses nothing; one whose end is missing or too far goes, never shown raw.

export interface Shortcode {
  name: string;
  attrs: Record<string, string>;
  /** The first attribute without a name (`[youtube URL]`, `[youtube=URL]`). */
  bare: string;
  inner: (string | Shortcode)[];
}

const SHORTCODE = /\[(\[?)(\/?)([a-z][a-z0-9_-]{0,49})((?:[\s=][^[\]]{0,4000})?)\](\]?)/y;
/** The start of a shortcode whose end is missing or too far (attributes past 4,000 characters). */
const BROKEN_SHORTCODE = /\[\/?[a-z][a-z0-9_-]{0,49}(?=[\s=/\]]|$)/y;
const BROKEN_END = /[[\]<\n]/g;

function shortcodeAttrs(text: string): { attrs: Record<string, string>; bare: string } {
  const attrs: Record<string, string> = {};
  let bare = '';
  const body = text.replace(/\/\s*$/, '').replace(/^=/, ' ');
  for (const m of body.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))|"([^"]*)"|(\S+)/g)) {
    if (m[1]) attrs[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
    else if (!bare) bare = decode(m[5] ?? m[6] ?? '');
  }
  return { attrs, bare };
}

/**
 * Shortcodes of a piece of HTML as a tree. `[[name]]` is WordPress's escape: it stays as the text
 * `[name]`. An opening tag never closed encloses nothing; a closing tag that closes nothing goes.
 */
function parseShortcodes(text: string): (string | Shortcode)[] {
  const root: Shortcode = { name: '', attrs: {}, bare: '', inner: [] };
  const stack: Shortcode[] = [root];
  const top = () => stack[stack.length - 1] as Shortcode;
  const push = (s: string) => {
    if (s) top().inner.push(s);
  };
  let at = 0;
  let from = 0;
  for (;;) {
    const open = text.indexOf('[', from);
    if (open === -1) break;
    SHORTCODE.lastIndex = open;
    const m = SHORTCODE.exec(text);
    if (!m) {
      BROKEN_SHORTCODE.lastIndex = open;
      if (!BROKEN_SHORTCODE.test(text)) {
        from = open + 1;
        continue;
      }
      // It goes, up to the next tag, line or shortcode (or through its far `]`).
      push(text.slice(at, open));
      BROKEN_END.lastIndex = BROKEN_SHORTCODE.lastIndex;
      const end = BROKEN_END.exec(text);
      at = from = !end ? text.length : end[0] === ']' ? end.index + 1 : end.index;
      continue;
    }
    push(text.slice(at, open));
    at = from = SHORTCODE.lastIndex;
    const name = m[3] as string;
    if (m[1] && m[5]) {
      push(escapeHtml(m[0].slice(1, -1)));
      continue;
    }
    if (m[2]) {
      const index = stack.findLastIndex((s, i) => i > 0 && s.name === name);
      if (index > 0) {
        // Tags opened inside and never closed enclose nothing: their would-be content moves up.
        for (let i = stack.length - 1; i > index; i--) {
          const unclosed = stack[i] as Shortcode;
          const parent = stack[i - 1] as Shortcode;
          parent.inner.push(...unclosed.inner);
          unclosed.inner = [];
        }
        stack.length = index;
      }
      continue;
    }
    const raw = (m[4] as string).trim();
    const selfClosing = raw.endsWith('/');
    const node: Shortcode = { name, ...shortcodeAttrs(raw), inner: [] };
    top().inner.push(node);
    if (!selfClosing && stack.length <= MAX_DEPTH) stack.push(node);
  }
  push(text.slice(at));
  while (stack.length > 1) {
    const unclosed = stack.pop() as Shortcode;
    top().inner.push(...unclosed.inner);
    unclosed.inner = [];
  }
  return root.inner;
}

function innerText(node: Shortcode): string {
  return node.inner.map((c) => (typeof c === 'string' ? c : innerText(c))).join('');
}

/** What one shortcode becomes: pieces (blocks and HTML), or its inner content when it is unknown. */
function shortcodePieces(node: Shortcode, ctx: ContentContext): Piece[] {
  const inner = innerText(node);
  switch (node.name) {
    case 'caption':
    case 'wp_caption': {
      const img = firstTag(inner, 'img');
      const asset = img && imageAsset(img, ctx, /^attachment_(\d+)$/.exec(node.attrs.id ?? '')?.[1]);
      const caption = lineOf(node.attrs.caption ?? withoutElement(inner.replace(/<img\b[^>]*>/gi, ''), 'script'));
      return asset ? [imageBlock(asset, caption)] : [inner];
    }
    case 'gallery': {
      const ids = node.attrs.ids ?? node.attrs.include ?? '';
      let images = galleryImages(ids, ctx);
      if (!ids && ctx.postId)
        images = [...ctx.attachments]
          .filter(([, a]) => a.parent === ctx.postId)
          .map(([id]) => imageAsset({}, ctx, id))
          .filter((a): a is Record<string, unknown> => !!a);
      const made = galleryBlock(images, { columns: node.attrs.columns });
      return made ? [made] : [];
    }
    case 'embed': {
      const made = embedBlock(plainText(inner), '');
      return made ? [made] : [];
    }
    case 'youtube':
    case 'vimeo': {
      let raw = (node.bare || node.attrs.id || node.attrs.url || plainText(inner)).split('&')[0] ?? '';
      if (node.name === 'vimeo' && /^\d+$/.test(raw)) raw = `https://vimeo.com/${raw}`;
      if (node.name === 'youtube' && /^[\w-]{6,20}$/.test(raw)) raw = `https://www.youtube.com/watch?v=${raw}`;
      const video = videoPage(raw);
      return video ? [videoBlock(video.url, '', video.providerName)] : [];
    }
    case 'video': {
      const src = ['src', 'mp4', 'webm', 'ogv', 'm4v', 'mov'].map((k) => addressOf(node.attrs[k])).find(Boolean);
      if (!src) return [];
      const video = videoPage(src);
      return [video ? videoBlock(video.url, '', video.providerName) : videoBlock(src, '', '')];
    }
    case 'audio': {
      const src = ['src', 'mp3', 'ogg', 'm4a', 'wav'].map((k) => addressOf(node.attrs[k])).find(Boolean);
      return src ? [audioBlock(src, '')] : [];
    }
    default:
      return node.inner.flatMap((c) => (typeof c === 'string' ? [c] : shortcodePieces(c, ctx)));
  }
}

/** A piece of HTML with its shortcodes read: HTML strings and the blocks they make. */
export function withShortcodes(text: string, ctx: ContentContext): Piece[] {
  if (!text.includes('[')) return [text];
  const pieces = parseShortcodes(text).flatMap((c) => (typeof c === 'string' ? [c] : shortcodePieces(c, ctx)));
  // The text around a removed shortcode is one piece of HTML again (`<p>[b]Fresh[/b] peas</p>`).
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (typeof piece === 'string' && typeof last === 'string') merged[merged.length - 1] = last + piece;
    else merged.push(piece);
  }
  return merged;
}

/** HTML whose shortcodes stand for nothing a block fits in place: their blocks' HTML inline. */
export function joinShortcodeText(text: string, ctx: ContentContext): string {
  return withShortcodes(text, ctx)
    .map((p) => (typeof p === 'string' ? p : p.html))
    .join('');
}
