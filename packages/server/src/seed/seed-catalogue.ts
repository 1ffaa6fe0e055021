import { CollectionType, ProductType } from '@tessera/core';
import { demoData } from './demo-data.js';
import type { SeedShape } from './seed-shapes.js';

// The demo shop a fresh install shows: a small home-goods store with one product of every kind.
// Prices are integer cents (USD); stock is per variant. The products are data (`templates/demo/products.json`).

export interface SeedImage {
  /** File name under `files/products/`. */
  name: string;
  alt: string;
  /** What the picture shows: a silhouette drawn in the product's colours. */
  shape: SeedShape;
  /** Product colours (hex without '#'), lit top-left to shaded bottom-right. */
  from: string;
  to: string;
}

export interface SeedVariant {
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice?: number;
  onSale?: boolean;
  /** Units in stock; omitted means unlimited. */
  stock?: number;
  /** Name of one of the product's images shown when this variant is chosen. */
  image?: string;
}

export interface SeedProduct {
  urlId: string;
  title: string;
  excerpt: string;
  body: string;
  productType: number;
  options: string[];
  variants: SeedVariant[];
  images: SeedImage[];
  structuredContent?: Record<string, unknown>;
}

export interface SeedCollection {
  slug: string;
  title: string;
  type: number;
  description: string;
  navVisible: boolean;
}

export const DEMO_SITE = {
  title: 'Juniper & Oak',
  locale: 'en-US',
  currency: 'USD',
  timeZone: 'America/New_York',
  settings: {
    website: {
      siteDescription: 'Small-batch goods for slow mornings and well-kept homes.',
      useCLDRMoneyFormat: true,
      commentsEnabled: false,
      disqusShortname: '',
      simpleLikingEnabled: false,
      shareButtonOptions: {},
    },
    store: {
      multipleQuantityAllowedForServices: true,
      restockNotificationsSuccessText: "Thanks! We'll email you as soon as it's back in stock.",
      restockHiddenByDefault: false,
      scarcityShownByDefault: true,
      restockMailingListOptIn: true,
      // Issue 15: the demo shows "Pay later" (gift cards wait until the owner marks the order paid)
      // and runs in test mode (test cards pay); coupons do not stack, as in a new store.
      payLaterEnabled: true,
      testMode: true,
      allowCouponStacking: false,
    },
    // Issue 23: product reviews are on in the demo (a new site starts with them off).
    reviews: { enabled: true, anyUser: false, requestDelayDays: 7 },
  },
};

export const DEMO_COLLECTIONS: SeedCollection[] = [
  {
    slug: 'home',
    title: 'Home',
    type: CollectionType.PAGE,
    description: '<p>Everyday things made slowly, by people we know. Free shipping on orders over $75.</p>',
    navVisible: false,
  },
  {
    slug: 'shop',
    title: 'Shop',
    type: CollectionType.PRODUCTS,
    description: '<p>Linen, wool, stoneware and small comforts, made in small batches.</p>',
    navVisible: true,
  },
  {
    slug: 'about',
    title: 'About',
    type: CollectionType.PAGE,
    description:
      '<p>Juniper &amp; Oak started in 2019 as a market stall in Hudson, New York. We still pack every order by hand and work with a dozen makers within a day’s drive of the shop.</p>',
    navVisible: true,
  },
];

/** Product type name in a data file → SPEC product type code. */
export const PRODUCT_TYPES = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  'gift-card': ProductType.GIFT_CARD,
} as const;

/** The demo's products (`templates/demo/products.json`): one of every kind, with options, stock and a sale. */
export const DEMO_PRODUCTS: SeedProduct[] = demoData<
  (Omit<SeedProduct, 'productType'> & { productType: keyof typeof PRODUCT_TYPES })[]
>('products').map((product) => ({ ...product, productType: PRODUCT_TYPES[product.productType] }));
