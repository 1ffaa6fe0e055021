import { CollectionType, ProductType } from '@tessera/core';
import type { SeedShape } from './seed-shapes.js';

// The demo shop a fresh install shows: a small home-goods store with one product of every kind.
// Prices are integer cents (USD); stock is per variant.

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

const MUG_FORM = {
  id: 'mug-personalisation',
  name: 'Personalise your mug',
  submissionMessage: '',
  fields: [
    {
      id: 'name-to-print',
      type: 'text',
      title: 'Name to print',
      description: 'Up to 16 letters, printed under the glaze.',
      placeholder: 'e.g. Rosa',
      required: true,
    },
    {
      id: 'gift-note',
      type: 'textarea',
      title: 'Gift note (optional)',
      description: 'We tuck a handwritten card into the box.',
      placeholder: '',
      required: false,
      maxLength: 200,
    },
  ],
};

export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    urlId: 'linen-shirt',
    title: 'Relaxed Linen Shirt',
    excerpt: 'Stonewashed European linen in a loose, easy cut.',
    body: '<p>Cut from stonewashed European flax, this shirt is soft from the first wear and only gets better. A relaxed fit, mother-of-pearl buttons and a curved hem that works tucked or untucked.</p><p>Machine wash cold; line dry.</p>',
    productType: ProductType.PHYSICAL,
    options: ['Size', 'Color'],
    images: [
      {
        name: 'linen-shirt-natural.jpg',
        shape: 'shirt',
        alt: 'Relaxed Linen Shirt in Natural',
        from: 'e2d6bf',
        to: 'b9a57f',
      },
      {
        name: 'linen-shirt-indigo.jpg',
        shape: 'shirt',
        alt: 'Relaxed Linen Shirt in Indigo',
        from: '4a5b82',
        to: '1e2842',
      },
    ],
    variants: [
      {
        sku: 'LIN-NAT-S',
        attributes: { Size: 'S', Color: 'Natural' },
        price: 6800,
        stock: 6,
        image: 'linen-shirt-natural.jpg',
      },
      {
        sku: 'LIN-NAT-M',
        attributes: { Size: 'M', Color: 'Natural' },
        price: 6800,
        stock: 9,
        image: 'linen-shirt-natural.jpg',
      },
      {
        sku: 'LIN-NAT-L',
        attributes: { Size: 'L', Color: 'Natural' },
        price: 6800,
        stock: 4,
        image: 'linen-shirt-natural.jpg',
      },
      {
        sku: 'LIN-NAT-XL',
        attributes: { Size: 'XL', Color: 'Natural' },
        price: 7400,
        stock: 2,
        image: 'linen-shirt-natural.jpg',
      },
      {
        sku: 'LIN-IND-S',
        attributes: { Size: 'S', Color: 'Indigo' },
        price: 6800,
        stock: 3,
        image: 'linen-shirt-indigo.jpg',
      },
      {
        sku: 'LIN-IND-M',
        attributes: { Size: 'M', Color: 'Indigo' },
        price: 6800,
        stock: 0,
        image: 'linen-shirt-indigo.jpg',
      },
      {
        sku: 'LIN-IND-L',
        attributes: { Size: 'L', Color: 'Indigo' },
        price: 6800,
        stock: 7,
        image: 'linen-shirt-indigo.jpg',
      },
      {
        sku: 'LIN-IND-XL',
        attributes: { Size: 'XL', Color: 'Indigo' },
        price: 7400,
        stock: 5,
        image: 'linen-shirt-indigo.jpg',
      },
    ],
  },
  {
    urlId: 'canvas-tote',
    title: 'Waxed Canvas Tote',
    excerpt: 'A market bag in waxed cotton canvas with leather handles.',
    body: '<p>Heavy waxed canvas that shrugs off rain, with vegetable-tanned leather handles and an inside pocket for keys. Big enough for a week of groceries.</p>',
    productType: ProductType.PHYSICAL,
    options: ['Color'],
    images: [
      { name: 'canvas-tote-olive.jpg', shape: 'tote', alt: 'Waxed Canvas Tote in Olive', from: '8a8d5c', to: '4d5230' },
      { name: 'canvas-tote-sand.jpg', shape: 'tote', alt: 'Waxed Canvas Tote in Sand', from: 'd8c49c', to: 'a88d5c' },
    ],
    variants: [
      { sku: 'TOTE-OLV', attributes: { Color: 'Olive' }, price: 5400, stock: 0, image: 'canvas-tote-olive.jpg' },
      { sku: 'TOTE-SND', attributes: { Color: 'Sand' }, price: 5400, stock: 0, image: 'canvas-tote-sand.jpg' },
    ],
  },
  {
    urlId: 'field-guide-ebook',
    title: 'A Field Guide to Slow Mornings (eBook)',
    excerpt: 'Forty pages of rituals, recipes and routines for an unhurried start.',
    body: '<p>Our little guide to better mornings: pour-over ratios, a five-minute stretch, two breakfast bakes and a reading list. Delivered as a PDF and EPUB right after checkout.</p>',
    productType: ProductType.DIGITAL,
    options: [],
    images: [
      {
        name: 'field-guide-ebook.jpg',
        shape: 'book',
        alt: 'Cover of A Field Guide to Slow Mornings',
        from: 'f3c98b',
        to: 'd9825b',
      },
    ],
    variants: [{ sku: 'EBOOK-FIELD-GUIDE', attributes: {}, price: 1800, salePrice: 1200, onSale: true }],
  },
  {
    urlId: 'design-consultation',
    title: 'Home Styling Consultation',
    excerpt: 'A video call with our stylist to rethink one room.',
    body: '<p>Send us a few photos of a room and book a call. Our stylist will suggest layout, lighting and textiles, and follow up with a written plan and shopping list.</p>',
    productType: ProductType.SERVICE,
    options: ['Session'],
    images: [
      {
        name: 'design-consultation.jpg',
        shape: 'sofa',
        alt: 'A calm, sunlit living room',
        from: '9fbcae',
        to: '5f8a76',
      },
    ],
    variants: [
      { sku: 'CONSULT-45', attributes: { Session: '45 minutes' }, price: 9000 },
      { sku: 'CONSULT-90', attributes: { Session: '90 minutes' }, price: 16000 },
    ],
  },
  {
    urlId: 'gift-card',
    title: 'Gift Card',
    excerpt: 'Let them choose. Delivered by email, never expires.',
    body: '<p>A Juniper &amp; Oak gift card, sent by email with your note. It never expires and can be used across several orders.</p>',
    productType: ProductType.GIFT_CARD,
    options: ['Amount'],
    images: [{ name: 'gift-card.jpg', shape: 'card', alt: 'Juniper & Oak gift card', from: '2f4a3a', to: '6f8f62' }],
    variants: [
      { sku: 'GIFT-25', attributes: { Amount: '$25' }, price: 2500 },
      { sku: 'GIFT-50', attributes: { Amount: '$50' }, price: 5000 },
      { sku: 'GIFT-100', attributes: { Amount: '$100' }, price: 10000 },
      { sku: 'GIFT-200', attributes: { Amount: '$200' }, price: 20000 },
    ],
    structuredContent: { denominations: [2500, 5000, 10000, 20000] },
  },
  {
    urlId: 'coffee-subscription',
    title: 'Seasonal Coffee Subscription',
    excerpt: 'A fresh 12 oz bag of our seasonal roast every month.',
    body: '<p>Each month our roaster picks a single-origin coffee at its best and ships it within two days of roasting. Pause or cancel any time.</p>',
    productType: ProductType.PHYSICAL,
    options: ['Grind'],
    images: [
      {
        name: 'coffee-subscription.jpg',
        shape: 'bag',
        alt: 'A bag of seasonal roast coffee',
        from: '8c5a3c',
        to: '3b2418',
      },
    ],
    variants: [
      { sku: 'COFFEE-WHOLE', attributes: { Grind: 'Whole bean' }, price: 2200, stock: 40 },
      { sku: 'COFFEE-DRIP', attributes: { Grind: 'Ground for drip' }, price: 2200, stock: 40 },
    ],
    structuredContent: {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    },
  },
  {
    urlId: 'custom-mug',
    title: 'Personalised Stoneware Mug',
    excerpt: 'Wheel-thrown stoneware with a name of your choosing.',
    body: '<p>Thrown by hand in our neighbour’s studio and finished in a speckled oat glaze. Tell us a name and we’ll print it under the glaze. Holds 12 oz; dishwasher safe.</p>',
    productType: ProductType.PHYSICAL,
    options: [],
    images: [{ name: 'custom-mug.jpg', shape: 'mug', alt: 'A speckled stoneware mug', from: 'ddd0b8', to: 'a8957a' }],
    variants: [{ sku: 'MUG-CUSTOM', attributes: {}, price: 3600, stock: 12 }],
    structuredContent: { additionalFieldsFormId: MUG_FORM.id, additionalFieldsForm: MUG_FORM },
  },
  {
    urlId: 'wool-scarf',
    title: 'Merino Wool Scarf',
    excerpt: 'A soft, generous scarf in undyed and plant-dyed merino.',
    body: '<p>Knitted in Vermont from fine merino, long enough to wrap twice. End-of-season sale while stock lasts.</p>',
    productType: ProductType.PHYSICAL,
    options: ['Color'],
    images: [
      {
        name: 'wool-scarf-charcoal.jpg',
        shape: 'scarf',
        alt: 'Merino Wool Scarf in Charcoal',
        from: '6b6b6b',
        to: '2e2e30',
      },
      { name: 'wool-scarf-rust.jpg', shape: 'scarf', alt: 'Merino Wool Scarf in Rust', from: 'c8754a', to: '7c3a22' },
      { name: 'wool-scarf-moss.jpg', shape: 'scarf', alt: 'Merino Wool Scarf in Moss', from: '98a46a', to: '55613a' },
    ],
    variants: [
      {
        sku: 'SCARF-CHR',
        attributes: { Color: 'Charcoal' },
        price: 8500,
        salePrice: 6400,
        onSale: true,
        stock: 5,
        image: 'wool-scarf-charcoal.jpg',
      },
      {
        sku: 'SCARF-RST',
        attributes: { Color: 'Rust' },
        price: 8500,
        salePrice: 6400,
        onSale: true,
        stock: 3,
        image: 'wool-scarf-rust.jpg',
      },
      {
        sku: 'SCARF-MOS',
        attributes: { Color: 'Moss' },
        price: 8500,
        salePrice: 6400,
        onSale: true,
        stock: 8,
        image: 'wool-scarf-moss.jpg',
      },
    ],
  },
  {
    urlId: 'sticker-pack',
    title: 'Botanical Sticker Pack',
    excerpt: 'Six matte vinyl stickers of wildflowers from the Hudson Valley.',
    body: '<p>Six waterproof matte vinyl stickers, drawn by a local illustrator. Good on water bottles, laptops and notebooks.</p>',
    productType: ProductType.PHYSICAL,
    options: [],
    images: [
      { name: 'sticker-pack.jpg', shape: 'stickers', alt: 'Six botanical stickers', from: 'f6e7b8', to: 'a9c48f' },
    ],
    variants: [{ sku: 'STICKERS-BOT', attributes: {}, price: 800 }],
  },
];
