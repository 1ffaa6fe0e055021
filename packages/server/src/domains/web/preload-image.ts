// The page's first large picture (a product's first photo, a post's featured image), which the
// layout preloads with `fetchpriority="high"` so the browser fetches it before it has laid the page
// out. The preload repeats the `<img>`'s srcset and sizes exactly, so the browser picks the same
// file once rather than two.

export interface PreloadImage {
  readonly href: string;
  readonly srcset?: string;
  readonly sizes?: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** From the template item: product views' `images[0]` (`assetUrl`), post views' `featuredImage` (`src`). */
export function preloadImageOf(item: Record<string, unknown> | undefined): PreloadImage | undefined {
  if (!item) return undefined;
  const images = Array.isArray(item.images) ? item.images : [];
  const first = (images[0] ?? item.featuredImage) as Record<string, unknown> | null | undefined;
  if (!first || typeof first !== 'object') return undefined;
  const href = text(first.assetUrl) || text(first.src);
  if (!href) return undefined;
  const srcset = text(first.srcset);
  const sizes = text(first.sizes);
  return srcset && sizes ? { href, srcset, sizes } : { href };
}
