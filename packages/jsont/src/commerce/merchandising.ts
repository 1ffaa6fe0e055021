/**
 * Product-page widgets driven by the merchandising context: quantity input,
 * restock sign-up, scarcity message, sold-out / sale badge and quick view.
 * Their class names are what the storefront islands look for.
 */
import type { RenderContext } from '../plugin.js';
import { escapeHtml, toJsonText } from '../values/html.js';
import { formatCommerceMessage } from './message.js';
import { asString, field, isTruthy, path } from '../values/json.js';
import { isOnSale, isQuantityInputVisible, isSoldOut } from './product.js';
import { localizedString, lookup, printed } from './scope.js';

/** SPEC §9 default labels. */
export const QUANTITY_LABEL = 'Quantity';
export const SOLD_OUT_LABEL = 'sold out';
export const SALE_LABEL = 'sale';
export const QUICK_VIEW_LABEL = 'Quick View';

/** SPEC §5 quantity input: min 1, max 9999, step 1, default 1. */
export function renderQuantityInput(item: unknown, ctx: RenderContext, named = false): string | undefined {
  if (!isQuantityInputVisible(item, ctx.resolve('websiteSettings'))) return undefined;
  const label = localizedString(item, ctx, 'productQuantityInputLabel') || QUANTITY_LABEL;
  let out = '\n\n\n<div class="product-quantity-input"';
  out += ` data-item-id="${printed(lookup(item, ctx, 'id'))}" data-animation-role="content">\n`;
  out += `  <div class="quantity-label">${label}:</div>\n`;
  const field = named ? ' name="quantity"' : '';
  out += `  <input aria-label="${label}"${field} size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n`;
  out += '</div>';
  return out;
}

function merchandisingFor(item: unknown, ctx: RenderContext): unknown {
  const id = asString(field(item, 'id'));
  return id ? field(ctx.resolve('productMerchandisingContext'), id) : undefined;
}

/** One sign-up form per restock view (one per sold-out variant), hidden unless the view says otherwise. */
export function renderRestockNotification(item: unknown, ctx: RenderContext): string {
  const merch = merchandisingFor(item, ctx);
  const messages = field(merch, 'restockNotificationMessages');
  const views = field(merch, 'restockNotificationViews');
  const productId = printed(field(item, 'id'));
  const withMailingList = isTruthy(field(merch, 'mailingListSignUpEnabled'));
  const optIn = isTruthy(field(merch, 'mailingListOptInByDefault'));
  const withCaptcha = isTruthy(path(ctx.resolve('website'), 'captchaSettings', 'siteKey'));
  const text = (key: string) => escapeHtml(asString(field(messages, key)));

  let out = '\n\n\n\n\n\n';
  for (const view of Array.isArray(views) ? views : []) {
    out += `\n<div class="product-restock-notification" data-product-id="${productId}"`;
    out += ` data-variant-id="${printed(field(view, 'variantId'))}"`;
    if (isTruthy(field(view, 'hiddenByDefault'))) out += ' hidden';
    out += '>\n';
    out += `  <span class="product-restock-cta">${text('CTAText')}</span>\n`;
    out += '  <form class="product-restock-form" action="#">\n';
    out += '    <input type="text" x-autocompletetype="email" spellcheck="false" name="email"';
    out += ` placeholder="${text('placeholderText')}">\n`;
    out += `    <input class="sqs-editable-button" type="submit" value="${text('buttonText')}">\n`;
    out += '  </form>\n';
    if (withMailingList) {
      out += '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"';
      if (optIn) out += ' checked';
      out += `>${text('mailingListDescription')}</label>`;
    }
    out += '\n';
    if (withCaptcha) out += '  <div class="captcha-container"></div>';
    out += '\n</div>\n';
  }
  return out;
}

/**
 * "Only 3 left!" per variant view. A view with attributes belongs to one variant and
 * starts hidden until the shopper picks it; scarcity must be enabled for the product.
 */
export function renderScarcity(item: unknown, ctx: RenderContext): string | undefined {
  const merch = merchandisingFor(item, ctx);
  if (merch === undefined || !isTruthy(field(merch, 'scarcityEnabled'))) return undefined;
  const views = field(merch, 'scarcityTemplateViews');
  const template = asString(field(merch, 'scarcityText'));
  let out = '';
  for (const view of Array.isArray(views) ? views : []) {
    const attributes = field(view, 'attributes');
    out += '\n  <div class="product-scarcity"';
    if (isTruthy(attributes)) out += ` data-variant-attributes="${escapeHtml(toJsonText(attributes))}" hidden`;
    const qtyInStock = field(view, 'qtyInStock');
    out += `>\n    ${escapeHtml(formatCommerceMessage(ctx, template, [['qtyInStock', qtyInStock]]))}\n  </div>\n`;
  }
  return out;
}

/** SPEC §4: the sold-out badge wins over the sale badge; neither shows for an available full-price item. */
export function renderProductStatus(item: unknown, ctx: RenderContext): string | undefined {
  if (isSoldOut(item)) {
    const custom = asString(field(merchandisingFor(item, ctx), 'customSoldOutText'));
    const text = custom || localizedString(item, ctx, 'productSoldOutText') || SOLD_OUT_LABEL;
    return `<div class="product-mark sold-out">${escapeHtml(text)}</div>`;
  }
  if (isOnSale(item)) {
    const text = localizedString(item, ctx, 'productSaleText') || SALE_LABEL;
    return `<div class="product-mark sale">${text}</div>`;
  }
  return undefined;
}

/** The quick-view trigger; the group argument names a field (on the item, then outwards) or is used as is. */
export function renderQuickView(item: unknown, args: readonly string[], ctx: RenderContext): string {
  const argument = args[0] ?? '';
  const named = argument ? lookup(item, ctx, argument) : undefined;
  const group = named === undefined ? argument : asString(named);
  const label = localizedString(item, ctx, 'productQuickViewText') ?? QUICK_VIEW_LABEL;
  let out = '<span class="sqs-product-quick-view-button" role="button" tabindex="0"';
  out += ` data-id="${printed(field(item, 'id'))}" data-group="${group}">${label}</span>`;
  return out;
}
