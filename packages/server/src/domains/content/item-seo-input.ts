import { type ItemSeo, validateItemSeo } from '@tessera/core';
import { z } from 'zod';
import { originalSizeOf, type UploadSource } from '../files/image-size.js';

// The `seo` field of a product or post write (issue 22): checked by core's `validateItemSeo` (the
// editor runs the same rule), each problem reported at `seo.<field>`; stored in the item's
// structured content with the social image's pixel size, which link previews announce.

export const itemSeoInput = z.unknown().transform((raw, ctx): ItemSeo => {
  const checked = validateItemSeo(raw);
  if (checked.ok) return checked.value;
  for (const [field, message] of Object.entries(checked.errors)) {
    ctx.addIssue({ code: 'custom', path: field === '_' ? [] : [field], message });
  }
  return z.NEVER;
});

export interface StoredItemSeo extends ItemSeo {
  /** '1200x630' of `socialImage`, '' when unknown. */
  socialImageSize: string;
}

/** The stored form of `seo`: the fields plus the social image's size read from the file. */
export async function storedItemSeo(files: UploadSource, seo: ItemSeo): Promise<StoredItemSeo> {
  const socialImageSize = seo.socialImage ? await originalSizeOf(files, seo.socialImage) : '';
  return { ...seo, socialImageSize };
}
