import { describe, expect, it } from 'vitest';
import {
  addFailureTitle,
  BUTTON_TIMINGS,
  CART_MESSAGES,
  cartRequestFailureMessage,
  PRODUCT_LABELS,
  QUANTITY,
} from './messages.js';

describe('CART_MESSAGES', () => {
  it('holds the SPEC §5 add-to-cart strings verbatim', () => {
    expect(CART_MESSAGES.variantUnavailable).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(CART_MESSAGES.notEnoughStock).toBe('Sorry, we do not have enough of that item available.');
    expect(CART_MESSAGES.quantityNotNumber).toBe('Quantity must be a number.');
    expect(CART_MESSAGES.quantityNotWhole).toBe('Quantity must be a whole number');
    expect(CART_MESSAGES.giftCardDenomination).toBe('Select a denomination for the Gift Card');
    expect(CART_MESSAGES.zeroQuantityConfirm).toBe(
      "You have set this item's quantity to 0. This will remove it from your cart. Would you like to continue?",
    );
    expect(CART_MESSAGES.subtotalMinimum('$50.00')).toBe('To check out, your order subtotal must be $50.00 or more.');
  });

  it('holds the SPEC §8 cart strings verbatim', () => {
    expect(CART_MESSAGES.sessionExpired).toBe('Your session has expired. Please reload the page and try again.');
    expect(CART_MESSAGES.enableCookies).toBe('Please enable cookies in your browser, reload the page, and try again.');
    expect(CART_MESSAGES.tooManyRequests).toBe('Please try again in a few seconds.');
    expect(CART_MESSAGES.addFailedTitle).toBe('Unable to Add Item');
    expect(CART_MESSAGES.expressFailedTitle).toBe('Unable to Purchase Item');
    expect(CART_MESSAGES.giftCardFailedTitle).toBe('Unable to purchase Gift Card');
    expect(CART_MESSAGES.updateQuantityFailed).toBe('Unable to update quantity');
    expect(CART_MESSAGES.removeFailed).toBe('Unable to remove item');
    expect(CART_MESSAGES.updateFormFailed).toBe('Unable to update form');
    expect(CART_MESSAGES.openFormFailed).toBe('Unable to open form');
    expect(CART_MESSAGES.offline).toBe('Please check your internet connection.');
    expect(CART_MESSAGES.empty).toBe('You have nothing in your shopping cart.');
  });

  it('holds the button state labels of SPEC §4', () => {
    expect(CART_MESSAGES.adding).toBe('Adding…');
    expect(CART_MESSAGES.added).toBe('Added!');
    expect(CART_MESSAGES.saving).toBe('Saving…');
    expect(Object.isFrozen(CART_MESSAGES)).toBe(true);
  });

  it('holds the default labels of SPEC §9', () => {
    expect(PRODUCT_LABELS.addToCart).toBe('Add To Cart');
    expect(PRODUCT_LABELS.subscribe).toBe('Subscribe');
    expect(PRODUCT_LABELS.selectVariant('Size')).toBe('Select Size');
    expect(PRODUCT_LABELS.soldOut).toBe('sold out');
  });
});

describe('constants', () => {
  it('bound the quantity input and time the button', () => {
    expect(QUANTITY).toEqual({ min: 1, max: 9999, step: 1, default: 1 });
    expect(BUTTON_TIMINGS).toEqual({ addedDelayMs: 1000, addedDisplayMs: 2000, failureResetMs: 1000 });
  });
});

describe('failure wording', () => {
  it('picks the alert title', () => {
    expect(addFailureTitle({})).toBe('Unable to Add Item');
    expect(addFailureTitle({ express: true })).toBe('Unable to Purchase Item');
    expect(addFailureTitle({ giftCard: true, express: true })).toBe('Unable to purchase Gift Card');
  });

  it('maps request failures to their message', () => {
    expect(cartRequestFailureMessage({ status: 403, crumbFail: true })).toBe(CART_MESSAGES.sessionExpired);
    expect(cartRequestFailureMessage({ crumbFail: true, cookiesEnabled: false })).toBe(CART_MESSAGES.enableCookies);
    expect(cartRequestFailureMessage({ status: 429, serverMessage: 'x' })).toBe(CART_MESSAGES.tooManyRequests);
    expect(cartRequestFailureMessage({ status: 400, serverMessage: 'Out of stock' })).toBe('Out of stock');
    expect(cartRequestFailureMessage({ status: 500 })).toBeUndefined();
  });
});
