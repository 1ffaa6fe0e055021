import { pageHtml } from '../wordpress-pages-export.js';

// What the WordPress export's round trip (wordpress-export.test.ts) compares of stored sections.

type StoredBlock = { type: number; variant?: string; settings?: object; content: Record<string, unknown> };
type StoredImage = Record<string, unknown>;

/** A page's galleries and buttons as visitors see them: design, settings, each picture's fields, size. */
export function galleriesAndButtons(sections: string) {
  return (JSON.parse(sections) as { blocks: StoredBlock[] }[])
    .flatMap((s) => s.blocks)
    .filter((b) => b.type === 8 || b.type === 53)
    .map((b) =>
      b.type === 53
        ? { button: { style: 'primary', ...b.settings }, content: b.content }
        : {
            variant: b.variant ?? '',
            settings: b.settings,
            images: (b.content.images as StoredImage[]).map((i) => ({
              url: i.assetUrl,
              alt: i.altText ?? '',
              title: i.title ?? '',
              description: i.description ?? '',
              size: i.originalSize ?? '',
              focal: i.mediaFocalPoint ?? { x: 0.5, y: 0.5 },
            })),
          },
    );
}

/** A picture as its owner gives it: address, alt text, size, focal point, title and description. */
function ownerPicture(value: unknown) {
  const image = (value ?? {}) as StoredImage;
  const focal = image.mediaFocalPoint as { x: number; y: number } | undefined;
  return {
    url: image.assetUrl,
    alt: image.altText ?? '',
    size: image.originalSize ?? '',
    focal: focal && (focal.x !== 0.5 || focal.y !== 0.5) ? focal : 'centre',
    ...(image.title ? { title: image.title } : {}),
    ...(image.description ? { description: image.description } : {}),
  };
}

/**
 * Every block of stored sections with WordPress form, in reading order, field by field: type, design,
 * settings and content (pictures as their owner fields; what the file's analysis adds, such as colours,
 * comes again with the file). Blocks with no WordPress form (forms, products…) are left out of both.
 */
export function blocksOf(sections: string) {
  return (JSON.parse(sections) as { blocks: StoredBlock[] }[])
    .flatMap((s) => s.blocks)
    .filter((b) => pageHtml(JSON.stringify([{ blocks: [b] }])).leftOut === 0)
    .map((b) => {
      const content: Record<string, unknown> = { ...b.content };
      if (content.image) content.image = ownerPicture(content.image);
      if (Array.isArray(content.images)) content.images = content.images.map(ownerPicture);
      if (b.type === 5 && !content.caption) delete content.caption;
      const variant = b.type === 5 ? (b.variant ?? 'inline') : b.type === 8 ? (b.variant ?? '') : b.variant;
      return {
        type: b.type,
        variant,
        settings: b.type === 53 ? { style: 'primary', ...b.settings } : (b.settings ?? {}),
        content,
      };
    });
}
