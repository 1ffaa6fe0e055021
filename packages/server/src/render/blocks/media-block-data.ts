import { type BlockViewBase, CLOCK_BLOCK_VIEWS, type RenderedBlock, stringOr as str } from '@tessera/core';
import type { ProductItemJson } from '../../domains/content/product-json.js';
import type { Block } from '../../domains/content/site-content.js';
import { productView } from '../../domains/catalogue/product-view.js';

// Data loaders of the product (43) and tour dates (59) blocks: partial name → what the block shows
// while a page renders. The product block looks its product up (only one a visitor may see: a
// missing, draft or not yet published product renders nothing); tour dates read the clock, so the
// page is never served from the sections cache with yesterday's split of upcoming and past.

/** What the product and tour dates blocks read while a page renders. */
export interface MediaBlockSources {
  timeZone: string;
  locale: string;
  now: Date;
  /** A product a visitor may see, by its id. */
  product(productId: string): Promise<ProductItemJson | undefined>;
}

export type MediaBlockLoader = (
  block: Block,
  base: BlockViewBase,
  sources: MediaBlockSources,
) => Promise<RenderedBlock | undefined>;

const BUTTON_LABELS = Object.freeze({ view: 'View product', shop: 'Shop now' });

async function product(block: Block, base: BlockViewBase, sources: MediaBlockSources) {
  const id = str(block.content.productId).trim();
  const found = id ? await sources.product(id) : undefined;
  if (!found) return undefined;
  const label = str(block.content.buttonLabel).trim() || BUTTON_LABELS.view;
  return {
    partial: 'product',
    view: { ...base, product: { ...productView(found, ''), buttonLabel: label.slice(0, 60) } },
  };
}

async function tourDates(block: Block, base: BlockViewBase, sources: MediaBlockSources) {
  const view = CLOCK_BLOCK_VIEWS.tourdates?.(block, base, sources);
  return view ? { partial: 'tourdates', view } : undefined;
}

export const MEDIA_BLOCK_LOADERS: Readonly<Record<string, MediaBlockLoader>> = Object.freeze({
  product,
  tourdates: tourDates,
});
