import { describe, expect, it } from 'vitest';
import { addButtonLabel, hasAdditionalFields } from './add-button-label.js';

describe('addButtonLabel', () => {
  it('defaults to Add To Cart, or Subscribe for subscribable items', () => {
    expect(addButtonLabel({ structuredContent: { productType: 1 } })).toBe('Add To Cart');
    expect(addButtonLabel({ structuredContent: { productType: 1, isSubscribable: true } })).toBe('Subscribe');
    expect(addButtonLabel({ structuredContent: { productType: 2, isSubscribable: true } })).toBe('Add To Cart');
  });

  it('uses custom text only when turned on and not blank', () => {
    const custom = { productType: 1, useCustomAddButtonText: true, customAddButtonText: 'Pre-order' };
    expect(addButtonLabel({ structuredContent: custom })).toBe('Pre-order');
    expect(addButtonLabel({ structuredContent: { ...custom, useCustomAddButtonText: false } })).toBe('Add To Cart');
    expect(addButtonLabel({ structuredContent: { ...custom, customAddButtonText: '  ' } })).toBe('Add To Cart');
  });

  it('takes localised defaults', () => {
    expect(addButtonLabel({ structuredContent: { productType: 1 } }, { addToCart: 'ADD ITEM' })).toBe('ADD ITEM');
    expect(
      addButtonLabel({ structuredContent: { productType: 1, isSubscribable: 'true' } }, { subscribe: 'SUBSCRIBE' }),
    ).toBe('SUBSCRIBE');
  });
});

describe('hasAdditionalFields', () => {
  it('is true with a form id or an embedded form', () => {
    expect(hasAdditionalFields({ structuredContent: { additionalFieldsFormId: 'f1' } })).toBe(true);
    expect(hasAdditionalFields({ structuredContent: { additionalFieldsForm: {} } })).toBe(true);
    expect(hasAdditionalFields({ structuredContent: { additionalFieldsFormId: null } })).toBe(false);
    expect(hasAdditionalFields({})).toBe(false);
  });
});
