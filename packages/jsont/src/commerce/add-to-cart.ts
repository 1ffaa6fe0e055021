/**
 * The add-to-cart button markup. The storefront island hooks into
 * `.sqs-add-to-cart-button[data-item-id]` and reads its data attributes.
 */
import type { RenderContext } from '../plugin.js';
import { escapeHtml, toJsonText } from '../values/html.js';
import { field, isTruthy, sizeOf } from '../values/json.js';
import { localizedString, lookup, printed } from './scope.js';

/** SPEC §9 default labels. */
export const ADD_TO_CART_LABEL = 'Add To Cart';
export const SUBSCRIBE_LABEL = 'Subscribe';

function buttonLabel(item: unknown, ctx: RenderContext): string {
  const content = lookup(item, ctx, 'structuredContent');
  const custom = field(content, 'customAddButtonText');
  if (isTruthy(field(content, 'useCustomAddButtonText')) && isTruthy(custom)) return printed(custom);
  if (isTruthy(field(content, 'isSubscribable'))) {
    return localizedString(item, ctx, 'productSubscribeText') || SUBSCRIBE_LABEL;
  }
  return localizedString(item, ctx, 'productAddToCartText') || ADD_TO_CART_LABEL;
}

export function renderAddToCartButton(item: unknown, ctx: RenderContext): string {
  const content = lookup(item, ctx, 'structuredContent');
  const formId = field(content, 'additionalFieldsFormId');
  const form = field(content, 'additionalFieldsForm');
  const hasForm = isTruthy(formId) && isTruthy(form);
  const isSubscribable = field(content, 'isSubscribable');
  const subscriptionOptions = field(content, 'productSubscriptionOptions');
  const label = escapeHtml(buttonLabel(item, ctx));

  let out = '\n'.repeat(13);
  out += '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n';
  out += '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ';
  if (hasForm) out += 'use-form';
  out += '" role="button" tabindex="0" data-dynamic-strings';
  out += ` data-collection-id="${printed(lookup(item, ctx, 'collectionId'))}"`;
  out += ` data-item-id="${printed(lookup(item, ctx, 'id'))}"`;
  out += ` data-product-type="${printed(field(content, 'productType'))}"`;
  out += ` data-use-custom-label="${printed(field(content, 'useCustomAddButtonText'))}" `;
  if (isTruthy(isSubscribable)) out += `data-is-subscription="${printed(isSubscribable)}" `;
  out += `data-original-label="${label}" `;
  if (hasForm) out += `data-form="${escapeHtml(toJsonText(form))}"`;
  if (sizeOf(subscriptionOptions) > 0 && isTruthy(isSubscribable)) {
    const optionId = field(field(subscriptionOptions, 0), 'id');
    out += `data-subscription-option-id="${printed(optionId)}"`;
  }
  out += '>\n';
  out += `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n`;
  out += '  </div>\n</div>';
  return out;
}
