import { CART_MESSAGES, CHECKOUT_MESSAGES } from '@tessera/core';
import type { CatalogueEntry } from './catalogue.js';
import { errorArea } from './error-area.js';

// Error codes of the store: cart, checkout, orders, payment connections (see catalogue.ts).

const cart = errorArea('cart');
const checkout = errorArea('checkout');
const orders = errorArea('orders and refunds');
const payments = errorArea('payment connections');
const donations = errorArea('donations');

export const COMMERCE_ERRORS = {
  // Cart (commerce/), codes as `@tessera/core`'s validateAddToCart names them.
  'item-not-found': cart(404, 'That product could not be found. It may have been removed from the store.'),
  'item-not-for-sale': cart(
    409,
    'This product is not available in the store right now, so it cannot be added to the cart.',
  ),
  'variant-unavailable': cart(400, CART_MESSAGES.variantUnavailable),
  'not-enough-stock': cart(400, CART_MESSAGES.notEnoughStock, { also: [409], note: '409 at checkout' }),
  'quantity-not-number': cart(400, CART_MESSAGES.quantityNotNumber),
  'quantity-not-whole': cart(400, CART_MESSAGES.quantityNotWhole),
  'quantity-out-of-range': cart(400, CART_MESSAGES.quantityOutOfRange),
  'missing-options': cart(400, 'Please select the options of this product.'),
  'gift-card-denomination': cart(400, CART_MESSAGES.giftCardDenomination),
  'entry-not-found': cart(404, 'That item is no longer in your cart. Please reload the page.'),
  'not-subscribable': cart(400, 'This product cannot be bought as a subscription.'),
  'additional-fields-required': cart(400, 'Please fill in the form for this product.'),

  // Checkout (checkout/): quotes and placing an order.
  'cart-not-found': checkout(404, CHECKOUT_MESSAGES.emptyCart),
  'cart-purchased': checkout(409, CHECKOUT_MESSAGES.cartPurchased),
  'empty-cart': checkout(400, CHECKOUT_MESSAGES.emptyCart),
  'invalid-email': checkout(400, CHECKOUT_MESSAGES.emailRequired, {
    note: 'also restock sign-up (`Email cannot be blank` / `Email is invalid`)',
  }),
  'idempotency-key-reused': checkout(
    409,
    'This order key was already used by another checkout. Reload the checkout page and place your order again.',
  ),
  'subtotal-minimum': checkout(400, 'To check out, your order subtotal must be {subtotal} or more.'),
  'coupon-invalid': checkout(400, 'This coupon cannot be used on this order.'),
  'gift-card-invalid': checkout(400, 'This gift card cannot be used.'),
  'gift-card-changed': checkout(409, 'The gift card balance changed. Please review your order.'),
  'country-not-shipped': checkout(400, 'This store does not ship to {country}. Choose another shipping address.'),
  'shipping-required': checkout(400, CHECKOUT_MESSAGES.shippingRequired),
  'address-required': checkout(400, CHECKOUT_MESSAGES.addressRequired),
  'pay-later-disabled': checkout(400, 'Pay later is not offered by this store. Please pay by card.'),
  'test-mode-off': checkout(
    400,
    'Card payments are not available: this store is not in test mode and has no live payment provider. Please contact the store.',
  ),
  'payment-method': checkout(402, CHECKOUT_MESSAGES.paymentFailed),
  'payment-unavailable': checkout(402, 'The payment provider could not start the payment.'),
  'card-declined': checkout(402, 'The card was declined.'),
  'payment-failed': checkout(402, CHECKOUT_MESSAGES.paymentFailed),
  'not-configured': checkout(404, 'Address lookup is not configured for this site. Enter the address by hand.', {
    note: 'also a webhook for a payment provider that is not connected',
  }),
  'bad-signature': checkout(400, 'The webhook signature does not verify.'),
  'refund-in-progress': checkout(
    503,
    'A refund of this payment is being made right now. Send the event again in a moment; nothing was recorded.',
    { note: 'a payment provider webhook, plus a `Retry-After` header: the provider delivers the event again' },
  ),

  // Orders (owner): refunds and payments recorded by hand.
  'not-paid': orders(409, "This order's payment has not succeeded, so there is nothing to refund."),
  'not-refundable': orders(400, 'Nothing on this order can be refunded for that amount.', {
    note: 'plus `field` and `refundableCents` when the amount is too high',
  }),
  'refund-failed': orders(402, 'The payment provider of this order is not available.', {
    note: 'plus `provider` when the provider refused',
  }),
  'refund-unconfirmed': orders(
    504,
    'The payment provider did not confirm the refund. It is kept as on its way and is completed or taken back within minutes; do not refund it again.',
    { note: 'plus `provider`; the `refund-recovery` job asks the provider again with the same idempotency key' },
  ),
  conflict: orders(409, 'The order changed; reload it.'),
  'already-paid': orders(409, 'This order is already paid.'),
  'not-pending': orders(409, 'Only an order waiting for payment can be marked paid.'),
  'duplicate-coupon': orders(400, 'Each coupon code may appear once.', { note: 'plus `fields`' }),

  // Payment provider connections (owner).
  'configured-by-environment': payments(409, 'This provider is configured by the server environment.'),
  'secret-key-missing': payments(409, 'The server has no secret key to store provider credentials with.'),
  'provider-unreachable': payments(502, 'The payment provider could not be reached. Please try again.'),
  'credentials-refused': payments(400, 'The payment provider refused these credentials.', { note: 'plus `fields`' }),
  'not-connected': payments(404, 'This payment provider is not connected.'),
  // Donations (domains/donations/, issue 23).
  'donation-block-not-found': donations(404, 'This donation form is no longer on the site. Please reload the page.'),
  'donation-amount': donations(400, 'Please choose or enter an amount.', {
    note: 'the message names the minimum, e.g. `The minimum gift is $5.00.`',
  }),
  'donation-interval-off': donations(400, 'That kind of gift is not offered here.'),
  'donations-unavailable': donations(409, 'Donations cannot be taken right now. Please try again later.'),
  'donation-link-invalid': donations(404, 'This link is not valid. Please use the link in your latest receipt.'),
} as const satisfies Record<string, CatalogueEntry>;
