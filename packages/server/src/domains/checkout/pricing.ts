import {
  applicableTaxRules,
  CHECKOUT_MESSAGES,
  type Coupon,
  type CouponKind,
  computeCheckoutTotals,
  ProductType,
  type ShippingOption,
  type TaxRule,
} from '@tessera/core';
import type { Kysely } from 'kysely';
import { type CartEntry, cartEntryJson } from '../cart/index.js';
import { loadProductsForSale } from '../content/index.js';
import { giftCardHash } from '../gift-cards/index.js';
import { parseSiteSettings } from '../settings/index.js';
import { rowWhere } from '../../platform/db/site-row.js';
import type { CartRow, Database } from '../../platform/db/schema.js';
import type { Priced, QuoteInput, SiteInfo } from './checkout-types.js';
import { limitCouponStacking, paymentSettingsOf } from './payment-settings.js';
import { readCheckoutRows } from './checkout-reads.js';
import { shipsTo } from './shipping-countries.js';

// Prices a cart for the checkout: the same reads answer a quote and, inside the order's
// transaction, the order placed (`place/`).

/** The site row's currency, locale, subtotal minimum and payment settings. */
export async function siteInfo(executor: Kysely<Database>, siteId: string): Promise<SiteInfo> {
  const row = await executor
    .selectFrom('sites')
    .select(['currency', 'locale', 'settings'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  return siteInfoOf(row);
}

function siteInfoOf(row: { currency: string; locale: string; settings: string | null } | undefined): SiteInfo {
  let minimum = 0;
  // Unreadable settings: no minimum, default payment settings.
  const store = parseSiteSettings(row?.settings).store as Record<string, unknown> | undefined;
  const value = store?.subtotalMinimumCents;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) minimum = value;
  const payment = paymentSettingsOf(store);
  return { currency: row?.currency ?? 'USD', locale: row?.locale ?? 'en-US', subtotalMinimumCents: minimum, payment };
}

/** A cart of the site by its token, bought or not. */
export async function findCart(executor: Kysely<Database>, siteId: string, token: string) {
  if (!token) return undefined;
  return rowWhere(executor, 'carts', { token, site_id: siteId });
}

/**
 * The cart's lines, shipping options, tax rules, coupons and gift card for `input`, with totals; the
 * refusals (invalid coupons, an unusable gift card) are answered, not thrown.
 */
export async function priceCart(
  executor: Kysely<Database>,
  siteId: string,
  cart: CartRow,
  input: QuoteInput,
): Promise<Priced> {
  const codes = [...new Set((input.couponCodes ?? []).map(normalCode).filter(Boolean))].slice(0, 5);
  // The site, the entries, shipping, tax, coupons and webhook endpoints: one statement (issue 20).
  const read = await readCheckoutRows(executor, siteId, cart.id, codes);
  const site = siteInfoOf(read.site);
  const rows = read.entries;
  const itemIds = rows.map((r) => r.item_id);
  const { products, forSale } = await loadProductsForSale(executor, siteId, itemIds, site.currency);
  const entries: CartEntry[] = [];
  for (const row of rows) {
    const entry = cartEntryJson(row, products.get(row.item_id), site.currency);
    if (entry) entries.push(entry);
  }
  const requiresShipping = entries.some((e) => e.productType === ProductType.PHYSICAL);

  const shippingRows = read.shipping;
  const shippingOptions: ShippingOption[] = shippingRows
    .filter((r) => shipsTo(r.countries, input.country))
    .map((r) => ({ id: r.id, name: r.name, amountCents: r.amount_cents, freeOverCents: r.free_over_cents }));
  const shippingOption = requiresShipping
    ? (shippingOptions.find((o) => o.id === input.shippingOptionId) ?? shippingOptions[0] ?? null)
    : null;

  const allRules: TaxRule[] = read.taxRules.map((r) => ({
    id: r.id,
    name: r.name,
    rateBasisPoints: r.rate_basis_points,
    taxShipping: r.tax_shipping === 1,
    countries: JSON.parse(r.countries) as string[],
  }));
  const taxRules = applicableTaxRules(allRules, input.country || 'US');

  const couponRows = read.coupons;
  const invalidCoupons: { code: string; message: string }[] = [];
  const candidates: Coupon[] = [];
  for (const code of codes) {
    const row = couponRows.find((r) => r.code === code);
    if (!row) invalidCoupons.push({ code, message: CHECKOUT_MESSAGES.couponNotFound });
    else
      candidates.push({
        code: row.code,
        kind: row.kind as CouponKind,
        value: row.value,
        minSubtotalCents: row.min_subtotal_cents,
      });
  }
  await limitCouponStacking(executor, siteId, candidates, (c) => c.code, invalidCoupons, site.payment);

  let giftCard: Priced['giftCard'];
  let giftCardProblem: string | undefined;
  if (input.giftCardCode?.trim()) {
    const row = await executor
      .selectFrom('gift_cards')
      .select(['id', 'balance_cents', 'currency', 'disabled_at'])
      .where('site_id', '=', siteId)
      .where('code_hash', '=', giftCardHash(input.giftCardCode))
      .executeTakeFirst();
    // A card the owner disabled answers like an unknown code.
    if (!row || row.currency !== site.currency || row.disabled_at) giftCardProblem = CHECKOUT_MESSAGES.giftCardNotFound;
    else if (row.balance_cents <= 0) giftCardProblem = CHECKOUT_MESSAGES.giftCardEmpty;
    else giftCard = { id: row.id, balanceCents: row.balance_cents };
  }

  const totals = computeCheckoutTotals({
    lines: entries.map((e) => ({
      quantity: e.quantity,
      unitPriceCents: e.purchasePriceCents,
      // Coupons never discount a gift card: its value would exceed what was paid for it.
      discountable: e.productType !== ProductType.GIFT_CARD,
    })),
    coupons: candidates,
    shipping: shippingOption,
    taxRules,
    giftCardBalanceCents: giftCard?.balanceCents ?? 0,
  });
  for (const rejected of totals.rejectedCoupons) {
    invalidCoupons.push({ code: rejected.coupon.code, message: CHECKOUT_MESSAGES.couponMinimum });
  }
  return {
    cart,
    entries,
    products,
    forSale,
    shippingCountries: shippingRows,
    totals,
    shippingOption,
    shippingOptions,
    taxRules,
    validCoupons: totals.appliedCoupons,
    invalidCoupons,
    giftCard,
    giftCardProblem,
    site,
    webhookEndpoints: read.webhookEndpoints,
  };
}

function normalCode(code: string): string {
  return code.trim().toUpperCase();
}
