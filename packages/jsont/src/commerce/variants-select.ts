/**
 * Variant selectors: one `<select data-variant-option-name>` and one radio
 * group per option, inside `.product-variants[data-variants]`, which the
 * variant island reads (SPEC §9 label 'Select {variantName}').
 */
import type { RenderContext } from '../plugin.js';
import { escapeHtml, toJsonText } from '../values/html.js';
import { formatCommerceMessage } from './message.js';
import { field, isTruthy } from '../values/json.js';
import { ProductType, productTypeOf, type VariantOption, variantOptions } from './product.js';
import { localizedString, lookup, printed } from './scope.js';

export const SELECT_VARIANT_LABEL = 'Select {variantName}';
export const SELECT_GIFT_CARD_VALUE_LABEL = 'Select Value';
const GIFT_CARD_VALUE_NAME = 'Value';

/** The select prompt template: gift cards use their own string, other products the variant one. */
function selectTemplate(item: unknown, ctx: RenderContext): string {
  if (productTypeOf(item) === ProductType.GIFT_CARD) {
    return localizedString(item, ctx, 'giftCardVariantSelectText') || SELECT_GIFT_CARD_VALUE_LABEL;
  }
  return localizedString(item, ctx, 'productVariantSelectText') || SELECT_VARIANT_LABEL;
}

/** The option title template: gift cards show a translated "Value", others the option name. */
function titleTemplate(item: unknown, ctx: RenderContext): string {
  if (productTypeOf(item) === ProductType.GIFT_CARD) {
    return localizedString(item, ctx, 'giftCardValueDisplayText') || GIFT_CARD_VALUE_NAME;
  }
  return '{name}';
}

/** Selects carry this field name (the radio group's name) when the template asks for `named`. */
export function variantOptionFieldName(optionName: string): string {
  return `variant-option-${optionName}`;
}

function renderOption(
  ctx: RenderContext,
  option: VariantOption,
  select: string,
  title: string,
  named: boolean,
): string {
  const name = escapeHtml(option.name);
  const prompt = formatCommerceMessage(ctx, select, [['variantName', option.name]]);
  let out = '\n    <div class="variant-option">\n    <div class="variant-option-title">';
  out += escapeHtml(formatCommerceMessage(ctx, title, [['name', option.name]]));
  out += ': </div>\n    <div class="variant-select-wrapper">\n';
  const field = named ? ` name="${escapeHtml(variantOptionFieldName(option.name))}"` : '';
  // The prompt carries the option name, which an owner typed: escaped like every other attribute.
  out += `      <select aria-label="${escapeHtml(prompt)}" data-variant-option-name="${name}"${field}>\n`;
  out += `        <option value="">${escapeHtml(prompt)}</option>\n        `;
  for (const raw of option.values) {
    const value = escapeHtml(raw);
    out += `<option value="${value}">${value}</option>`;
  }
  out += `\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">`;
  for (const raw of option.values) {
    const value = escapeHtml(raw);
    const id = `variant-option-${name}-${value}`;
    out += `\n      <input type="radio" class="variant-radiobtn" value="${value}" name="variant-option-${name}" id="${id}"/>`;
    out += `\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${value}</label>`;
  }
  out += '\n    </div>\n    </div>';
  return out;
}

/**
 * The selectors markup, or undefined when the item has fewer than two variants or no ordered options.
 * `named` (the template's `{@|variants-select named}`) gives each select a field name, so a plain
 * form post (no JavaScript) carries the choice; the default markup is unchanged.
 */
export function renderVariantsSelect(item: unknown, ctx: RenderContext, named = false): string | undefined {
  const options = variantOptions(item);
  if (options.length === 0) return undefined;
  const content = field(item, 'structuredContent');
  const select = selectTemplate(item, ctx);
  const title = titleTemplate(item, ctx);
  let out = '\n  \n  \n  \n  \n\n  <div class="product-variants"';
  out += ` data-item-id="${escapeHtml(printed(lookup(item, ctx, 'id')))}"`;
  out += ` data-variants="${escapeHtml(toJsonText(field(content, 'variants')))}"`;
  const isSubscribable = field(content, 'isSubscribable');
  if (isTruthy(isSubscribable)) {
    out += ` data-is-subscribable="true" data-subscription-plan="${escapeHtml(toJsonText(field(content, 'subscriptionPlan')))}"`;
  }
  out += ' data-animation-role="content">';
  for (const option of options) out += renderOption(ctx, option, select, title, named);
  out += '\n  </div>\n';
  return out;
}
