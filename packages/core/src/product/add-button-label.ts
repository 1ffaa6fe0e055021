import { PRODUCT_LABELS } from '../cart/messages.js';
import { isSubscribable } from './subscribable.js';
import type { ProductInput } from './types.js';

/** A product as the add-button needs it. */
export type AddButtonInput = ProductInput & {
  structuredContent?: { useCustomAddButtonText?: boolean | null; customAddButtonText?: string | null } | null;
};

/**
 * The add-to-cart button's label: the owner's custom text when turned on and not blank,
 * else 'Subscribe' for subscribable items, else 'Add To Cart' (SPEC §9 defaults).
 * `labels` lets a site pass its localised defaults.
 */
export function addButtonLabel(item: AddButtonInput, labels: { addToCart?: string; subscribe?: string } = {}): string {
  const content = item.structuredContent;
  const custom = content?.customAddButtonText?.trim();
  if (content?.useCustomAddButtonText === true && custom) return custom;
  if (isSubscribable(item)) return labels.subscribe ?? PRODUCT_LABELS.subscribe;
  return labels.addToCart ?? PRODUCT_LABELS.addToCart;
}

/**
 * Whether the item asks the buyer for additional fields before adding; such items are
 * stock-checked first, before the form opens (SPEC §5).
 */
export function hasAdditionalFields(item: ProductInput): boolean {
  const id = item.structuredContent?.additionalFieldsFormId;
  return (typeof id === 'string' && id !== '') || item.structuredContent?.additionalFieldsForm != null;
}
