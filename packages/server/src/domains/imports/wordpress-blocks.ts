import { type BlockData, BlockType, escapeHtml, type SectionData } from '@tessera/core';
import { sanitizeOwnerHtml } from '../content/index.js';
import {
  addressOf,
  allTags,
  attributesOf,
  attrsOf,
  firstTag,
  hasText,
  MAX_DEPTH,
  paragraphs,
  plainText,
  textIn,
  withoutElement,
} from './wordpress-markup.js';
import {
  audioBlock,
  buttonOf,
  codeOf,
  type ContentContext,
  embedBlock,
  galleryBlock,
  galleryImage,
  galleryImages,
  html,
  imageAsset,
  imageBlock,
  mediaSource,
  type Piece,
  quoteOf,
  spacer,
  videoBlock,
  videoPage,
  withTitle,
} from './wordpress-block-parts.js';
import { joinShortcodeText, withShortcodes } from './wordpress-shortcodes.js';
import { chunksOf, freeform, htmlPieces } from './wordpress-freeform.js';
import { ownPieces } from './wordpress-own-blocks.js';

// The body of a WordPress or Squarespace export item as our content model (issue 19): Gutenberg
// block comments (`<!-- wp:image {"id":30} -->…<!-- /wp:image -->`), the common shortcodes
// (`[caption]`, `[gallery]`, `[embed]`, `[video]`, `[audio]`, `[youtube]`, `[vimeo]`) and plain
// HTML (classic posts, Squarespace's `sqs-block` markup) become our blocks where one fits (heading,
// image, gallery, quote, code, button, rule, spacer, video, audio, embed) and cleaned HTML blocks
// otherwise. Containers (columns, groups, Squarespace rows) are flattened in reading order. Unknown
// shortcodes are removed, keeping what they enclose; unknown blocks keep their inner HTML, cleaned.
// Every HTML that stays HTML goes through the owner-HTML sanitiser; every other field is plain
// text or a checked address (http(s) or a path on this site), so no script and no raw shortcode
// reaches a page. The parsers are linear scans (no backtracking over the whole body), nesting is
// capped, and a comment or shortcode left open is read as text.

export type { ContentContext, WxrAttachment } from './wordpress-block-parts.js';
export { paragraphs, plainText } from './wordpress-markup.js';

export interface ConvertedContent {
  /** The whole body as cleaned HTML (the blog editor edits this; exports and feeds read it). */
  html: string;
  /** The same body as sections of our blocks (what pages and posts render). */
  sections: SectionData[];
}

const MAX_BLOCKS_PER_SECTION = 60;
const MAX_SECTIONS = 60;

// ——— Gutenberg block comments ———

interface GutenbergNode {
  name: string;
  attrs: Record<string, unknown>;
  /** Inner HTML pieces and inner blocks, in order. */
  children: (string | GutenbergNode)[];
}

const DELIMITER = /^\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)\s+(?:(\{[\s\S]*\})\s+)?(\/)?$/;

/**
 * The body as a tree of Gutenberg blocks and the HTML between them. Other HTML comments
 * (`<!--more-->`) go; a comment never closed loses its own text up to the next tag; a block never
 * closed ends with its parent; a closing comment that closes nothing is ignored.
 */
function parseGutenberg(content: string): (string | GutenbergNode)[] {
  const root: GutenbergNode = { name: '', attrs: {}, children: [] };
  const stack: GutenbergNode[] = [root];
  const top = () => stack[stack.length - 1] as GutenbergNode;
  const text = (s: string) => {
    if (s) top().children.push(s);
  };
  let at = 0;
  // Once no `-->` follows, none follows any later `<!--` either: never search again.
  let closable = true;
  for (;;) {
    const open = content.indexOf('<!--', at);
    if (open === -1) break;
    text(content.slice(at, open));
    const close: number = closable ? content.indexOf('-->', open + 4) : -1;
    closable = close !== -1;
    if (close === -1) {
      // A comment never closed: its own text (a broken delimiter) goes, up to the next tag.
      const next = content.indexOf('<', open + 4);
      at = next === -1 ? content.length : next;
      continue;
    }
    at = close + 3;
    const m = DELIMITER.exec(content.slice(open + 4, close));
    if (!m) continue;
    const name = (m[2] as string).replace(/^core\//, '');
    if (m[1]) {
      const index = stack.findLastIndex((node, i) => i > 0 && node.name === name);
      if (index > 0) stack.length = index;
      continue;
    }
    const node: GutenbergNode = { name, attrs: attrsOf(m[3]), children: [] };
    if (m[4] || stack.length > MAX_DEPTH) {
      if (m[4]) top().children.push(node);
      continue;
    }
    top().children.push(node);
    stack.push(node);
  }
  text(content.slice(at));
  return root.children;
}

/** A block's HTML with its inner blocks' HTML in place (what WordPress would print, without the comments). */
function rawHtml(node: GutenbergNode): string {
  return node.children.map((c) => (typeof c === 'string' ? c : rawHtml(c))).join('');
}

// ——— Gutenberg blocks as ours ———

const CONTAINER_BLOCKS = new Set([
  'columns',
  'column',
  'group',
  'row',
  'stack',
  'cover',
  'media-text',
  'buttons',
  'details',
  'navigation',
  'query',
  'post-template',
  'template-part',
]);
const NOTHING = new Set([
  'more',
  'nextpage',
  'read-more',
  'latest-posts',
  'latest-comments',
  'archives',
  'calendar',
  'categories',
  'search',
  'tag-cloud',
  'rss',
  'page-list',
  'loginout',
  'social-links',
  'site-title',
  'site-logo',
  'post-title',
  'post-content',
  'post-date',
  'post-excerpt',
  'post-featured-image',
  'query-pagination',
  'comments',
]);

/** A block's pieces; one of our own export's (a `tessera` attribute) with what it carries (wordpress-own-blocks.ts). */
function nodePieces(node: GutenbergNode, ctx: ContentContext): Piece[] {
  const pieces = blockPieces(node, ctx);
  return node.attrs.tessera === undefined
    ? pieces
    : ownPieces(node.name, node.attrs.tessera, pieces, sanitizeOwnerHtml);
}

function blockPieces(node: GutenbergNode, ctx: ContentContext): Piece[] {
  const raw = rawHtml(node);
  // What the leaf blocks read, with any shortcodes in it already read (never shown raw).
  const text = () => joinShortcodeText(raw, ctx);
  const a = node.attrs;
  const name = node.name.replace(/^core-embed\/.*/, 'embed');
  switch (name) {
    case 'paragraph':
      return freeform(raw, ctx, false);
    case 'heading':
    case 'list':
    case 'table':
    case 'preformatted':
    case 'verse':
      return htmlPieces(text(), ctx);
    case 'image': {
      const img = firstTag(raw, 'img') ?? {};
      const asset = imageAsset(img, ctx, a.id);
      return asset ? [imageBlock(withTitle(asset, img), textIn(text(), 'figcaption'))] : [];
    }
    case 'gallery': {
      const inner = node.children.filter((c): c is GutenbergNode => typeof c !== 'string' && c.name === 'image');
      let images = inner
        .map((child) => galleryImage(rawHtml(child), ctx, child.attrs))
        .filter((x): x is Record<string, unknown> => !!x);
      if (images.length === 0)
        images = allTags(raw, 'img')
          .map((img) => imageAsset(img, ctx))
          .filter((x): x is Record<string, unknown> => !!x);
      if (images.length === 0 && Array.isArray(a.ids)) images = galleryImages(a.ids.join(','), ctx);
      const made = galleryBlock(images, a);
      return made ? [made] : [];
    }
    case 'quote':
    case 'pullquote': {
      return [quoteOf(text()) ?? text()];
    }
    case 'separator':
      return [{ block: { type: BlockType.HORIZONTAL_RULE, settings: {}, content: {} }, html: '<hr>' }];
    case 'spacer': {
      const height = Number.parseInt(String(a.height ?? '100'), 10);
      return [spacer(Number.isFinite(height) ? height : 100)];
    }
    case 'code': {
      const pre = chunksOf(text()).find((c) => c.tag === 'pre');
      return [(pre && codeOf(pre.inner, { ...pre.attrs, class: `${pre.attrs.class ?? ''} code` })) ?? text()];
    }
    case 'button': {
      const outline = /\bis-style-outline\b/.test(`${String(a.className ?? '')} ${firstTag(raw, 'div')?.class ?? ''}`);
      const made = buttonOf(text(), outline, a.url, a.fontSize);
      return made ? [made] : [];
    }
    case 'embed': {
      const url = typeof a.url === 'string' ? a.url : plainText(withoutElement(raw, 'figcaption'));
      const made = embedBlock(url.trim(), textIn(text(), 'figcaption'));
      return made ? [made] : [];
    }
    case 'video': {
      const src = mediaSource(raw, 'video') ?? (a.id ? addressOf(ctx.attachments.get(String(a.id))?.url) : undefined);
      if (!src) return [];
      const video = videoPage(src);
      const title = textIn(text(), 'figcaption');
      return [video ? videoBlock(video.url, title, video.providerName) : videoBlock(src, title, '')];
    }
    case 'audio': {
      const src = mediaSource(raw, 'audio') ?? (a.id ? addressOf(ctx.attachments.get(String(a.id))?.url) : undefined);
      return src ? [audioBlock(src, textIn(text(), 'figcaption'))] : [];
    }
    case 'html':
      return [text()];
    case 'shortcode':
    case 'freeform':
      return freeform(raw, ctx, true);
    default: {
      if (NOTHING.has(name)) return [];
      const hasBlocks = node.children.some((c) => typeof c !== 'string');
      if (CONTAINER_BLOCKS.has(name) || hasBlocks)
        return node.children.flatMap((c) => (typeof c === 'string' ? freeform(c, ctx, false) : nodePieces(c, ctx)));
      // Another plugin's block: its own HTML, cleaned (when the pieces become an HTML block).
      return withShortcodes(raw, ctx);
    }
  }
}

/** Consecutive HTML pieces become one cleaned HTML block; empty ones go. */
function blocksOf(pieces: Piece[]): BlockData[] {
  const blocks: BlockData[] = [];
  let pending: string[] = [];
  const flush = () => {
    let clean = sanitizeOwnerHtml(pending.join('\n').trim()).trim();
    // The blank lines Gutenberg leaves between list items and the like (never inside <pre>).
    if (!/<pre\b/i.test(clean)) clean = clean.replace(/\n{2,}/g, '\n');
    clean = clean.replace(/<p>\s*<\/p>\n?/g, '').trim();
    pending = [];
    if (clean && (hasText(clean) || /<(img|iframe|hr|table)\b/i.test(clean))) blocks.push(html(clean));
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      if (piece.trim()) pending.push(piece.trim());
      continue;
    }
    flush();
    blocks.push(piece.block);
  }
  flush();
  return blocks;
}

/** Blocks in sections of at most 60 (the editor's limit); past 60 sections the body stays one HTML block. */
function sectionsOf(blocks: BlockData[], bodyHtml: string): SectionData[] {
  if (blocks.length === 0) return [];
  if (blocks.length > MAX_BLOCKS_PER_SECTION * MAX_SECTIONS) return bodyHtml ? [{ blocks: [html(bodyHtml)] }] : [];
  const sections: SectionData[] = [];
  for (let i = 0; i < blocks.length; i += MAX_BLOCKS_PER_SECTION)
    sections.push({ blocks: blocks.slice(i, i + MAX_BLOCKS_PER_SECTION) });
  return sections;
}

/**
 * Reads the body of an export item (`content:encoded`): its sections of our blocks, and its HTML
 * form, cleaned: a classic body as WordPress showed it (paragraphs from blank lines, shortcodes as
 * their HTML), a block body as the blocks' HTML (players and sound files as links).
 */
export function convertContent(content: string, ctx: ContentContext): ConvertedContent {
  const tree = parseGutenberg(content);
  const pieces = tree.flatMap((c) => (typeof c === 'string' ? freeform(c, ctx, true) : nodePieces(c, ctx)));
  const blocks = blocksOf(pieces);
  const body = tree.some((c) => typeof c !== 'string')
    ? sanitizeOwnerHtml(
        pieces
          .map((p) => (typeof p === 'string' ? p : p.html).trim())
          .filter(Boolean)
          .join('\n'),
      )
    : sanitizeOwnerHtml(paragraphs(joinShortcodeText(withLazySources(tree.join('')), ctx)));
  return { html: body, sections: sectionsOf(blocks, body) };
}

/**
 * Lazy pictures (Squarespace's `<img data-src>`, lazy-load plugins' `data-lazy-src`) with their
 * address as `src`, so the body's HTML shows them as the blocks do (the cleaner drops `data-*`).
 */
function withLazySources(markup: string): string {
  if (!/data-(?:lazy-)?(?:src|image)=/i.test(markup)) return markup;
  return markup.replace(/<img\b[^<>]*>/gi, (tag) => {
    const a = attributesOf(tag);
    if (a.src) return tag;
    const src = [a['data-src'], a['data-image'], a['data-lazy-src']].map((v) => addressOf(v)).find(Boolean);
    return src ? `<img src="${escapeHtml(src)}"${tag.slice(4)}` : tag;
  });
}

/** Every picture address the sections show (image and gallery blocks), once each. */
export function sectionImageUrls(sections: readonly SectionData[]): string[] {
  const found = new Set<string>();
  for (const section of sections)
    for (const block of section.blocks) {
      const assets = block.type === BlockType.GALLERY ? block.content.images : [block.content.image];
      for (const asset of Array.isArray(assets) ? assets : []) {
        const url = (asset as { assetUrl?: unknown } | undefined)?.assetUrl;
        if (typeof url === 'string') found.add(url);
      }
    }
  return [...found];
}

/** The addresses the sections' audio blocks and self-hosted video blocks play, once each. */
export function sectionPlayableUrls(sections: readonly SectionData[]): string[] {
  const found = new Set<string>();
  for (const section of sections)
    for (const block of section.blocks) {
      if (block.type !== BlockType.AUDIO && block.type !== BlockType.VIDEO) continue;
      if (block.type === BlockType.VIDEO && block.content.providerName) continue;
      if (typeof block.content.url === 'string') found.add(block.content.url);
    }
  return [...found];
}

/** The sections with each moved picture's old address replaced by its copy's (assets and HTML alike). */
export function withMovedSections(sections: SectionData[], moved: ReadonlyMap<string, string>): SectionData[] {
  if (moved.size === 0) return sections;
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const direct = moved.get(value);
      if (direct) return direct;
      if (!value.includes('"')) return value;
      let out = value;
      for (const [from, to] of moved)
        out = out.replaceAll(`"${from}"`, `"${to}"`).replaceAll(`"${from.replaceAll('&', '&amp;')}"`, `"${to}"`);
      return out;
    }
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    return value;
  };
  return swap(sections) as SectionData[];
}
