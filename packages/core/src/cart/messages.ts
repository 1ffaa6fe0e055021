/**
 * Every add-to-cart (SPEC §5) and cart (SPEC §8) string, verbatim, plus the button and
 * quantity labels of SPEC §4/§9. Functions fill the placeholders SPEC gives.
 */
export const CART_MESSAGES = Object.freeze({
  /** Add to cart, SPEC §5. */
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  /** Not in SPEC: the range of SPEC §5's quantity input (1 to 9999) put into words. */
  quantityOutOfRange: 'Quantity must be between 1 and 9999.',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  zeroQuantityConfirm:
    "You have set this item's quantity to 0. This will remove it from your cart. Would you like to continue?",
  subtotalMinimum: (subtotal: string): string => `To check out, your order subtotal must be ${subtotal} or more.`,
  /** Request failures, SPEC §8. */
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  addFailedTitle: 'Unable to Add Item',
  expressFailedTitle: 'Unable to Purchase Item',
  giftCardFailedTitle: 'Unable to purchase Gift Card',
  /** Cart page strings, SPEC §8. */
  updateQuantityFailed: 'Unable to update quantity',
  removeFailed: 'Unable to remove item',
  updateFormFailed: 'Unable to update form',
  openFormFailed: 'Unable to open form',
  offline: 'Please check your internet connection.',
  empty: 'You have nothing in your shopping cart.',
  /** Button and form states, SPEC §4. */
  adding: 'Adding…',
  added: 'Added!',
  saving: 'Saving…',
});

/** Default labels of SPEC §9. */
export const PRODUCT_LABELS = Object.freeze({
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  selectValue: 'Select Value',
  selectVariant: (variantName: string): string => `Select ${variantName}`,
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
});

/** Quantity input bounds, SPEC §5. */
export const QUANTITY = Object.freeze({ min: 1, max: 9999, step: 1, default: 1 } as const);

/** Add-to-cart button timings, SPEC §4/§9: 'Added!' shows 1 s after success for 2 s; failure resets after 1 s. */
export const BUTTON_TIMINGS = Object.freeze({
  addedDelayMs: 1000,
  addedDisplayMs: 2000,
  failureResetMs: 1000,
} as const);

/**
 * Which alert title a failed add uses (SPEC §8): gift cards, then express checkout, then the plain title.
 */
export function addFailureTitle(context: { express?: boolean; giftCard?: boolean }): string {
  if (context.giftCard) return CART_MESSAGES.giftCardFailedTitle;
  if (context.express) return CART_MESSAGES.expressFailedTitle;
  return CART_MESSAGES.addFailedTitle;
}

/**
 * The message for a failed cart request (SPEC §8): a crumb failure asks to reload (or to enable
 * cookies when they are off), 429 asks to wait, anything else shows the server's own message.
 */
export function cartRequestFailureMessage(failure: {
  status?: number;
  crumbFail?: boolean;
  cookiesEnabled?: boolean;
  serverMessage?: string;
}): string | undefined {
  if (failure.crumbFail) {
    return failure.cookiesEnabled === false ? CART_MESSAGES.enableCookies : CART_MESSAGES.sessionExpired;
  }
  if (failure.status === 429) return CART_MESSAGES.tooManyRequests;
  return failure.serverMessage;
}
