// The gallery settings panel's fields (SPEC §3 "Gallery settings"), with their ranges and defaults; the
// renderer reads stored values in blocks/gallery-settings.ts.

type GalleryField =
  | { name: string; label: string; kind: 'boolean'; default: boolean }
  | { name: string; label: string; kind: 'range'; min: number; max: number; default: number; unit?: string }
  | {
      name: string;
      label: string;
      kind: 'choice';
      options: readonly { value: string; label: string }[];
      default: string;
    };

const choice = (values: string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value.replace(/-/g, ' ') }));

/** SPEC §3 "Gallery settings": every setting with its range and default, as the settings panel lists them. */
export const GALLERY_SETTING_FIELDS: readonly GalleryField[] = Object.freeze([
  {
    name: 'design',
    label: 'Design',
    kind: 'choice',
    options: choice(['grid', 'slideshow', 'slider', 'stacked'], { slider: 'Carousel' }),
    default: 'grid',
  },
  { name: 'autoplay', label: 'Autoplay', kind: 'boolean', default: false },
  { name: 'autoplay-duration', label: 'Autoplay duration', kind: 'range', min: 1, max: 10, default: 5, unit: 's' },
  { name: 'controls', label: 'Controls', kind: 'boolean', default: false },
  { name: 'auto-crop', label: 'Auto crop', kind: 'boolean', default: true },
  {
    name: 'aspect-ratio',
    label: 'Aspect ratio',
    kind: 'choice',
    options: choice([
      'square',
      'standard',
      'standard-vertical',
      'four-three',
      'three-four-vertical',
      'widescreen',
      'anamorphic-widescreen',
    ]),
    default: 'square',
  },
  { name: 'square-thumbs', label: 'Square thumbnails', kind: 'boolean', default: true },
  { name: 'thumbnails', label: 'Thumbnails', kind: 'boolean', default: false },
  {
    name: 'thumbnail-strip-height',
    label: 'Thumbnail strip height',
    kind: 'range',
    min: 0,
    max: 200,
    default: 80,
    unit: 'px',
  },
  {
    name: 'thumbnail-strip-margin',
    label: 'Thumbnail strip margin',
    kind: 'range',
    min: 0,
    max: 60,
    default: 20,
    unit: 'px',
  },
  { name: 'show-meta-basic', label: 'Show title', kind: 'boolean', default: true },
  { name: 'show-meta', label: 'Show meta', kind: 'boolean', default: true },
  { name: 'show-meta-only-title', label: 'Only the title', kind: 'boolean', default: false },
  {
    name: 'meta-position',
    label: 'Meta position',
    kind: 'choice',
    options: choice(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']),
    default: 'bottom',
  },
  { name: 'show-meta-on-hover', label: 'Meta on hover', kind: 'boolean', default: false },
  {
    name: 'active-alignment',
    label: 'Active alignment',
    kind: 'choice',
    options: choice(['left', 'center', 'right']),
    default: 'center',
  },
  { name: 'thumbnails-per-row', label: 'Thumbnails per row', kind: 'range', min: 1, max: 10, default: 4 },
  { name: 'padding', label: 'Padding', kind: 'range', min: 0, max: 50, default: 20, unit: 'px' },
  { name: 'lightbox', label: 'Lightbox', kind: 'boolean', default: false },
  {
    name: 'lightboxTheme',
    label: 'Lightbox theme',
    kind: 'choice',
    options: choice(['dark', 'light']),
    default: 'dark',
  },
  { name: 'max-width', label: 'Max width', kind: 'range', min: 100, max: 300, default: 300, unit: 'px' },
  { name: 'newWindow', label: 'Open in new window', kind: 'boolean', default: false },
  { name: 'transparentBackground', label: 'Transparent background', kind: 'boolean', default: false },
] satisfies GalleryField[]);
