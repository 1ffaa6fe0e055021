/** SPEC §8 "Tracking" messages, verbatim. */
export const TRACKING_MESSAGES = Object.freeze({
  httpStatus: (status: number) => `Error tracking event: HTTP Status ${status}`,
  storeAnalyticsId: 'Unable to store analyticsId',
  storage: 'Unable access local/session storage.',
  pageLoadId: 'Unable to resolve pageLoadId',
});
