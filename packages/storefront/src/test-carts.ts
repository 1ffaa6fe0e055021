import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';

// Tests only: whole cart JSON (`@tessera/core/contracts/cart`) from the few fields a test cares about.

/** A cart entry of a physical product in USD, `overrides` replacing any field. */
export function testCartEntry(overrides: Partial<CartEntry> & Pick<CartEntry, 'id' | 'quantity'>): CartEntry {
  const subTotalCents = overrides.subTotalCents ?? overrides.quantity * 1000;
  return {
    itemId: `item-${overrides.id}`,
    chosenVariant: { sku: `sku-${overrides.id}`, attributes: {} },
    title: `Item ${overrides.id}`,
    subTotal: { value: (subTotalCents / 100).toFixed(2), currency: 'USD' },
    subTotalCents,
    purchasePriceCents: overrides.quantity > 0 ? Math.round(subTotalCents / overrides.quantity) : 0,
    productType: 1,
    url: `/shop/p/${overrides.id}`,
    imageUrl: '',
    additionalFields: null,
    ...overrides,
  };
}

/** A visitor's cart of `entries` (totals summed from them), `overrides` replacing any field. */
export function testCart(entries: CartEntry[], overrides: Partial<ShoppingCart> = {}): ShoppingCart {
  const subtotalCents = entries.reduce((sum, e) => sum + e.subTotalCents, 0);
  return {
    id: 'cart-1',
    websiteId: 'site-1',
    orderId: null,
    created: 0,
    isPurchased: false,
    currency: 'USD',
    entries,
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: entries.length > 0,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    ...overrides,
  };
}
