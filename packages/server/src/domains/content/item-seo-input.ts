import type { ItemSeo } from '@tessera/core';
import { originalSizeOf, type UploadSource } from '../files/index.js';

// The `seo` field of a product or post write (issue 22): its schema, `itemSeoInput`, is the contract's
// (`@tessera/core/contracts/item-seo`); stored in the item's structured content with the social
// image's pixel size, which link previews announce.

export { itemSeoInput } from '@tessera/core/contracts/item-seo';

export interface StoredItemSeo extends ItemSeo {
  /** '1200x630' of `socialImage`, '' when unknown. */
  socialImageSize: string;
}

/** The stored form of `seo`: the fields plus the social image's size read from the file. */
export async function storedItemSeo(files: UploadSource, seo: ItemSeo): Promise<StoredItemSeo> {
  const socialImageSize = seo.socialImage ? await originalSizeOf(files, seo.socialImage) : '';
  return { ...seo, socialImageSize };
}
