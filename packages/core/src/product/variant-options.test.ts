import { describe, expect, it } from 'vitest';
import type { VariantInput } from './types.js';
import { findVariant, findVariantBySku, variantOptions } from './variant-options.js';

const item = (variants: VariantInput[], variantOptionOrdering?: string[]) => ({
  structuredContent: { productType: 1, variants, variantOptionOrdering },
});

describe('variantOptions', () => {
  const variants = [
    { sku: 'a', attributes: { fit: 'loose', color: 'blue' } },
    { sku: 'b', attributes: { fit: 'slim', color: 'red' } },
    { sku: 'c', attributes: { fit: 'loose', color: 'red' } },
  ];

  it('orders names by variantOptionOrdering and values by first appearance', () => {
    expect(variantOptions(item(variants, ['color', 'fit']))).toEqual([
      { name: 'color', values: ['blue', 'red'] },
      { name: 'fit', values: ['loose', 'slim'] },
    ]);
    expect(variantOptions(item(variants, ['fit', 'color']))[0]).toEqual({ name: 'fit', values: ['loose', 'slim'] });
  });

  it('appends names the ordering omits and ignores names no variant has', () => {
    expect(variantOptions(item(variants, ['fit', 'size'])).map((o) => o.name)).toEqual(['fit', 'color']);
    expect(variantOptions(item(variants)).map((o) => o.name)).toEqual(['fit', 'color']);
  });

  it('is empty for products without options', () => {
    expect(variantOptions(item([], []))).toEqual([]);
    expect(variantOptions(item([{ sku: 'x' }]))).toEqual([]);
    expect(variantOptions({})).toEqual([]);
  });
});

describe('findVariant', () => {
  const product = item([
    { sku: 'a', attributes: { Size: 'S', Color: 'Blue' } },
    { sku: 'b', attributes: { Size: 'M', Color: 'Blue' } },
  ]);

  it('finds the variant with exactly the chosen attributes', () => {
    expect(findVariant(product, { Size: 'M', Color: 'Blue' })?.sku).toBe('b');
  });

  it('finds nothing for partial, unknown or extra choices', () => {
    expect(findVariant(product, { Size: 'M' })).toBeUndefined();
    expect(findVariant(product, { Size: 'L', Color: 'Blue' })).toBeUndefined();
    expect(findVariant(product, { Size: 'M', Color: 'Blue', Fit: 'Slim' })).toBeUndefined();
  });

  it('ignores empty choices and matches an option-less variant with no choice', () => {
    expect(findVariant(product, { Size: 'S', Color: 'Blue', Fit: '' })?.sku).toBe('a');
    expect(findVariant(item([{ sku: 'only' }]), {})?.sku).toBe('only');
  });

  it('finds a variant by SKU', () => {
    expect(findVariantBySku(product, 'a')?.attributes).toEqual({ Size: 'S', Color: 'Blue' });
    expect(findVariantBySku(product, 'zzz')).toBeUndefined();
  });
});
