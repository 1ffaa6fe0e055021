import { BlockType, escapeHtml } from '@tessera/core';
import {
  addressOf,
  allTags,
  attributesOf,
  attrsOf,
  hasText,
  lineOf,
  paragraphs,
  textIn,
  visibleOf,
  withoutElement,
} from './wordpress-markup.js';
import {
  audioBlock,
  buttonOf,
  codeOf,
  type ContentContext,
  embedBlock,
  galleryBlock,
  imageAsset,
  imageBlock,
  mediaSource,
  type Piece,
  quoteOf,
  spacer,
  squarespaceCaption,
  videoBlock,
  videoPage,
} from './wordpress-block-parts.js';
import { withShortcodes } from './wordpress-shortcodes.js';

// Plain HTML of an export body (classic WordPress posts, Squarespace's `sqs-layout`/`sqs-block`
// markup) as our blocks where one fits (issue 19, wordpress-blocks.ts): its top-level elements are
// read one by one, layout wrappers (div, section…) are flattened in reading order, and the rest
// stays HTML (cleaned when it becomes an HTML block).

const VOID = new Set([
  'img',
  'br',
  'hr',
  'input',
  'meta',
  'link',
  'source',
  'wbr',
  'col',
  'area',
  'embed',
  'param',
  'track',
  'base',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'noscript', 'template', 'xmp', 'title']);
const BLOCK_LEVEL = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'table',
  'hr',
  'iframe',
  'video',
  'audio',
  'details',
  'form',
  'fieldset',
  'address',
  'center',
]);
const CONTAINERS = new Set(['div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'center']);

interface Chunk {
  /** The element's tag, or '' for a run of text and inline elements. */
  tag: string;
  attrs: Record<string, string>;
  /** The whole chunk; `inner` is its content without the element's own tags. */
  outer: string;
  inner: string;
}

/** Splits HTML into its top-level block elements and the runs of inline content between them. */
export function chunksOf(markup: string): Chunk[] {
  const chunks: Chunk[] = [];
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*>/g;
  let run = '';
  let at = 0;
  const flushRun = () => {
    if (run.trim()) chunks.push({ tag: '', attrs: {}, outer: run, inner: run });
    run = '';
  };
  for (;;) {
    tagPattern.lastIndex = at;
    const m = tagPattern.exec(markup);
    if (!m) break;
    const name = (m[2] as string).toLowerCase();
    run += markup.slice(at, m.index);
    at = tagPattern.lastIndex;
    if (m[1] || (!BLOCK_LEVEL.has(name) && !RAW_TEXT.has(name))) {
      // Inline elements join the run; a block's closing tag at the top level closes nothing here.
      if (!m[1] || !BLOCK_LEVEL.has(name)) run += m[0];
      continue;
    }
    flushRun();
    if (RAW_TEXT.has(name)) {
      const end = markup.toLowerCase().indexOf(`</${name}`, at);
      at = end === -1 ? markup.length : markup.indexOf('>', end) + 1 || markup.length;
      continue;
    }
    const start = m.index;
    const open = m[0];
    if (VOID.has(name) || open.endsWith('/>')) {
      chunks.push({ tag: name, attrs: attributesOf(open), outer: open, inner: '' });
      continue;
    }
    // Find the matching end tag, counting nested elements of the same name; a paragraph also ends
    // where the next block starts (HTML lets `</p>` out).
    const same =
      name === 'p'
        ? /<(\/)p\b[^<>]*>|<(?=(p|div|h[1-6]|ul|ol|table|blockquote|pre|figure|hr|section|article)\b)/gi
        : new RegExp(`<(/?)${name}\\b[^<>]*>`, 'gi');
    same.lastIndex = at;
    let depth = 1;
    let innerEnd = markup.length;
    let end = markup.length;
    for (let n = same.exec(markup); n; n = same.exec(markup)) {
      if (n[2]) {
        innerEnd = end = n.index;
        break;
      }
      depth += n[1] ? -1 : n[0].endsWith('/>') ? 0 : 1;
      if (depth === 0) {
        innerEnd = n.index;
        end = same.lastIndex;
        break;
      }
    }
    chunks.push({
      tag: name,
      attrs: attributesOf(open),
      outer: markup.slice(start, end),
      inner: markup.slice(at, innerEnd),
    });
    at = end;
  }
  run += markup.slice(at);
  flushRun();
  return chunks;
}

const classOf = (chunk: Chunk) => ` ${chunk.attrs.class ?? ''} `;

/** What one top-level element or inline run becomes. */
export function chunkPieces(chunk: Chunk, ctx: ContentContext, depth: number): Piece[] {
  const { tag, inner, outer } = chunk;
  const cls = classOf(chunk);
  if (tag === 'hr') return [{ block: { type: BlockType.HORIZONTAL_RULE, settings: {}, content: {} }, html: '<hr>' }];
  // Squarespace blocks that say what they are.
  if (tag && (/ video-block /.test(cls) || chunk.attrs['data-block-json'])) {
    const json = attrsOf(chunk.attrs['data-block-json']);
    const title = typeof json.title === 'string' ? json.title.slice(0, 200) : '';
    // Squarespace's audio block names its file (`audioAssetUrl`, on its CDN).
    const sound = typeof json.audioAssetUrl === 'string' ? addressOf(json.audioAssetUrl) : undefined;
    const made = sound
      ? audioBlock(sound, title)
      : typeof json.url === 'string'
        ? embedBlock(json.url, title)
        : undefined;
    if (made) return [made];
  }
  if (/ button-block /.test(cls) || / wp-block-button /.test(cls)) {
    const made = buttonOf(inner, / is-style-outline /.test(cls));
    if (made) return [made];
  }
  if (/ spacer-block /.test(cls)) return [spacer(50)];
  if (/^h[1-6]$/.test(tag)) {
    const text = lineOf(inner, 300);
    if (!text) return [];
    // A heading with a link or a picture keeps them as HTML; our heading block is text (levels 1–4).
    if (/<(a|img)\b/i.test(inner)) return [outer];
    const level = Math.min(4, Number(tag[1]));
    const content = { text, level };
    return [
      {
        block: { type: BlockType.HTML, variant: 'heading', settings: {}, content },
        html: `<h${level}>${escapeHtml(text)}</h${level}>`,
      },
    ];
  }
  if (tag === 'pre') return [codeOf(inner, chunk.attrs) ?? outer];
  if (tag === 'blockquote' || (tag === 'figure' && /<blockquote\b/i.test(inner) && !/<img\b/i.test(inner)))
    return [quoteOf(tag === 'blockquote' ? outer : inner) ?? outer];
  if (tag === 'video' || tag === 'audio') {
    const src = mediaSource(outer, tag);
    if (!src) return [];
    const video = tag === 'video' ? videoPage(src) : undefined;
    return [
      tag === 'audio'
        ? audioBlock(src, '')
        : video
          ? videoBlock(video.url, '', video.providerName)
          : videoBlock(src, '', ''),
    ];
  }
  if (
    tag === 'iframe' ||
    (/<iframe\b/i.test(inner) && !hasText(withoutElement(inner, 'figcaption')) && !/<img\b/i.test(inner))
  ) {
    const frames = allTags(outer, 'iframe');
    if (frames.length === 1) {
      const video = videoPage(frames[0]?.src ?? '');
      if (video) return [videoBlock(video.url, textIn(inner, 'figcaption'), video.providerName)];
    }
  }
  // What the visitor would see: not the copies in <noscript> (Squarespace's lazy images), nor scripts.
  const visible = visibleOf(outer);
  const images = allTags(visible, 'img');
  if (images.length > 0 && !/<(table|ul|ol|h[1-6]|blockquote|pre|iframe)\b/i.test(outer)) {
    const squarespace = squarespaceCaption(visible);
    const caption = textIn(visible, 'figcaption') || squarespace.text;
    const rest = hasText(withoutElement(squarespace.rest, 'figcaption'));
    if (!rest) {
      const assets = images.map((img) => imageAsset(img, ctx)).filter((a): a is Record<string, unknown> => !!a);
      if (assets.length === 1) return [imageBlock(assets[0] as Record<string, unknown>, caption)];
      // Several image blocks side by side (a row of a layout) stay several; a gallery's pictures one gallery.
      if (assets.length > 1 && CONTAINERS.has(tag) && !/gallery/.test(cls) && depth < 16)
        return htmlPieces(inner, ctx, depth + 1);
      const gallery = galleryBlock(assets);
      if (gallery) return [gallery];
      if (assets.length === 0) return [];
    }
  }
  if (CONTAINERS.has(tag) && depth < 16) return htmlPieces(inner, ctx, depth + 1);
  if (tag === '') return hasText(outer) || /<(img|iframe)\b/i.test(outer) ? [`<p>${outer.trim()}</p>`] : [];
  return [outer];
}

/** Plain HTML (shortcodes already read) as pieces: our blocks where one fits, HTML otherwise. */
export function htmlPieces(markup: string, ctx: ContentContext, depth = 0): Piece[] {
  return chunksOf(markup).flatMap((chunk) => chunkPieces(chunk, ctx, depth));
}

/** HTML that may hold shortcodes, as pieces; `autop` makes paragraphs of blank lines first (classic bodies). */
export function freeform(text: string, ctx: ContentContext, autop: boolean): Piece[] {
  return withShortcodes(text, ctx).flatMap((piece) =>
    typeof piece === 'string' ? htmlPieces(autop ? paragraphs(piece) : piece, ctx) : [piece],
  );
}
