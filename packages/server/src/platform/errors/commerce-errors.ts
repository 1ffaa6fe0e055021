import { CART_MESSAGES, CHECKOUT_MESSAGES } from '@tessera/core';
import type { CatalogueEntry } from './catalogue.js';

// Error codes of the store: cart, checkout, orders, payment connections (see catalogue.ts).

const CART = 'cart';
const CHECKOUT = 'checkout';
const ORDERS = 'orders and refunds';
const PAYMENTS = 'payment connections';
const DONATIONS = 'donations';

export const COMMERCE_ERRORS = {
  // Cart (commerce/), codes as `@tessera/core`'s validateAddToCart names them.
  'item-not-found': {
    status: 404,
    message: 'That product could not be found. It may have been removed from the store.',
    area: CART,
  },
  'item-not-for-sale': {
    status: 409,
    message: 'This product is not available in the store right now, so it cannot be added to the cart.',
    area: CART,
  },
  'variant-unavailable': { status: 400, message: CART_MESSAGES.variantUnavailable, area: CART },
  'not-enough-stock': {
    status: 400,
    message: CART_MESSAGES.notEnoughStock,
    area: CART,
    also: [409],
    note: '409 at checkout',
  },
  'quantity-not-number': { status: 400, message: CART_MESSAGES.quantityNotNumber, area: CART },
  'quantity-not-whole': { status: 400, message: CART_MESSAGES.quantityNotWhole, area: CART },
  'quantity-out-of-range': { status: 400, message: CART_MESSAGES.quantityOutOfRange, area: CART },
  'missing-options': { status: 400, message: 'Please select the options of this product.', area: CART },
  'gift-card-denomination': { status: 400, message: CART_MESSAGES.giftCardDenomination, area: CART },
  'entry-not-found': {
    status: 404,
    message: 'That item is no longer in your cart. Please reload the page.',
    area: CART,
  },
  'not-subscribable': {
    status: 400,
    message: 'This product cannot be bought as a subscription.',
    area: CART,
  },
  'additional-fields-required': { status: 400, message: 'Please fill in the form for this product.', area: CART },

  // Checkout (checkout/): quotes and placing an order.
  'cart-not-found': { status: 404, message: CHECKOUT_MESSAGES.emptyCart, area: CHECKOUT },
  'cart-purchased': { status: 409, message: CHECKOUT_MESSAGES.cartPurchased, area: CHECKOUT },
  'empty-cart': { status: 400, message: CHECKOUT_MESSAGES.emptyCart, area: CHECKOUT },
  'invalid-email': {
    status: 400,
    message: CHECKOUT_MESSAGES.emailRequired,
    area: CHECKOUT,
    note: 'also restock sign-up (`Email cannot be blank` / `Email is invalid`)',
  },
  'idempotency-key-reused': {
    status: 409,
    message:
      'This order key was already used by another checkout. Reload the checkout page and place your order again.',
    area: CHECKOUT,
  },
  'subtotal-minimum': {
    status: 400,
    message: 'To check out, your order subtotal must be {subtotal} or more.',
    area: CHECKOUT,
  },
  'coupon-invalid': { status: 400, message: 'This coupon cannot be used on this order.', area: CHECKOUT },
  'gift-card-invalid': { status: 400, message: 'This gift card cannot be used.', area: CHECKOUT },
  'gift-card-changed': {
    status: 409,
    message: 'The gift card balance changed. Please review your order.',
    area: CHECKOUT,
  },
  'country-not-shipped': {
    status: 400,
    message: 'This store does not ship to {country}. Choose another shipping address.',
    area: CHECKOUT,
  },
  'shipping-required': { status: 400, message: CHECKOUT_MESSAGES.shippingRequired, area: CHECKOUT },
  'address-required': { status: 400, message: CHECKOUT_MESSAGES.addressRequired, area: CHECKOUT },
  'pay-later-disabled': {
    status: 400,
    message: 'Pay later is not offered by this store. Please pay by card.',
    area: CHECKOUT,
  },
  'test-mode-off': {
    status: 400,
    message:
      'Card payments are not available: this store is not in test mode and has no live payment provider. Please contact the store.',
    area: CHECKOUT,
  },
  'payment-method': { status: 402, message: CHECKOUT_MESSAGES.paymentFailed, area: CHECKOUT },
  'payment-unavailable': {
    status: 402,
    message: 'The payment provider could not start the payment.',
    area: CHECKOUT,
  },
  'card-declined': { status: 402, message: 'The card was declined.', area: CHECKOUT },
  'payment-failed': { status: 402, message: CHECKOUT_MESSAGES.paymentFailed, area: CHECKOUT },
  'not-configured': {
    status: 404,
    message: 'Address lookup is not configured for this site. Enter the address by hand.',
    area: CHECKOUT,
    note: 'also a webhook for a payment provider that is not connected',
  },
  'bad-signature': { status: 400, message: 'The webhook signature does not verify.', area: CHECKOUT },

  // Orders (owner): refunds and payments recorded by hand.
  'not-paid': {
    status: 409,
    message: "This order's payment has not succeeded, so there is nothing to refund.",
    area: ORDERS,
  },
  'not-refundable': {
    status: 400,
    message: 'Nothing on this order can be refunded for that amount.',
    area: ORDERS,
    note: 'plus `field` and `refundableCents` when the amount is too high',
  },
  'refund-failed': {
    status: 402,
    message: 'The payment provider of this order is not available.',
    area: ORDERS,
    note: 'plus `provider` when the provider refused',
  },
  conflict: { status: 409, message: 'The order changed; reload it.', area: ORDERS },
  'already-paid': { status: 409, message: 'This order is already paid.', area: ORDERS },
  'not-pending': { status: 409, message: 'Only an order waiting for payment can be marked paid.', area: ORDERS },
  'duplicate-coupon': {
    status: 400,
    message: 'Each coupon code may appear once.',
    area: ORDERS,
    note: 'plus `fields`',
  },

  // Payment provider connections (owner).
  'configured-by-environment': {
    status: 409,
    message: 'This provider is configured by the server environment.',
    area: PAYMENTS,
  },
  'secret-key-missing': {
    status: 409,
    message: 'The server has no secret key to store provider credentials with.',
    area: PAYMENTS,
  },
  'provider-unreachable': {
    status: 502,
    message: 'The payment provider could not be reached. Please try again.',
    area: PAYMENTS,
  },
  'credentials-refused': {
    status: 400,
    message: 'The payment provider refused these credentials.',
    area: PAYMENTS,
    note: 'plus `fields`',
  },
  'not-connected': { status: 404, message: 'This payment provider is not connected.', area: PAYMENTS },
  // Donations (domains/donations/, issue 23).
  'donation-block-not-found': {
    status: 404,
    message: 'This donation form is no longer on the site. Please reload the page.',
    area: DONATIONS,
  },
  'donation-amount': {
    status: 400,
    message: 'Please choose or enter an amount.',
    area: DONATIONS,
    note: 'the message names the minimum, e.g. `The minimum gift is $5.00.`',
  },
  'donation-interval-off': { status: 400, message: 'That kind of gift is not offered here.', area: DONATIONS },
  'donations-unavailable': {
    status: 409,
    message: 'Donations cannot be taken right now. Please try again later.',
    area: DONATIONS,
  },
  'donation-link-invalid': {
    status: 404,
    message: 'This link is not valid. Please use the link in your latest receipt.',
    area: DONATIONS,
  },
} as const satisfies Record<string, CatalogueEntry>;
