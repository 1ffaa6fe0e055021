import { EDITOR_LIMITS } from './editor-limits.js';

// The search and sharing fields of a product, blog post or event (issue 22), checked the same way
// by the editor's forms and the owner API. They are kept in the item's structured content as
// `seo` and read by the server's head tags and sitemap.

/** What an owner sets: every field may be empty (the item's own title, excerpt and first image are used). */
export interface ItemSeo {
  title: string;
  description: string;
  /** An uploaded image (`/files/…`) for link previews; '' for the item's first picture. */
  socialImage: string;
  /** Ask search engines to leave the item out (noindex, and not in the sitemap). */
  noindex: boolean;
}

export const ITEM_SEO_LIMITS = Object.freeze({
  titleMaxLength: EDITOR_LIMITS.titleMaxLength,
  descriptionMaxLength: EDITOR_LIMITS.seoDescriptionMaxLength,
  socialImageMaxLength: 500,
});

export const ITEM_SEO_MESSAGES = Object.freeze({
  notAnObject: 'Send the SEO fields as an object with title, description, socialImage and noindex.',
  titleTooLong: `Keep the SEO title to ${ITEM_SEO_LIMITS.titleMaxLength} characters (search results show about the first 60).`,
  descriptionTooLong: `Keep the SEO description to ${ITEM_SEO_LIMITS.descriptionMaxLength} characters.`,
  notText: 'Write this as text.',
  socialImage: 'Choose an uploaded JPEG, PNG, WebP or GIF image (/files/…) as the social image.',
  noindex: 'Hide from search engines is either on or off.',
  unknownField: (name: string) => `${name} is not an SEO field.`,
});

export const EMPTY_ITEM_SEO: ItemSeo = Object.freeze({ title: '', description: '', socialImage: '', noindex: false });

const SOCIAL_IMAGE = /^\/files\/[A-Za-z0-9._~/%-]+\.(?:jpe?g|png|webp|gif)$/i;

export type ItemSeoResult = { ok: true; value: ItemSeo } | { ok: false; errors: Record<string, string> };

/** Checks the SEO fields of an item; missing fields are empty. Errors are keyed by field name. */
export function validateItemSeo(input: unknown): ItemSeoResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { _: ITEM_SEO_MESSAGES.notAnObject } };
  }
  const raw = input as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const key of Object.keys(raw)) {
    if (!(key in EMPTY_ITEM_SEO)) errors[key] = ITEM_SEO_MESSAGES.unknownField(key);
  }
  const text = (key: 'title' | 'description' | 'socialImage', max: number, tooLong: string): string => {
    const value = raw[key] ?? '';
    if (typeof value !== 'string') {
      errors[key] = ITEM_SEO_MESSAGES.notText;
      return '';
    }
    const trimmed = value.trim();
    if (trimmed.length > max) errors[key] = tooLong;
    return trimmed;
  };
  const title = text('title', ITEM_SEO_LIMITS.titleMaxLength, ITEM_SEO_MESSAGES.titleTooLong);
  const description = text('description', ITEM_SEO_LIMITS.descriptionMaxLength, ITEM_SEO_MESSAGES.descriptionTooLong);
  const socialImage = text('socialImage', ITEM_SEO_LIMITS.socialImageMaxLength, ITEM_SEO_MESSAGES.socialImage);
  if (socialImage && !errors.socialImage && (!SOCIAL_IMAGE.test(socialImage) || socialImage.includes('..'))) {
    errors.socialImage = ITEM_SEO_MESSAGES.socialImage;
  }
  const noindex = raw.noindex ?? false;
  if (typeof noindex !== 'boolean') errors.noindex = ITEM_SEO_MESSAGES.noindex;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { title, description, socialImage, noindex: noindex === true } };
}

/** The owner's fields of a stored `seo` value (extra stored keys such as the image size dropped; bad values empty). */
export function itemSeoFrom(stored: unknown): ItemSeo {
  const seo = (stored !== null && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(seo.title),
    description: text(seo.description),
    socialImage: text(seo.socialImage),
    noindex: seo.noindex === true,
  };
}
