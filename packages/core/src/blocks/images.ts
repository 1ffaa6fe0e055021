import { focalPointOf } from '../image/focal-point.js';
import { imageFormatUrl, srcset, thumbnailBucket } from '../image/responsive.js';

/** SPEC §9: alt text taken from an image's body is capped at this many characters. */
export const MAX_ALT_FROM_BODY = 1000;

export interface ImageView {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  /** CSS `object-position` from the focal point (default 0.5,0.5 → "50% 50%"). */
  objectPosition: string;
  /** The original file (lightbox, no-JS links). */
  fullUrl: string;
  /** A larger variant for the lightbox. */
  largeSrc: string;
  title: string;
  description: string;
  ratio: string;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Alt text: the asset's own, else its body as plain text (capped at 1000), else its title. */
export function altTextOf(asset: Record<string, unknown>): string {
  if (typeof asset.altText === 'string' && asset.altText.trim()) return asset.altText.trim();
  if (typeof asset.body === 'string' && asset.body.trim()) return plainText(asset.body).slice(0, MAX_ALT_FROM_BODY);
  if (typeof asset.title === 'string') return asset.title;
  return '';
}

/**
 * Everything an `<img>` needs from a SPEC §3 image asset: a `src` in the thumbnail bucket for the
 * displayed width, a `srcset` of every SPEC width up to the original, intrinsic width and height
 * (no layout shift), alt text and the focal point as `object-position`.
 */
export function imageView(asset: unknown, displayWidth: number, sizes: string): ImageView | undefined {
  if (!asset || typeof asset !== 'object') return undefined;
  const image = asset as Record<string, unknown>;
  const url = typeof image.assetUrl === 'string' ? image.assetUrl : '';
  if (!url) return undefined;
  const [w, h] = String(image.originalSize ?? '')
    .split('x')
    .map((n) => Number.parseInt(n, 10));
  const width = Number.isFinite(w) && (w as number) > 0 ? (w as number) : 1000;
  const height = Number.isFinite(h) && (h as number) > 0 ? (h as number) : Math.round(width * 0.75);
  const { x, y } = focalPointOf(image.mediaFocalPoint as { x?: unknown; y?: unknown } | undefined);
  const bucket = thumbnailBucket(Math.min(displayWidth, width));
  return {
    src: imageFormatUrl(url, bucket),
    srcset: srcset(url, width),
    sizes,
    width,
    height,
    alt: altTextOf(image),
    objectPosition: `${round(x * 100)}% ${round(y * 100)}%`,
    fullUrl: url,
    largeSrc: imageFormatUrl(url, thumbnailBucket(Math.min(width, 1500))),
    title: typeof image.title === 'string' ? image.title : '',
    description: typeof image.description === 'string' ? image.description : '',
    ratio: `${width} / ${height}`,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
