import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_SETTINGS, productTypeOf, variantsOf } from './types.js';

describe('product accessors', () => {
  it('read variants and type from partial JSON', () => {
    expect(variantsOf({})).toEqual([]);
    expect(variantsOf({ structuredContent: { variants: null } })).toEqual([]);
    expect(variantsOf({ structuredContent: { variants: [{ sku: 'a' }] } })).toEqual([{ sku: 'a' }]);
    expect(productTypeOf({ structuredContent: { productType: 4 } })).toBe(4);
    expect(productTypeOf({ structuredContent: {} })).toBeUndefined();
  });

  it('freeze the default store settings', () => {
    expect(Object.isFrozen(DEFAULT_STORE_SETTINGS)).toBe(true);
    expect(DEFAULT_STORE_SETTINGS).toMatchObject({ multipleQuantityAllowedForServices: true });
  });
});

describe('product type from text', () => {
  it('reads a numeric string type', () => {
    expect(productTypeOf({ structuredContent: { productType: '2' } })).toBe(2);
    expect(productTypeOf({ structuredContent: { productType: 'digital' } })).toBeUndefined();
  });
});
