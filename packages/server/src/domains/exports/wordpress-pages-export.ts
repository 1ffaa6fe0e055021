import { createHash } from 'node:crypto';
import { BlockType, escapeHtml, GALLERY_VARIANTS, knownGallerySettings } from '@tessera/core';
import type { Kysely } from 'kysely';
import { sanitizeOwnerHtml } from '../content/sanitize-owner-html.js';
import type { Database } from '../../platform/db/schema.js';
import { escapeXml } from '../web/xml.js';

// The site's pages in `tessera export wordpress` (issue 19): each page of kind `page` as a WXR item
// of type page, its content what WordPress can show: text blocks as they are, headings, quotes and
// images as their HTML, galleries (with every setting), videos, sound and buttons (with their size)
// as Gutenberg blocks; other blocks (forms, products, …) have no WordPress form and are counted as
// left out. Each page's number is derived from its id, so it stays the same however many posts or
// pages are added, and the item names the page it came from (`_tessera_page_id`), so that
// importing the file back into the same site recognises its own pages instead of copying them.

export interface ExportedPages {
  lines: string[];
  pages: number;
  /** Blocks with no WordPress form, left out of the pages' content. */
  blocksLeftOut: number;
}

const STATUS_OUT: Record<string, string> = {
  published: 'publish',
  draft: 'draft',
  scheduled: 'future',
  'needs-review': 'pending',
  private: 'private',
};

/** A WordPress post number for a page: from its id, above the posts' own small numbers. */
export function pageNumber(collectionId: string): number {
  return 1_000_000 + (Number.parseInt(createHash('sha256').update(collectionId).digest('hex').slice(0, 8), 16) % 1e9);
}

type Block = {
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

/** A video: YouTube, Vimeo and other providers as an embed block, a file as a video block. */
function videoHtml(content: Record<string, unknown>): string | undefined {
  const url = safeUrl(content.url);
  if (!url) return undefined;
  const caption = captionOf(str(content.title));
  const provider = str(content.providerName).trim();
  if (provider && !url.startsWith('/')) {
    const slug = provider.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return `<!-- wp:embed${attrs({ url, type: 'video', providerNameSlug: slug, responsive: true })} -->
<figure class="wp-block-embed is-type-video is-provider-${slug} wp-block-embed-${slug}"><div class="wp-block-embed__wrapper">
${escapeHtml(url)}
</div>${caption}</figure>
<!-- /wp:embed -->`;
  }
  return `<!-- wp:video -->
<figure class="wp-block-video"><video controls src="${escapeHtml(url)}"></video>${caption}</figure>
<!-- /wp:video -->`;
}

function audioHtml(content: Record<string, unknown>): string | undefined {
  const url = safeUrl(content.url);
  if (!url) return undefined;
  return `<!-- wp:audio -->
<figure class="wp-block-audio"><audio controls src="${escapeHtml(url)}"></audio>${captionOf(str(content.title))}</figure>
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

function blockHtml(block: Block): string | undefined {
  const content = block.content ?? {};
  if (block.type === BlockType.HTML && block.variant === 'heading') {
    const level = Math.min(4, Math.max(1, Number(content.level) || 2));
    return `<h${level}>${escapeHtml(str(content.text))}</h${level}>`;
  }
  // Owner HTML is cleaned here; every other form below is built from escaped text and checked addresses.
  if (block.type === BlockType.HTML) return sanitizeOwnerHtml(str(content.html));
  if (block.type === BlockType.QUOTE) {
    const source = str(content.source) ? `<cite>${escapeHtml(str(content.source))}</cite>` : '';
    return `<blockquote><p>${escapeHtml(str(content.text))}</p>${source}</blockquote>`;
  }
  if (block.type === BlockType.IMAGE) {
    // Image blocks keep their picture as an asset (`assetUrl`, `altText`), like every image field.
    const image = content.image as Asset | undefined;
    const src = safeUrl(image?.assetUrl);
    if (!src) return undefined;
    const img = `<img src="${escapeHtml(src)}" alt="${escapeHtml(str(image?.altText))}">`;
    const caption = str(content.caption).trim();
    return `<figure>${img}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
  }
  if (block.type === BlockType.HORIZONTAL_RULE) return '<hr>';
  if (block.type === BlockType.GALLERY) return galleryHtml(block);
  if (block.type === BlockType.VIDEO) return videoHtml(content);
  if (block.type === BlockType.AUDIO) return audioHtml(content);
  if (block.type === BlockType.BUTTON) return buttonHtml(block);
  return undefined;
}

/**
 * The page's sections as WordPress content, and how many blocks had no WordPress form: text as
 * HTML, galleries, videos, sound and buttons as Gutenberg blocks (`<!-- wp:gallery -->…`), which
 * WordPress's editor and `tessera import wordpress` both read as blocks.
 */
export function pageHtml(sectionsJson: string): { html: string; leftOut: number } {
  let sections: unknown;
  try {
    sections = JSON.parse(sectionsJson);
  } catch {
    sections = [];
  }
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

export async function exportPages(
  db: Kysely<Database>,
  siteId: string,
  base: string,
  write: { cdata: (s: string) => string; text: (s: string) => string; wpDate: (iso: string) => string },
): Promise<ExportedPages> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'slug', 'title', 'sections', 'status', 'created_at', 'publish_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'page')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const lines: string[] = [];
  let blocksLeftOut = 0;
  for (const page of rows) {
    const { html, leftOut } = pageHtml(page.sections);
    blocksLeftOut += leftOut;
    const date = page.status === 'scheduled' && page.publish_at ? page.publish_at : page.created_at;
    const number = pageNumber(page.id);
    lines.push(
      '\t<item>',
      `\t\t<title>${write.text(page.title)}</title>`,
      `\t\t<link>${escapeXml(`${base}/${page.slug}`)}</link>`,
      `\t\t<pubDate>${new Date(date).toUTCString().replace('GMT', '+0000')}</pubDate>`,
      `\t\t<dc:creator>${write.cdata('')}</dc:creator>`,
      `\t\t<guid isPermaLink="false">${escapeXml(`${base}/?page_id=${number}`)}</guid>`,
      '\t\t<description></description>',
      `\t\t<content:encoded>${write.cdata(html)}</content:encoded>`,
      `\t\t<excerpt:encoded>${write.cdata('')}</excerpt:encoded>`,
      `\t\t<wp:post_id>${number}</wp:post_id>`,
      `\t\t<wp:post_date>${write.cdata(write.wpDate(date))}</wp:post_date>`,
      `\t\t<wp:post_date_gmt>${write.cdata(write.wpDate(date))}</wp:post_date_gmt>`,
      `\t\t<wp:comment_status>${write.cdata('closed')}</wp:comment_status>`,
      `\t\t<wp:ping_status>${write.cdata('closed')}</wp:ping_status>`,
      `\t\t<wp:post_name>${write.cdata(page.slug)}</wp:post_name>`,
      `\t\t<wp:status>${write.cdata(STATUS_OUT[page.status] ?? 'draft')}</wp:status>`,
      '\t\t<wp:post_parent>0</wp:post_parent>',
      '\t\t<wp:menu_order>0</wp:menu_order>',
      `\t\t<wp:post_type>${write.cdata('page')}</wp:post_type>`,
      `\t\t<wp:post_password>${write.cdata('')}</wp:post_password>`,
      '\t\t<wp:is_sticky>0</wp:is_sticky>',
      `\t\t<wp:postmeta><wp:meta_key>${write.cdata('_tessera_page_id')}</wp:meta_key><wp:meta_value>${write.cdata(page.id)}</wp:meta_value></wp:postmeta>`,
      '\t</item>',
    );
  }
  return { lines, pages: rows.length, blocksLeftOut };
}
