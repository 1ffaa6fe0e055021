// The pictures of a gallery block (`content.images`) as the gallery form changes them: each change
// answers a new list, so a form sends it through `apply` as one undoable step.

/** A gallery picture as stored: an asset (`assetUrl`, `altText`, `title`, `description`, …). */
export type GalleryImage = Record<string, unknown>;

/** The block's pictures (an empty list when it has none or they are not a list). */
export function galleryImagesOf(content: Record<string, unknown>): GalleryImage[] {
  return Array.isArray(content.images)
    ? content.images.filter((image): image is GalleryImage => !!image && typeof image === 'object')
    : [];
}

/** The list with the picture at `from` moved to `to` (kept within the list). */
export function movedImage(images: readonly GalleryImage[], from: number, to: number): GalleryImage[] {
  const next = [...images];
  const [moved] = next.splice(from, 1);
  if (!moved) return [...images];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function withoutImage(images: readonly GalleryImage[], index: number): GalleryImage[] {
  return images.filter((_, i) => i !== index);
}

/**
 * The list with another file in the picture's place. Its alt text, title and description stay for the
 * owner to change; what belonged to the old file (its size, colours, focal point, id) goes.
 */
export function replacedImage(images: readonly GalleryImage[], index: number, assetUrl: string): GalleryImage[] {
  return images.map((image, i) => {
    if (i !== index || image.assetUrl === assetUrl) return image;
    const { originalSize: _s, colorData: _c, mediaFocalPoint: _f, id: _id, ...kept } = image;
    return { ...kept, assetUrl };
  });
}

/** The list with one text field of a picture changed (alt text, title, description). */
export function withImageText(
  images: readonly GalleryImage[],
  index: number,
  key: 'altText' | 'title' | 'description',
  value: string,
): GalleryImage[] {
  return images.map((image, i) => (i === index ? { ...image, [key]: value } : image));
}

/** A picture's file name for lists and menus: the last part of its address. */
export function imageName(image: GalleryImage): string {
  const url = typeof image.assetUrl === 'string' ? image.assetUrl : '';
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}
