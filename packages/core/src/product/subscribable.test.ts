import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { canBeSubscription, isSubscribable } from './subscribable.js';

describe('subscriptions', () => {
  it('allow only physical and service products', () => {
    expect(canBeSubscription(ProductType.PHYSICAL)).toBe(true);
    expect(canBeSubscription(ProductType.SERVICE)).toBe(true);
    expect(canBeSubscription(ProductType.DIGITAL)).toBe(false);
    expect(canBeSubscription(ProductType.GIFT_CARD)).toBe(false);
    expect(canBeSubscription(undefined)).toBe(false);
  });

  it('need the item flag as well', () => {
    expect(isSubscribable({ structuredContent: { productType: 1, isSubscribable: true } })).toBe(true);
    expect(isSubscribable({ structuredContent: { productType: 3, isSubscribable: true } })).toBe(true);
    expect(isSubscribable({ structuredContent: { productType: 2, isSubscribable: true } })).toBe(false);
    expect(isSubscribable({ structuredContent: { productType: 1, isSubscribable: false } })).toBe(false);
    expect(isSubscribable({ structuredContent: { productType: 1 } })).toBe(false);
  });
});

describe('subscriptions in stored JSON', () => {
  it('read the flag and type written as text', () => {
    expect(isSubscribable({ structuredContent: { productType: '1', isSubscribable: 'true' } })).toBe(true);
    expect(isSubscribable({ structuredContent: { productType: '2', isSubscribable: 'true' } })).toBe(false);
    expect(isSubscribable({ structuredContent: { productType: 1, isSubscribable: 'false' } })).toBe(false);
  });
});
