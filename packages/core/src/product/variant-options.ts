import type { ProductInput, VariantInput } from './types.js';
import { variantsOf } from './types.js';

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The options a buyer chooses from: names in `variantOptionOrdering` order (names it omits follow
 * in first-seen order), values in the order they first appear across the variants.
 */
export function variantOptions(item: ProductInput): VariantOption[] {
  const values = new Map<string, string[]>();
  for (const variant of variantsOf(item)) {
    for (const [name, value] of Object.entries(variant.attributes ?? {})) {
      const list = values.get(name) ?? [];
      if (!values.has(name)) values.set(name, list);
      if (!list.includes(value)) list.push(value);
    }
  }
  const ordering = item.structuredContent?.variantOptionOrdering ?? [];
  const names = [...ordering.filter((name) => values.has(name))];
  for (const name of values.keys()) if (!names.includes(name)) names.push(name);
  return [...new Set(names)].map((name) => ({ name, values: values.get(name) ?? [] }));
}

/**
 * The variant whose attributes equal the chosen ones exactly (same option names, same values).
 * Empty choices never match an option, so a partial choice finds nothing.
 */
export function findVariant<V extends VariantInput>(
  item: { structuredContent?: { variants?: readonly V[] | null } | null },
  attributes: Readonly<Record<string, string | null | undefined>>,
): V | undefined {
  return variantsOf(item).find((variant) => {
    const own = Object.entries(variant.attributes ?? {});
    if (own.length !== Object.values(attributes).filter((value) => value != null && value !== '').length) {
      return false;
    }
    return own.every(([name, value]) => attributes[name] === value);
  });
}

/** The variant with this SKU, if any. */
export function findVariantBySku<V extends VariantInput>(
  item: { structuredContent?: { variants?: readonly V[] | null } | null },
  sku: string,
): V | undefined {
  return variantsOf(item).find((variant) => variant.sku === sku);
}
