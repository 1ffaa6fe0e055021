/**
 * The `.product-price` and `.subscription-price` blocks: a "from" price when
 * variants differ, otherwise the sale price beside the struck original, or the
 * plain price. Subscription products phrase each price with their billing terms.
 */
import type { RenderContext } from '../plugin.js';
import { escapeHtml } from '../values/html.js';
import { formatCommerceMessage } from './message.js';
import { field, isTruthy } from '../values/json.js';
import { formatMoneyNode, type Money } from './money.js';
import {
  fromPriceMoney,
  hasVariedPrices,
  isOnSale,
  isSubscribable,
  normalPriceMoney,
  ProductType,
  pricingOptionMoney,
  pricingOptionsOfCheapestVariant,
  productTypeOf,
  salePriceMoney,
} from './product.js';
import { localizedString } from './scope.js';
import { defaultSubscriptionWording, subscriptionStringKey, subscriptionTerms } from './subscription.js';

export const FROM_PRICE_TEXT = 'from {fromPrice}';
/** SPEC §8: subscription price text falls back to 'Unavailable'. */
export const PRICE_UNAVAILABLE_TEXT = 'Unavailable';
const SALE_PRICE_LABEL = 'Sale Price:';
const ORIGINAL_PRICE_LABEL = 'Original Price:';

/** One price line: the message template and the formatted amount it names `{price}` (or `{fromPrice}`). */
interface PriceLine {
  readonly text: string;
  readonly price: string;
}

interface PriceParts {
  readonly from?: PriceLine;
  readonly sale?: PriceLine;
  readonly normal?: PriceLine;
  /** Extra message arguments (billing period, duration). */
  readonly extra: Readonly<Record<string, unknown>>;
}

function hiddenLabel(ctx: RenderContext, key: string, fallback: string): string {
  const text = localizedString(undefined, ctx, key);
  return `<span class="visually-hidden v6-visually-hidden">${text ? escapeHtml(text) : fallback}</span>`;
}

function fill(ctx: RenderContext, line: PriceLine, extra: Readonly<Record<string, unknown>>, asFrom: boolean): string {
  const args: [string, unknown][] = asFrom ? [['fromPrice', line.price]] : [];
  args.push(['price', line.price], ...Object.entries(extra));
  return formatCommerceMessage(ctx, line.text, args);
}

function renderPriceBlock(className: string, parts: PriceParts, ctx: RenderContext): string {
  let out = `\n\n\n<div class="${className}">\n`;
  if (parts.from && isTruthy(parts.from.price)) {
    out += `${fill(ctx, parts.from, parts.extra, true)}\n`;
  } else if (parts.sale && isTruthy(parts.sale.price)) {
    out += hiddenLabel(ctx, 'salePriceText', SALE_PRICE_LABEL);
    out += `${fill(ctx, parts.sale, parts.extra, false)} `;
    out += hiddenLabel(ctx, 'originalPriceText', ORIGINAL_PRICE_LABEL);
    out += `<span class="original-price">${parts.normal ? fill(ctx, parts.normal, parts.extra, false) : ''}</span>\n`;
  } else if (parts.normal && isTruthy(parts.normal.price)) {
    out += fill(ctx, parts.normal, parts.extra, false);
  }
  out += '\n</div>';
  return out;
}

function oneTimePurchaseParts(item: unknown, args: readonly string[], ctx: RenderContext): PriceParts {
  const money = (m: Money) => formatMoneyNode(m, args, ctx);
  return {
    from: hasVariedPrices(item)
      ? {
          text: localizedString(undefined, ctx, 'productPriceFromText') ?? FROM_PRICE_TEXT,
          price: money(fromPriceMoney(item)),
        }
      : undefined,
    sale: isOnSale(item) ? { text: '{price}', price: money(salePriceMoney(item)) } : undefined,
    normal: { text: '{price}', price: money(normalPriceMoney(item)) },
    extra: {},
  };
}

function subscriptionParts(item: unknown, args: readonly string[], ctx: RenderContext): PriceParts {
  const terms = subscriptionTerms(item);
  if (!terms) {
    const text = localizedString(undefined, ctx, 'productPriceUnavailable') ?? PRICE_UNAVAILABLE_TEXT;
    return { from: { text, price: 'true' }, extra: {} };
  }
  const multiple = hasVariedPrices(item);
  const text =
    localizedString(undefined, ctx, subscriptionStringKey(terms, multiple)) ??
    defaultSubscriptionWording(terms, multiple);
  const money = (m: Money) => formatMoneyNode(m, args, ctx);
  return {
    from: multiple ? { text, price: money(fromPriceMoney(item)) } : undefined,
    sale: isOnSale(item) ? { text, price: money(salePriceMoney(item)) } : undefined,
    normal: { text, price: money(normalPriceMoney(item)) },
    extra: { billingPeriodValue: terms.periodValue, duration: terms.duration },
  };
}

/** The `product-price` formatter's markup. */
export function renderProductPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  let parts: PriceParts = { extra: {} };
  if (isSubscribable(item)) parts = subscriptionParts(item, args, ctx);
  else if (productTypeOf(item) !== ProductType.UNDEFINED) parts = oneTimePurchaseParts(item, args, ctx);
  return renderPriceBlock('product-price', parts, ctx);
}

/** The `subscription-price` formatter's markup: prices of the cheapest variant's first pricing option. */
export function renderSubscriptionPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  const options = pricingOptionsOfCheapestVariant(item);
  const first = options?.[0];
  let parts: PriceParts = { extra: {} };
  if (first !== undefined) {
    const money = (m: Money) => formatMoneyNode(m, args, ctx);
    parts = {
      from: hasVariedPrices(item)
        ? {
            text: localizedString(undefined, ctx, 'productPriceFromText') ?? FROM_PRICE_TEXT,
            price: money(pricingOptionMoney(first)),
          }
        : undefined,
      sale: isTruthy(field(first, 'onSale'))
        ? { text: '{price}', price: money(field(first, 'salePriceMoney')) }
        : undefined,
      normal: { text: '{price}', price: money(field(first, 'priceMoney')) },
      extra: {},
    };
  }
  return renderPriceBlock('subscription-price', parts, ctx);
}
