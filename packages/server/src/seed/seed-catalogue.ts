import { CollectionType } from '@tessera/core';
import { demoData, PRODUCT_TYPES, SITE_DEFAULTS, type SeedProduct } from '../domains/sites/index.js';

// The demo shop a fresh install shows: a small home-goods store with one product of every kind.
// Prices are integer cents (USD); stock is per variant. The products are data (`templates/demo/products.json`).

export interface SeedCollection {
  slug: string;
  title: string;
  type: number;
  description: string;
  navVisible: boolean;
}

/** The demo shop: the defaults a new site starts from, with its title, description and reviews. */
export const DEMO_SITE = {
  title: 'Juniper & Oak',
  locale: SITE_DEFAULTS.locale,
  currency: SITE_DEFAULTS.currency,
  timeZone: SITE_DEFAULTS.timeZone,
  settings: {
    website: {
      ...SITE_DEFAULTS.settings.website,
      siteDescription: 'Small-batch goods for slow mornings and well-kept homes.',
    },
    store: { ...SITE_DEFAULTS.settings.store },
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

/** The demo's products (`templates/demo/products.json`): one of every kind, with options, stock and a sale. */
export const DEMO_PRODUCTS: SeedProduct[] = demoData<
  (Omit<SeedProduct, 'productType'> & { productType: keyof typeof PRODUCT_TYPES })[]
>('products').map((product) => ({ ...product, productType: PRODUCT_TYPES[product.productType] }));
