import {
  type BlockData,
  BlockType,
  escapeHtml,
  GALLERY_VARIANTS,
  knownGallerySettings,
  RecordType,
} from '@tessera/core';
import {
  addressOf,
  allTags,
  attributesOf,
  decode,
  firstTag,
  lineOf,
  linkOf,
  textIn,
  withoutElement,
} from './wordpress-markup.js';

// Our blocks as the WordPress and Squarespace import makes them (issue 19, wordpress-blocks.ts): each
// with its exact content fields (SPEC §3 block types; themes/default/README.md) and the HTML that
// stands for it in a post's body. Addresses are checked; texts are plain.

const MAX_GALLERY_IMAGES = 100;

/** An attachment item of the export (a media library entry), by its post id. */
export interface WxrAttachment {
  url: string;
  alt: string;
  /** The post it was uploaded to (`wp:post_parent`), for `[gallery]` without ids. */
  parent: string;
}

export interface ContentContext {
  attachments: ReadonlyMap<string, WxrAttachment>;
  /** The item being read (its own attachments make a `[gallery]` without ids). */
  postId?: string;
}

/** A block with the HTML that stands for it in the body (the blog editor's form of the post). */
export interface Made {
  block: BlockData;
  html: string;
}
export type Piece = string | Made;

export const html = (markup: string): BlockData => ({ type: BlockType.HTML, settings: {}, content: { html: markup } });

export function imageAsset(
  tagAttrs: Record<string, string>,
  ctx: ContentContext,
  attachmentId?: unknown,
): Record<string, unknown> | undefined {
  const fromClass = /\bwp-image-(\d+)\b/.exec(tagAttrs.class ?? '')?.[1] ?? '';
  const attachment = ctx.attachments.get(String(attachmentId ?? '')) ?? ctx.attachments.get(fromClass);
  const url =
    [tagAttrs.src, tagAttrs['data-src'], tagAttrs['data-image'], tagAttrs['data-lazy-src'], attachment?.url]
      .map((candidate) => addressOf(candidate))
      .find(Boolean) ?? undefined;
  if (!url) return undefined;
  const asset: Record<string, unknown> = {
    recordType: RecordType.IMAGE,
    assetUrl: url,
    altText: (tagAttrs.alt ?? '').trim().slice(0, 1000) || (attachment?.alt ?? ''),
  };
  const dims = /^(\d{1,5})x(\d{1,5})$/.exec(tagAttrs['data-image-dimensions'] ?? '');
  const [w, h] = dims ? [dims[1], dims[2]] : [tagAttrs.width, tagAttrs.height];
  if (/^\d{1,5}$/.test(w ?? '') && /^\d{1,5}$/.test(h ?? '') && Number(w) > 0 && Number(h) > 0)
    asset.originalSize = `${Number(w)}x${Number(h)}`;
  // Squarespace keeps the picture's focal point: "0.42,0.3".
  const focal = /^(0(?:\.\d{1,6})?|1(?:\.0{1,6})?),(0(?:\.\d{1,6})?|1(?:\.0{1,6})?)$/.exec(
    tagAttrs['data-image-focal-point'] ?? '',
  );
  if (focal) asset.mediaFocalPoint = { x: Number(focal[1]), y: Number(focal[2]) };
  return asset;
}

function imageHtml(asset: Record<string, unknown>): string {
  return `<img src="${escapeHtml(String(asset.assetUrl))}" alt="${escapeHtml(String(asset.altText ?? ''))}">`;
}

/** A picture's title, from its `<img title>` (WordPress writes one when the library entry has it). */
export function withTitle(asset: Record<string, unknown>, img: Record<string, string>): Record<string, unknown> {
  const title = (img.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 1000);
  if (title) asset.title = title;
  return asset;
}

export function imageBlock(asset: Record<string, unknown>, caption: string): Made {
  const content: Record<string, unknown> = { image: asset };
  if (caption) content.caption = caption;
  const figcaption = caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '';
  return {
    block: { type: BlockType.IMAGE, variant: 'inline', settings: {}, content },
    html: `<figure>${imageHtml(asset)}${figcaption}</figure>`,
  };
}

/** A gallery's attributes as a Gutenberg gallery block or a `[gallery]` shortcode has them. */
export interface GalleryAttributes {
  columns?: unknown;
  /** WordPress's crop of the thumbnails (default on), our `auto-crop`. */
  imageCrop?: unknown;
  /** What our own export writes where WordPress has no attribute (exports/wordpress-pages-export.ts). */
  tessera?: unknown;
}

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function galleryBlock(images: Record<string, unknown>[], attrs: GalleryAttributes = {}): Made | undefined {
  const kept = images.slice(0, MAX_GALLERY_IMAGES);
  if (kept.length === 0) return undefined;
  const settings: Record<string, unknown> = {};
  const n = Number(attrs.columns);
  if (Number.isInteger(n) && n >= 1 && n <= 10) settings['thumbnails-per-row'] = n;
  if (attrs.imageCrop === false) settings['auto-crop'] = false;
  // The design and the settings WordPress has no attribute for, from our own export.
  const own = recordOf(attrs.tessera);
  Object.assign(settings, knownGallerySettings(recordOf(own?.settings) ?? {}));
  const variant = own?.variant === '' ? undefined : (GALLERY_VARIANTS.find((one) => one === own?.variant) ?? 'grid');
  return {
    block: { type: BlockType.GALLERY, ...(variant ? { variant } : {}), settings, content: { images: kept } },
    html: `<figure class="gallery">${kept.map(imageHtml).join('')}</figure>`,
  };
}

/**
 * A picture of a Gutenberg gallery: the image block's picture with its title (`<img title>`), its
 * caption as the description, and the focal point our export writes (`{"tessera":{"focalPoint":…}}`).
 */
export function galleryImage(
  markup: string,
  ctx: ContentContext,
  attrs: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const img = firstTag(markup, 'img') ?? {};
  const asset = imageAsset(img, ctx, attrs.id);
  if (!asset) return undefined;
  withTitle(asset, img);
  const description = textIn(markup, 'figcaption');
  if (description) asset.description = description;
  const focal = recordOf(recordOf(attrs.tessera)?.focalPoint);
  const fits = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 1;
  if (focal && fits(focal.x) && fits(focal.y)) asset.mediaFocalPoint = { x: focal.x, y: focal.y };
  return asset;
}

const VIDEO_HOSTS: readonly [RegExp, string][] = [
  [/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
];

/** A YouTube or Vimeo address as the page people share (players' `/embed/ID` addresses read back). */
export function videoPage(raw: string): { url: string; providerName: string } | undefined {
  const url = addressOf(raw.replace(/^\/\//, 'https://'));
  if (!url || url.startsWith('/')) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const provider = VIDEO_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
  if (!provider) return undefined;
  const youtube = /^\/embed\/([\w-]{6,20})/.exec(parsed.pathname);
  if (provider === 'YouTube' && youtube)
    return { url: `https://www.youtube.com/watch?v=${youtube[1]}`, providerName: provider };
  const vimeo = /^\/video\/(\d{1,15})/.exec(parsed.pathname);
  if (provider === 'Vimeo' && host === 'player.vimeo.com' && vimeo)
    return { url: `https://vimeo.com/${vimeo[1]}`, providerName: provider };
  return { url, providerName: provider };
}

function linkHtml(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label || url)}</a></p>`;
}

/** `[embed]`, wp:embed and pasted addresses: YouTube and Vimeo become our video block, others an embed block (a link). */
export function embedBlock(raw: string, title: string): Made | undefined {
  const video = videoPage(raw);
  if (video) return videoBlock(video.url, title, video.providerName);
  const url = addressOf(raw);
  if (!url || url.startsWith('/')) return undefined;
  const content: Record<string, unknown> = { url };
  if (title) content.title = title;
  return { block: { type: BlockType.EMBED, settings: {}, content }, html: linkHtml(url, title) };
}

export function videoBlock(url: string, title: string, providerName: string): Made {
  const content: Record<string, unknown> = { url, providerName, overlay: true };
  if (title) content.title = title;
  return { block: { type: BlockType.VIDEO, settings: {}, content }, html: linkHtml(url, title) };
}

export function audioBlock(url: string, title: string): Made {
  const content: Record<string, unknown> = { url };
  if (title) content.title = title;
  return { block: { type: BlockType.AUDIO, settings: {}, content }, html: linkHtml(url, title) };
}

export function mediaSource(markup: string, tag: 'video' | 'audio'): string | undefined {
  const own = firstTag(markup, tag);
  return (
    addressOf(own?.src) ??
    allTags(markup, 'source')
      .map((s) => addressOf(s.src))
      .find(Boolean)
  );
}

export function galleryImages(ids: string, ctx: ContentContext): Record<string, unknown>[] {
  return ids
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id))
    .map((id) => imageAsset({}, ctx, id))
    .filter((a): a is Record<string, unknown> => !!a);
}

/** Squarespace's image caption (`<div class="image-caption"><p>…</p></div>`) and the markup without it. */
export function squarespaceCaption(markup: string): { text: string; rest: string } {
  if (!markup.includes('image-caption')) return { text: '', rest: markup };
  for (const m of markup.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g)) {
    if (!(attributesOf(m[0]).class ?? '').split(/\s+/).includes('image-caption')) continue;
    const innerStart = (m.index as number) + m[0].length;
    const close = markup.toLowerCase().indexOf(`</${(m[1] as string).toLowerCase()}`, innerStart);
    const innerEnd = close === -1 ? markup.length : close;
    return {
      text: lineOf(markup.slice(innerStart, innerEnd), 1000),
      rest: `${markup.slice(0, m.index)} ${markup.slice(innerEnd)}`,
    };
  }
  return { text: '', rest: markup };
}

export function spacer(height: number): Made {
  return {
    block: {
      type: BlockType.SPACER,
      settings: { height: Math.min(400, Math.max(0, Math.round(height))) },
      content: {},
    },
    html: '',
  };
}

/** The button sizes WordPress names as font size presets (`fontSize`), ours by the same names. */
const BUTTON_SIZES = ['small', 'medium', 'large'];

export function buttonOf(
  markup: string,
  secondary: boolean,
  fallbackUrl?: unknown,
  fontSize?: unknown,
): Made | string | undefined {
  const a = firstTag(markup, 'a');
  const label = lineOf(markup, 200);
  if (!label) return undefined;
  const url = linkOf(a?.href ?? (typeof fallbackUrl === 'string' ? fallbackUrl : undefined));
  if (!url) return `<p>${escapeHtml(label)}</p>`;
  const settings: Record<string, unknown> = { style: secondary ? 'secondary' : 'primary' };
  const size = BUTTON_SIZES.find((one) => one === fontSize);
  if (size) settings.size = size;
  if (a?.target === '_blank') settings.newWindow = true;
  return {
    block: { type: BlockType.BUTTON, settings, content: { label, url } },
    html: `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
  };
}

export function codeOf(inner: string, attrs: Record<string, string>): Made | undefined {
  const code = /^\s*<code\b[^>]*>([\s\S]*?)<\/code>\s*$/i.exec(inner)?.[1];
  if (code === undefined && !/\bcode\b/.test(attrs.class ?? '')) return undefined;
  const text = decode((code ?? inner).replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).slice(0, 100_000);
  if (!text.trim()) return undefined;
  const language = /\blanguage-([a-z0-9+#-]{1,20})\b/i.exec(
    `${attrs.class ?? ''} ${firstTag(inner, 'code')?.class ?? ''}`,
  )?.[1];
  const content: Record<string, unknown> = { code: text };
  if (language) content.language = language.toLowerCase();
  return {
    block: { type: BlockType.CODE, settings: {}, content },
    html: `<pre><code>${escapeHtml(text)}</code></pre>`,
  };
}

/** A quotation of text (paragraphs, emphasis) as our quote block; one with lists, pictures or tables stays HTML. */
export function quoteOf(markup: string, citation?: string): Made | undefined {
  if (/<(img|ul|ol|table|pre|iframe|h[1-6]|video|audio)\b/i.test(markup)) return undefined;
  const source = (citation ?? (textIn(markup, 'cite') || textIn(markup, 'footer') || textIn(markup, 'figcaption')))
    .replace(/^[\s—–-]+/, '')
    .slice(0, 300);
  const body = withoutElement(withoutElement(withoutElement(markup, 'cite'), 'footer'), 'figcaption').replace(
    /<br\s*\/?>|<\/p>/gi,
    '$& ',
  );
  const text = lineOf(body)
    .replace(/^["“”]+|["“”]+$/g, '')
    .trim();
  if (!text) return undefined;
  const content: Record<string, unknown> = { text, source };
  const cite = source ? `<cite>${escapeHtml(source)}</cite>` : '';
  return {
    block: { type: BlockType.QUOTE, settings: {}, content },
    html: `<blockquote><p>${escapeHtml(text)}</p>${cite}</blockquote>`,
  };
}
