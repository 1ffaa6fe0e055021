/** The widths images are resized to (SPEC §9), smallest first. */
export const RESPONSIVE_WIDTHS = Object.freeze([100, 300, 500, 750, 1000, 1500, 2500] as const);

export type ResponsiveWidth = (typeof RESPONSIVE_WIDTHS)[number];

/**
 * The thumbnail variant for a displayed width (SPEC §9): up to 100 → '100w', up to 300 → '300w',
 * up to 500 → '500w', up to 750 → '750w', up to 1000 → '1000w', above → '1500w'.
 */
export function thumbnailBucket(width: number): string {
  for (const bucket of [100, 300, 500, 750, 1000]) if (width <= bucket) return `${bucket}w`;
  return '1500w';
}

/** An image URL asking for one variant: `/a.jpg` + '500w' → `/a.jpg?format=500w`. */
export function imageFormatUrl(url: string, format: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}format=${format}`;
}

/**
 * A `srcset` value for an image `originalWidth` pixels wide: every responsive width up to the
 * original, then the original itself (`?format=original`) when it lies between two widths.
 * Images narrower than 100 px list only the original. Empty for a missing URL or bad width.
 */
export function srcset(url: string, originalWidth: number): string {
  if (!url || !Number.isFinite(originalWidth) || originalWidth <= 0) return '';
  const width = Math.round(originalWidth);
  const entries = RESPONSIVE_WIDTHS.filter((w) => w <= width).map((w) => `${imageFormatUrl(url, `${w}w`)} ${w}w`);
  if (!(RESPONSIVE_WIDTHS as readonly number[]).includes(width)) {
    entries.push(`${imageFormatUrl(url, 'original')} ${width}w`);
  }
  return entries.join(', ');
}
