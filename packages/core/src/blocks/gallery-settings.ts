// SPEC §3 "Gallery settings": every setting with its default and range. Stored values outside a
// range are clamped; unknown choices fall back to the default.

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_ASPECT_RATIOS = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
} as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ALIGNMENTS = ['left', 'center', 'right'] as const;

export interface GallerySettings {
  design: (typeof GALLERY_DESIGNS)[number];
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': keyof typeof GALLERY_ASPECT_RATIOS;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta-basic': boolean;
  'show-meta': boolean;
  'show-meta-only-title': boolean;
  'meta-position': (typeof GALLERY_META_POSITIONS)[number];
  'show-meta-on-hover': boolean;
  'active-alignment': (typeof GALLERY_ALIGNMENTS)[number];
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'dark' | 'light';
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
}

export const GALLERY_DEFAULTS: Readonly<GallerySettings> = Object.freeze({
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: false,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: false,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta-basic': true,
  'show-meta': true,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
});

export const GALLERY_RANGES = Object.freeze({
  'autoplay-duration': [1, 10],
  'thumbnail-strip-height': [0, 200],
  'thumbnail-strip-margin': [0, 60],
  'thumbnails-per-row': [1, 10],
  padding: [0, 50],
  'max-width': [100, 300],
} as const);

/** The block variant names of the content model → SPEC design names (carousel is 'slider'). */
const VARIANT_DESIGN: Record<string, GallerySettings['design']> = {
  grid: 'grid',
  slideshow: 'slideshow',
  carousel: 'slider',
  slider: 'slider',
  stacked: 'stacked',
  stack: 'stacked',
};

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Stored settings (and the block variant) → complete settings within SPEC's ranges. */
export function gallerySettings(stored: Record<string, unknown>, variant?: string): GallerySettings {
  const out: Record<string, unknown> = { ...GALLERY_DEFAULTS };
  for (const [key, fallback] of Object.entries(GALLERY_DEFAULTS)) {
    const value = stored[key];
    if (typeof fallback === 'boolean') out[key] = typeof value === 'boolean' ? value : fallback;
    else if (typeof fallback === 'number') {
      const [min, max] = GALLERY_RANGES[key as keyof typeof GALLERY_RANGES];
      const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
      out[key] = Math.min(Math.max(n, min), max);
    }
  }
  out.design = VARIANT_DESIGN[variant ?? ''] ?? pick(stored.design, GALLERY_DESIGNS, GALLERY_DEFAULTS.design);
  out['aspect-ratio'] = pick(
    stored['aspect-ratio'],
    Object.keys(GALLERY_ASPECT_RATIOS) as (keyof typeof GALLERY_ASPECT_RATIOS)[],
    GALLERY_DEFAULTS['aspect-ratio'],
  );
  out['meta-position'] = pick(stored['meta-position'], GALLERY_META_POSITIONS, GALLERY_DEFAULTS['meta-position']);
  out['active-alignment'] = pick(stored['active-alignment'], GALLERY_ALIGNMENTS, GALLERY_DEFAULTS['active-alignment']);
  out.lightboxTheme = pick(stored.lightboxTheme, ['dark', 'light'] as const, GALLERY_DEFAULTS.lightboxTheme);
  return out as unknown as GallerySettings;
}

/** The variants a gallery block is stored with (the content model's names). */
export const GALLERY_VARIANTS: readonly string[] = Object.freeze(Object.keys(VARIANT_DESIGN));

const CHOICES: Record<string, readonly string[]> = {
  design: GALLERY_DESIGNS,
  'aspect-ratio': Object.keys(GALLERY_ASPECT_RATIOS),
  'meta-position': GALLERY_META_POSITIONS,
  'active-alignment': GALLERY_ALIGNMENTS,
  lightboxTheme: ['dark', 'light'],
};

/**
 * The stored settings that are SPEC gallery settings with a value of their kind (a yes/no, a number
 * within its range, one of its choices), in SPEC's order; anything else is left out. What an export
 * writes of a gallery and an import reads back, so the two give the same settings.
 */
export function knownGallerySettings(stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(GALLERY_DEFAULTS)) {
    const value = stored[key];
    if (typeof fallback === 'boolean') {
      if (typeof value === 'boolean') out[key] = value;
    } else if (typeof fallback === 'number') {
      const [min, max] = GALLERY_RANGES[key as keyof typeof GALLERY_RANGES];
      if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) out[key] = value;
    } else if (typeof value === 'string' && CHOICES[key]?.includes(value)) out[key] = value;
  }
  return out;
}
