import {
  addButtonLabel,
  CART_FORM_PATH,
  type BlockViewBase,
  CLOCK_BLOCK_VIEWS,
  hasAdditionalFields,
  isSoldOut,
  isSubscribable,
  QUANTITY,
  type RenderedBlock,
  stringOr as str,
  validateAddToCart,
} from '@tessera/core';
import type { ProductItemJson } from '@tessera/core/site';
import type { Block } from '@tessera/core/site';
import { productView } from '../product-view.js';

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
  /** The visitor's crumb, for the product block's plain (no-JavaScript) add-to-cart form. */
  crumb?: string;
  /** The page the block is on: where the add-to-cart form sends the visitor back to. */
  path?: string;
}

export type MediaBlockLoader = (
  block: Block,
  base: BlockViewBase,
  sources: MediaBlockSources,
) => Promise<RenderedBlock | undefined>;

const BUTTON_LABELS = Object.freeze({ view: 'View product', shop: 'Shop now' });

/**
 * What the product block's button does, by core's add-to-cart rule: `add` when one press adds the
 * product (no option to choose, no form to fill in, not a subscription, in stock), `sold-out` when
 * nothing is left, `view` (a link to the product page) when the buyer has choices to make there.
 */
function buttonKind(found: ProductItemJson): 'add' | 'sold-out' | 'view' {
  if (isSoldOut(found)) return 'sold-out';
  if (hasAdditionalFields(found) || isSubscribable(found)) return 'view';
  const checked = validateAddToCart({ item: found, attributes: {}, quantity: QUANTITY.default });
  if (checked.ok) return 'add';
  return checked.code === 'not-enough-stock' ? 'sold-out' : 'view';
}

async function product(block: Block, base: BlockViewBase, sources: MediaBlockSources) {
  const id = str(block.content.productId).trim();
  const found = id ? await sources.product(id) : undefined;
  if (!found) return undefined;
  const kind = buttonKind(found);
  const own = str(block.content.buttonLabel).trim();
  const label = own || (kind === 'add' ? addButtonLabel(found) : BUTTON_LABELS.view);
  const addToCart =
    kind === 'add'
      ? {
          action: CART_FORM_PATH,
          crumb: sources.crumb ?? '',
          // Back to this page after the add (the route takes paths up to 2,000 characters; else /cart).
          returnTo: (sources.path ?? '').length <= 2000 ? (sources.path ?? '') : '',
          variants: JSON.stringify(found.structuredContent.variants ?? []),
        }
      : null;
  return {
    partial: 'product',
    view: {
      ...base,
      product: {
        ...productView(found, ''),
        buttonLabel: label.slice(0, 60),
        addToCart,
        blockSoldOut: kind === 'sold-out',
      },
    },
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
