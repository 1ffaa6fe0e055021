import {
  CHECKOUT_MESSAGES,
  isSubscribable,
  orderQuantityProblem,
  ProductType,
  type SubscriptionPlan,
  subtotalMinimumMessage,
} from '@tessera/core';
import type { CartRow } from '../../../platform/db/schema.js';
import { type Address, CheckoutError, type PlaceOrderInput, type Priced } from '../checkout-types.js';
import { shippingCountryProblemAmong } from '../shipping-countries.js';

export interface Placeable {
  requiresShipping: boolean;
  /** The plan of a subscription cart's one product. */
  plan: SubscriptionPlan | undefined;
}

/**
 * Step 3: every reason the priced cart cannot become an order, thrown as the catalogue error the
 * buyer sees (inside the order's transaction, so the key and the cart claim roll back with it).
 */
export function checkPlaceable(priced: Priced, cart: CartRow, input: PlaceOrderInput): Placeable {
  const { totals, entries, site } = priced;
  if (entries.length === 0) throw new CheckoutError('empty-cart', CHECKOUT_MESSAGES.emptyCart);
  const tooMany = orderQuantityProblem(entries);
  if (tooMany) throw new CheckoutError('quantity-out-of-range', tooMany);
  // A product the owner took off sale (draft, private, …) after it went into the cart is not sold.
  for (const entry of entries) {
    if (!priced.forSale.has(entry.itemId)) {
      throw new CheckoutError(
        'item-not-for-sale',
        `${entry.title} is no longer available in the store. Remove it from your cart to continue.`,
        409,
      );
    }
  }
  const minimum = subtotalMinimumMessage(totals.subtotalCents, site.subtotalMinimumCents, site.currency, site.locale);
  if (minimum) throw new CheckoutError('subtotal-minimum', minimum);
  if (priced.giftCardProblem) throw new CheckoutError('gift-card-invalid', priced.giftCardProblem);
  if (priced.invalidCoupons.length > 0) throw new CheckoutError('coupon-invalid', priced.invalidCoupons[0]!.message);
  const requiresShipping = entries.some((e) => e.productType === ProductType.PHYSICAL);
  const notShipped = requiresShipping && shippingCountryProblemAmong(priced.shippingCountries, input.country);
  if (notShipped) throw new CheckoutError('country-not-shipped', notShipped);
  if (requiresShipping && !priced.shippingOption) {
    throw new CheckoutError('shipping-required', CHECKOUT_MESSAGES.shippingRequired);
  }
  if (requiresShipping && !validAddress(input.shippingAddress)) {
    throw new CheckoutError('address-required', CHECKOUT_MESSAGES.addressRequired);
  }

  let plan: SubscriptionPlan | undefined;
  if (cart.kind === 'subscription') {
    const product = priced.products.get(entries[0]!.itemId);
    if (!product || entries.length !== 1 || !isSubscribable(product)) {
      throw new CheckoutError('not-subscribable', CHECKOUT_MESSAGES.notSubscribable);
    }
    plan = product.structuredContent.subscriptionPlan as SubscriptionPlan | undefined;
    if (!plan?.billingPeriod) throw new CheckoutError('not-subscribable', CHECKOUT_MESSAGES.notSubscribable);
  }
  return { requiresShipping, plan };
}

function validAddress(address: Address | null | undefined): boolean {
  if (!address) return false;
  return [address.line1, address.city, address.postalCode, address.country].every(
    (part) => typeof part === 'string' && part.trim().length > 0,
  );
}
