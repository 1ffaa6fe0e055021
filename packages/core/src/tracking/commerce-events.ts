/** Named commerce events the storefront records (SPEC §7). */
export const COMMERCE_EVENTS = Object.freeze({
  visitProduct: 'VisitPDP',
  addToCart: 'AddToCart',
  viewCart: 'ViewCart',
  removeFromCart: 'RemoveFromCart',
  checkout: 'Checkout',
  order: 'Order',
  /** SPEC's reviews tab and anchor link events (issue 23): the reviews section seen, the rating link followed. */
  reviewsTab: 'ReviewsTabView',
  reviewsAnchor: 'ReviewsAnchorClick',
});

/** The web vitals the performance records carry. */
export const WEB_VITALS = Object.freeze(['LCP', 'CLS', 'FCP', 'INP', 'TTFB'] as const);
export type WebVitalName = (typeof WEB_VITALS)[number];
