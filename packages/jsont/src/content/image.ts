/**
 * Image helpers for templates (SPEC §3 image, §9 responsive widths and
 * thumbnail buckets): focal point, alt text, the `data-*` meta attributes the
 * image loader reads, `srcset`, and resizing by `originalSize` ("WxH").
 */
import type { RenderContext } from '../plugin.js';
import { escapeHtml, stripTags } from '../values/html.js';
import { asNumber, asString, field, isObject, isTruthy } from '../values/json.js';

/** SPEC §9 responsive widths, smallest first. */
export const RESPONSIVE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

/** SPEC §9 default focal point. */
export const DEFAULT_FOCAL_POINT = '0.5,0.5';

/**
 * Longest alt text taken from an item's body. The conformance vectors cut at 250
 * characters (SPEC §9 names 1000; the vectors win for template output).
 */
export const MAX_ALT_TEXT_FROM_BODY = 250;

/** SPEC §5: the message when `originalSize` is not two numbers joined by x. */
export const INVALID_SOURCE_MESSAGE = "Invalid source parameter. Pass in 'originalSize'.";

/** Image block type code: its items carry an explicit alt text (SPEC §3 block types). */
const IMAGE_BLOCK = 5;

export function focalPoint(image: unknown): string {
  const point = field(image, 'mediaFocalPoint');
  if (point === undefined) return DEFAULT_FOCAL_POINT;
  return `${asNumber(field(point, 'x'))},${asNumber(field(point, 'y'))}`;
}

/** Alt text from the title, else the body without tags (cut), else the file name. */
export function altTextFromFields(item: unknown): string {
  const title = field(item, 'title');
  if (isTruthy(title)) return asString(title);
  const body = field(item, 'body');
  if (isTruthy(body)) {
    const text = stripTags(asString(body));
    if (text.length > 0) return text.slice(0, MAX_ALT_TEXT_FROM_BODY);
  }
  const filename = field(item, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

/** Inside an image block the image's own alt text is used, even when empty. */
export function altText(image: unknown, ctx: RenderContext): string {
  const blockType = ctx.resolve('blockType');
  if (blockType !== undefined && asNumber(blockType) === IMAGE_BLOCK) {
    return asString(field(image, 'altText')).trim();
  }
  return altTextFromFields(image);
}

/** The loader's meta attributes, each followed by a space; empty for a missing image. */
export function imageMetaAttributes(image: unknown, ctx: RenderContext, escapedAlt?: string): string {
  if (image === undefined) return '';
  const alt = escapedAlt ?? escapeHtml(altText(image, ctx));
  const assetUrl = asString(field(image, 'assetUrl'));
  let out = '';
  if (isObject(field(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" ';
  const componentKey = field(image, 'componentKey');
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  out += `data-src="${assetUrl}" `;
  out += `data-image="${assetUrl}" `;
  out += `data-image-dimensions="${asString(field(image, 'originalSize'))}" `;
  out += `data-image-focal-point="${focalPoint(image)}" `;
  out += `alt="${alt}" `;
  return out;
}

/** A lazy-loaded `<img>` with a `<noscript>` fallback. */
export function imageTag(image: unknown, className: string, ctx: RenderContext): string {
  const alt = escapeHtml(altText(image, ctx));
  const assetUrl = asString(field(image, 'assetUrl'));
  let out = `<noscript><img src="${assetUrl}" alt="${alt}" /></noscript>`;
  out += `<img class="${className}" ${imageMetaAttributes(image, ctx, alt)}`;
  out += `data-load="false" data-image-id="${asString(field(image, 'id'))}" data-type="image" />`;
  return out;
}

/**
 * `srcset` over the image's width variants; when the largest is not the largest
 * responsive width, the original file stands in for the next width up.
 */
export function srcsetAttribute(image: unknown): string | undefined {
  if (image === undefined) return undefined;
  const assetUrl = asString(field(image, 'assetUrl'));
  const widths = asString(field(image, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  const last = widths.at(-1);
  if (last === undefined) return undefined;
  let original = '';
  const index = (RESPONSIVE_WIDTHS as readonly string[]).indexOf(last);
  if (index >= 0 && index < RESPONSIVE_WIDTHS.length - 1) {
    original = `,${assetUrl}?format=original ${RESPONSIVE_WIDTHS[index + 1]}`;
  }
  return ` srcset="${widths.map((w) => `${assetUrl}?format=${w} ${w}`).join(',')}${original}"`;
}

/** `[width, height]` of a "WxH" value, or undefined when it is not two parts. */
export function splitDimensions(value: unknown): [number, number] | undefined {
  const parts = asString(value).split('x');
  if (parts.length !== 2) return undefined;
  return [Number.parseInt(parts[0] ?? '', 10), Number.parseInt(parts[1] ?? '', 10)];
}

/** The other side of a resized image, truncated to an integer. */
export function resizedSide(size: unknown, requested: number, side: 'width' | 'height'): number | string {
  const dims = splitDimensions(size);
  if (!dims) return INVALID_SOURCE_MESSAGE;
  const [width, height] = dims;
  const value = side === 'width' ? width * (requested / height) : height * (requested / width);
  return Math.trunc(value) | 0;
}

/** SPEC §9 thumbnail buckets: up to 100 → 100w, … above 1000 → 1500w. */
export function thumbnailBucket(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}
