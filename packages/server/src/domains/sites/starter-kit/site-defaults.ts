/**
 * What a new site starts from: the locale, currency and time zone `tessera site create` gives a
 * starter site, and the website and store settings a starter template's own settings go over
 * (starter-site.ts). The demo shop (seed/seed-catalogue.ts) is these with its description and reviews.
 */
export const SITE_DEFAULTS = {
  locale: 'en-US',
  currency: 'USD',
  timeZone: 'America/New_York',
  settings: {
    website: {
      siteDescription: '',
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
  },
};
