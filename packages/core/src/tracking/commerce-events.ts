/** Named commerce events the storefront records (SPEC §7). */
export const COMMERCE_EVENTS = Object.freeze({
  visitProduct: 'VisitPDP',
  addToCart: 'AddToCart',
  viewCart: 'ViewCart',
  removeFromCart: 'RemoveFromCart',
  checkout: 'Checkout',
  order: 'Order',
});

/** The web vitals the performance records carry. */
export const WEB_VITALS = Object.freeze(['LCP', 'CLS', 'FCP', 'INP', 'TTFB'] as const);
export type WebVitalName = (typeof WEB_VITALS)[number];
