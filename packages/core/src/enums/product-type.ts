/** Product type codes of a store item (SPEC §3). */
export const ProductType = Object.freeze({
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const);

export type ProductType = (typeof ProductType)[keyof typeof ProductType];

const BY_NAME: Readonly<Record<string, ProductType>> = Object.freeze({
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  gift_card: ProductType.GIFT_CARD,
  giftcard: ProductType.GIFT_CARD,
  paywall: ProductType.PAYWALL,
});

/**
 * Reads a product type given either as its code (2) or as the name the cart uses
 * ('DIGITAL', 'gift card', 'GIFT_CARD'). Anything else yields undefined (an unknown type).
 */
export function toProductType(value: unknown): ProductType | undefined {
  if (typeof value === 'number') {
    return Object.values(ProductType).includes(value as ProductType) ? (value as ProductType) : undefined;
  }
  if (typeof value === 'string') {
    const key = value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    return BY_NAME[key];
  }
  return undefined;
}
