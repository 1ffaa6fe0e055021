import { BlockType, escapeHtml, GALLERY_VARIANTS, knownGallerySettings } from '@tessera/core';
import { sanitizeOwnerHtml } from '../content/index.js';

// Our blocks as WordPress content (issue 19), for the pages and posts of `tessera export wordpress`:
// each block as the Gutenberg block WordPress has for it (HTML WordPress shows and its editor opens
// as blocks), and what WordPress has no place for in a `tessera` attribute of the block comment,
// which WordPress keeps and `tessera import wordpress` reads back (imports/wordpress-own-blocks.ts),
// so that exporting and importing again gives the same blocks. Owner HTML is cleaned; every other
// form is built from escaped text and checked addresses, and attributes are JSON that cannot end
// the comment. Blocks with no WordPress form (forms, products, summaries…) are left out and counted.

export type Block = {
  type?: unknown;
  variant?: unknown;
  settings?: Record<string, unknown>;
  content?: Record<string, unknown>;
};
type Asset = {
  assetUrl?: unknown;
  altText?: unknown;
  originalSize?: unknown;
  title?: unknown;
  description?: unknown;
  mediaFocalPoint?: unknown;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** An address a page may point at in WordPress: http(s) or a path (a link also mailto:, tel: or #…). */
function safeUrl(value: unknown, link = false): string | undefined {
  const url = str(value).trim();
  if (!url || url.length > 2000 || /[\s"'<>\\`]/.test(url)) return undefined;
  if (/^\/(?![/\\])/.test(url) || /^https?:\/\//i.test(url)) return url;
  if (link && (/^(mailto|tel):/i.test(url) || url.startsWith('#'))) return url;
  return undefined;
}

/** A block comment's attributes as WordPress writes them: JSON that cannot close the comment. */
function attrs(value: Record<string, unknown>): string {
  if (Object.keys(value).length === 0) return '';
  const json = JSON.stringify(value)
    .replaceAll('-', '\\u002d')
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
  return ` ${json}`;
}

const captionOf = (text: string) =>
  text.trim() ? `<figcaption class="wp-element-caption">${escapeHtml(text.trim())}</figcaption>` : '';

function imgTag(image: Asset | undefined, title = ''): string | undefined {
  const src = safeUrl(image?.assetUrl);
  if (!src) return undefined;
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(str(image?.originalSize));
  const dims = size ? ` width="${size[1]}" height="${size[2]}"` : '';
  const named = title ? ` title="${escapeHtml(title)}"` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(str(image?.altText))}"${dims}${named}/>`;
}

type Focal = { x: number; y: number };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A focal point other than the centre, or undefined (the centre is every picture's default). */
function focalOf(value: unknown): Focal | undefined {
  if (!isRecord(value)) return undefined;
  const { x, y } = value;
  const fits = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n <= 1;
  return fits(x) && fits(y) && (x !== 0.5 || y !== 0.5) ? { x, y } : undefined;
}

/**
 * One picture of a gallery as WordPress's image block: its title as the picture's title, its
 * description as the caption, a focal point (which WordPress has no attribute for) as `tessera`.
 */
function galleryImageHtml(image: Asset): string | undefined {
  const img = imgTag(image, str(image.title).trim());
  if (!img) return undefined;
  const focal = focalOf(image.mediaFocalPoint);
  return `<!-- wp:image${attrs(focal ? { tessera: { focalPoint: focal } } : {})} -->
<figure class="wp-block-image">${img}${captionOf(str(image.description))}</figure>
<!-- /wp:image -->`;
}

/**
 * A gallery's attributes: WordPress's own where it has one (columns up to 8, `imageCrop`), every
 * other SPEC setting and the design (the block variant, grid when absent) in `tessera`, which
 * WordPress keeps and `tessera import wordpress` reads back (imports/wordpress-block-parts.ts).
 */
function galleryAttributes(block: Block): { attributes: Record<string, unknown>; columns?: number; crop: boolean } {
  const settings = knownGallerySettings(block.settings ?? {});
  const n = settings['thumbnails-per-row'];
  const columns = typeof n === 'number' && Number.isInteger(n) && n <= 8 ? n : undefined;
  const crop = settings['auto-crop'] !== false;
  const rest = Object.fromEntries(
    Object.entries(settings).filter(
      ([key, value]) => !(key === 'thumbnails-per-row' && columns) && !(key === 'auto-crop' && value === false),
    ),
  );
  const variant = typeof block.variant === 'string' && GALLERY_VARIANTS.includes(block.variant) ? block.variant : '';
  const own = {
    ...(variant === 'grid' ? {} : { variant }),
    ...(Object.keys(rest).length > 0 ? { settings: rest } : {}),
  };
  const attributes = {
    ...(columns ? { columns } : {}),
    ...(crop ? {} : { imageCrop: false }),
    linkTo: 'none',
    ...(Object.keys(own).length > 0 ? { tessera: own } : {}),
  };
  return { attributes, columns, crop };
}

/** A gallery as WordPress's gallery block of image blocks (read back by the import as our gallery). */
function galleryHtml(block: Block): string | undefined {
  const images = Array.isArray(block.content?.images) ? (block.content.images as Asset[]) : [];
  const inner = images.map(galleryImageHtml).filter((img): img is string => !!img);
  if (inner.length === 0) return undefined;
  const { attributes, columns, crop } = galleryAttributes(block);
  return `<!-- wp:gallery${attrs(attributes)} -->
<figure class="wp-block-gallery has-nested-images${columns ? ` columns-${columns}` : ' columns-default'}${crop ? ' is-cropped' : ''}">${inner.join('\n')}</figure>
<!-- /wp:gallery -->`;
}

/**
 * What a block keeps that its WordPress form has no place for, as the `tessera` attribute of its block
 * comment (read back by imports/wordpress-own-blocks.ts): the design (variant) where one is `chosen`,
 * its settings but those WordPress holds itself, and the named content fields it has.
 */
function carried(
  block: Block,
  keys: { settingsHeld?: readonly string[]; content?: readonly string[]; variant?: boolean },
): Record<string, unknown> | undefined {
  const own: Record<string, unknown> = {};
  if (keys.variant && typeof block.variant === 'string' && block.variant) own.variant = block.variant;
  const settings = Object.fromEntries(
    Object.entries(block.settings ?? {}).filter(([key]) => !keys.settingsHeld?.includes(key)),
  );
  if (Object.keys(settings).length > 0) own.settings = settings;
  const content = Object.fromEntries(
    (keys.content ?? []).filter((key) => block.content?.[key] !== undefined).map((key) => [key, block.content?.[key]]),
  );
  if (Object.keys(content).length > 0) own.content = content;
  return Object.keys(own).length > 0 ? own : undefined;
}

/** A picture's own fields: its address, alt text, kind, size, focal point and title. */
function pictureFields(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const keys = ['assetUrl', 'altText', 'recordType', 'originalSize', 'mediaFocalPoint', 'title'];
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
}

const withOwn = (attributes: Record<string, unknown>, own: Record<string, unknown> | undefined) =>
  attrs(own ? { ...attributes, tessera: own } : attributes);

/** A video: YouTube, Vimeo and other providers as an embed block, a file as a video block. */
function videoHtml(block: Block): string | undefined {
  const content = block.content ?? {};
  const url = safeUrl(content.url);
  if (!url) return undefined;
  const caption = captionOf(str(content.title));
  const provider = str(content.providerName).trim();
  // The overlay is on when the import reads a video; its picture (SPEC §4's main image) has no
  // WordPress form: the fields an owner gives it (what the file's analysis adds comes again with the file).
  const own = carried(
    { ...block, content: { ...content, image: pictureFields(content.image) } },
    { content: ['mainImageId', 'systemDataId', 'image', ...(content.overlay === true ? [] : ['overlay'])] },
  );
  if (provider && !url.startsWith('/')) {
    const slug = provider.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return `<!-- wp:embed${withOwn({ url, type: 'video', providerNameSlug: slug, responsive: true }, own)} -->
<figure class="wp-block-embed is-type-video is-provider-${slug} wp-block-embed-${slug}"><div class="wp-block-embed__wrapper">
${escapeHtml(url)}
</div>${caption}</figure>
<!-- /wp:embed -->`;
  }
  return `<!-- wp:video${withOwn({}, own)} -->
<figure class="wp-block-video"><video controls src="${escapeHtml(url)}"></video>${caption}</figure>
<!-- /wp:video -->`;
}

/** Another site's page: WordPress's embed block of its address (the stored embed HTML carried along). */
function embedHtml(block: Block): string | undefined {
  const url = safeUrl(block.content?.url);
  if (!url || url.startsWith('/')) return undefined;
  const own = carried(block, { content: ['html'] });
  return `<!-- wp:embed${withOwn({ url, type: 'rich' }, own)} -->
<figure class="wp-block-embed is-type-rich"><div class="wp-block-embed__wrapper">
${escapeHtml(url)}
</div>${captionOf(str(block.content?.title))}</figure>
<!-- /wp:embed -->`;
}

function audioHtml(block: Block): string | undefined {
  const url = safeUrl(block.content?.url);
  if (!url) return undefined;
  return `<!-- wp:audio${withOwn({}, carried(block, { content: ['author'] }))} -->
<figure class="wp-block-audio"><audio controls src="${escapeHtml(url)}"></audio>${captionOf(str(block.content?.title))}</figure>
<!-- /wp:audio -->`;
}

/** The button sizes WordPress names as font size presets (`fontSize`, `has-<size>-font-size`). */
const BUTTON_SIZES = ['small', 'medium', 'large'];

/** A button as WordPress's buttons block (the secondary style as its outline style, the size as its font size). */
function buttonHtml(block: Block): string | undefined {
  const label = str(block.content?.label).trim();
  const url = safeUrl(block.content?.url, true);
  if (!label || !url) return undefined;
  const outline = block.settings?.style === 'secondary';
  const size = BUTTON_SIZES.find((one) => one === block.settings?.size);
  const target = block.settings?.newWindow === true ? ' target="_blank" rel="noreferrer noopener"' : '';
  const classes = `wp-block-button${size ? ` has-custom-font-size has-${size}-font-size` : ''}${outline ? ' is-style-outline' : ''}`;
  return `<!-- wp:buttons -->
<div class="wp-block-buttons"><!-- wp:button${attrs({ ...(outline ? { className: 'is-style-outline' } : {}), ...(size ? { fontSize: size } : {}) })} -->
<div class="${classes}"><a class="wp-block-button__link wp-element-button" href="${escapeHtml(url)}"${target}>${escapeHtml(label)}</a></div>
<!-- /wp:button --></div>
<!-- /wp:buttons -->`;
}

/**
 * A stand-alone picture as WordPress's image block: the picture with its size, alt text and caption
 * as WordPress writes them; its design (inline, poster, card…), focal point and the poster's title,
 * text and button in `tessera`.
 */
function imageHtml(block: Block): string | undefined {
  const image = block.content?.image as Asset | undefined;
  const img = imgTag(image, str(image?.title).trim());
  if (!img) return undefined;
  const focal = focalOf(image?.mediaFocalPoint);
  const own = carried(block, { variant: block.variant !== 'inline', content: ['title', 'text', 'button'] });
  const tessera = focal ? { ...own, focalPoint: focal } : own;
  return `<!-- wp:image${withOwn({ sizeSlug: 'full', linkDestination: 'none' }, tessera)} -->
<figure class="wp-block-image size-full">${img}${captionOf(str(block.content?.caption))}</figure>
<!-- /wp:image -->`;
}

function headingHtml(block: Block): string {
  const level = Math.min(4, Math.max(1, Number(block.content?.level) || 2));
  return `<!-- wp:heading${withOwn(level === 2 ? {} : { level }, carried(block, {}))} -->
<h${level} class="wp-block-heading">${escapeHtml(str(block.content?.text))}</h${level}>
<!-- /wp:heading -->`;
}

/**
 * Owner text as WordPress's custom HTML block (its editor converts it to paragraphs and lists on
 * request), cleaned; `tessera` marks it as one block of ours, so neighbours stay apart on import.
 */
function textHtml(block: Block): string {
  const html = sanitizeOwnerHtml(str(block.content?.html)).trim();
  return html ? `<!-- wp:html${attrs({ tessera: carried(block, {}) ?? {} })} -->\n${html}\n<!-- /wp:html -->` : '';
}

function quoteHtml(block: Block): string {
  const source = str(block.content?.source) ? `<cite>${escapeHtml(str(block.content?.source))}</cite>` : '';
  return `<!-- wp:quote${withOwn({}, carried(block, {}))} -->
<blockquote class="wp-block-quote"><p>${escapeHtml(str(block.content?.text))}</p>${source}</blockquote>
<!-- /wp:quote -->`;
}

function codeHtml(block: Block): string | undefined {
  const code = str(block.content?.code);
  if (!code.trim()) return undefined;
  const language = /^[a-z0-9+#-]{1,20}$/i.exec(str(block.content?.language))?.[0];
  return `<!-- wp:code${withOwn({}, carried(block, {}))} -->
<pre class="wp-block-code"><code${language ? ` class="language-${language.toLowerCase()}"` : ''}>${escapeHtml(code)}</code></pre>
<!-- /wp:code -->`;
}

function spacerHtml(block: Block): string {
  const height = Math.min(400, Math.max(0, Math.round(Number(block.settings?.height ?? 100)) || 0));
  return `<!-- wp:spacer${withOwn({ height: `${height}px` }, carried(block, { settingsHeld: ['height'] }))} -->
<div style="height:${height}px" aria-hidden="true" class="wp-block-spacer"></div>
<!-- /wp:spacer -->`;
}

const separatorHtml = (block: Block) =>
  `<!-- wp:separator${withOwn({}, carried(block, {}))} -->
<hr class="wp-block-separator has-alpha-channel-opacity"/>
<!-- /wp:separator -->`;

/** Each block type WordPress has a form for, as its Gutenberg block; other types have none. */
const WRITERS: Partial<Record<number, (block: Block) => string | undefined>> = {
  [BlockType.HTML]: (block) => (block.variant === 'heading' ? headingHtml(block) : textHtml(block)),
  [BlockType.QUOTE]: quoteHtml,
  [BlockType.IMAGE]: imageHtml,
  [BlockType.HORIZONTAL_RULE]: separatorHtml,
  [BlockType.SPACER]: spacerHtml,
  [BlockType.CODE]: codeHtml,
  [BlockType.GALLERY]: galleryHtml,
  [BlockType.VIDEO]: videoHtml,
  [BlockType.EMBED]: embedHtml,
  [BlockType.AUDIO]: audioHtml,
  [BlockType.BUTTON]: buttonHtml,
};

/** A block as WordPress content; undefined when its type (forms, products…) has no WordPress form. */
export function blockHtml(block: Block): string | undefined {
  return typeof block.type === 'number' ? WRITERS[block.type]?.(block) : undefined;
}

/**
 * Sections (a page's or a post's) as WordPress content, and how many blocks had no WordPress form:
 * each block as its Gutenberg block (`<!-- wp:gallery -->…`), which WordPress's editor opens as blocks
 * and `tessera import wordpress` reads back as the same blocks.
 */
export function sectionsHtml(sections: unknown): { html: string; leftOut: number } {
  const parts: string[] = [];
  let leftOut = 0;
  for (const section of Array.isArray(sections) ? sections : []) {
    const blocks = (section as { blocks?: unknown }).blocks;
    for (const block of Array.isArray(blocks) ? (blocks as Block[]) : []) {
      const html = blockHtml(block);
      if (html === undefined) leftOut++;
      else if (html.trim()) parts.push(html.trim());
    }
  }
  return { html: parts.join('\n'), leftOut };
}

/** A page's stored sections (JSON) as WordPress content. */
export function pageHtml(sectionsJson: string): { html: string; leftOut: number } {
  try {
    return sectionsHtml(JSON.parse(sectionsJson));
  } catch {
    return sectionsHtml([]);
  }
}
