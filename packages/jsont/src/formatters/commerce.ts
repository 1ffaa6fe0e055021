/**
 * Commerce formatters: product prices and badges, the product-page widgets the
 * storefront islands take over, cart helpers and form summaries.
 */
import { DEFAULT_CURRENCY, fromMinorUnits } from '@tessera/core';
import { renderAddToCartButton } from '../commerce/add-to-cart.js';
import {
  renderQuantityInput,
  renderQuickView,
  renderRestockNotification,
  renderScarcity,
  renderProductStatus,
} from '../commerce/merchandising.js';
import { formatMoneyNode, legacyCents } from '../commerce/money.js';
import { renderProductPrice, renderSubscriptionPrice } from '../commerce/price-display.js';
import { describeVariant, fromPriceMoney, normalPriceMoney, salePriceMoney } from '../commerce/product.js';
import { renderSummaryFormField } from '../commerce/summary-form-field.js';
import { renderVariantsSelect } from '../commerce/variants-select.js';
import { type FormatterTable, valueFormatter } from '../plugin.js';
import { asNumber, asString, field } from '../values/json.js';

/** SPEC §2: every cart link points to /cart. */
export const CART_URL = '/cart';

function cartQuantity(cart: unknown): number {
  const entries = field(cart, 'entries');
  return Array.isArray(entries)
    ? entries.reduce<number>((sum, entry) => sum + asNumber(field(entry, 'quantity')), 0)
    : 0;
}

export const COMMERCE_FORMATTERS: FormatterTable = {
  'add-to-cart-btn': valueFormatter((item, _args, ctx) => renderAddToCartButton(item, ctx)),
  'cart-quantity': valueFormatter((cart) => `<span class="sqs-cart-quantity">${cartQuantity(cart)}</span>`),
  'cart-subtotal': valueFormatter((cart, args, ctx) => {
    const currency = asString(field(cart, 'currencyCode') ?? field(cart, 'currency')) || DEFAULT_CURRENCY;
    const cents = Math.trunc(asNumber(field(cart, 'subtotalCents')));
    const money = { value: fromMinorUnits(Number.isSafeInteger(cents) ? cents : 0, currency), currency };
    return `<span class="sqs-cart-subtotal">${formatMoneyNode(money, args, ctx)}</span>`;
  }),
  'cart-url': valueFormatter(() => CART_URL),
  'from-price': valueFormatter((item) => legacyCents(fromPriceMoney(item))),
  'normal-price': valueFormatter((item) => legacyCents(normalPriceMoney(item))),
  'sale-price': valueFormatter((item) => legacyCents(salePriceMoney(item))),
  'product-checkout': valueFormatter(
    (item, _args, ctx) =>
      (renderVariantsSelect(item, ctx) ?? '') +
      (renderQuantityInput(item, ctx) ?? '') +
      renderAddToCartButton(item, ctx),
  ),
  'product-price': valueFormatter((item, args, ctx) => renderProductPrice(item, args, ctx)),
  'subscription-price': valueFormatter((item, args, ctx) => renderSubscriptionPrice(item, args, ctx)),
  'product-quick-view': valueFormatter((item, args, ctx) => renderQuickView(item, args, ctx)),
  'product-restock-notification': valueFormatter((item, _args, ctx) => renderRestockNotification(item, ctx)),
  'product-scarcity': valueFormatter((item, _args, ctx) => renderScarcity(item, ctx)),
  'product-status': valueFormatter((item, _args, ctx) => renderProductStatus(item, ctx)),
  // `named` adds field names for a plain form post (no JavaScript); without it the markup is the usual.
  'quantity-input': valueFormatter((item, args, ctx) => renderQuantityInput(item, ctx, args.includes('named'))),
  'summary-form-field': valueFormatter((node, _args, ctx) => renderSummaryFormField(node, ctx)),
  'variant-descriptor': valueFormatter((variant) => describeVariant(variant)),
  'variants-select': valueFormatter((item, args, ctx) => renderVariantsSelect(item, ctx, args.includes('named'))),
};
