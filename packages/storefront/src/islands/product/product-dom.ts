import {
  effectivePrice,
  formatMoney,
  fromMinorUnits,
  type ProductItem,
  type VariantInput,
  variantPrice,
} from '@tessera/core';
import type { PageContext } from '../../context.js';

/** The server-rendered controls of a product island (markup of the commerce formatters). */
export interface ProductDom {
  root: HTMLElement;
  selects: HTMLSelectElement[];
  radios: HTMLInputElement[];
  quantity: HTMLInputElement | null;
  button: HTMLElement | null;
  buttonLabel: HTMLElement | null;
  message: HTMLElement | null;
  price: HTMLElement | null;
  images: HTMLElement[];
}

export function findProductDom(root: HTMLElement): ProductDom {
  const button = root.querySelector<HTMLElement>('.sqs-add-to-cart-button');
  return {
    root,
    selects: [...root.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')],
    radios: [...root.querySelectorAll<HTMLInputElement>('[data-variant-option-name] input[type="radio"]')],
    quantity: root.querySelector<HTMLInputElement>('.product-quantity-input input'),
    button,
    buttonLabel: button?.querySelector<HTMLElement>('.sqs-add-to-cart-button-inner') ?? button,
    message: root.querySelector<HTMLElement>('.tessera-product-message'),
    price: root.querySelector<HTMLElement>('.product-price'),
    images: [...root.querySelectorAll<HTMLElement>('[data-variant-image]')],
  };
}

function optionNameOf(control: Element): string | undefined {
  return (
    control.getAttribute('data-variant-option-name') ??
    control.closest('[data-variant-option-name]')?.getAttribute('data-variant-option-name') ??
    undefined
  );
}

/** The option values chosen so far, by option name (selects first, then checked radios). */
export function readChosenAttributes(dom: ProductDom): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const radio of dom.radios) {
    const name = optionNameOf(radio);
    if (name && radio.checked && radio.value) chosen[name] = radio.value;
  }
  for (const select of dom.selects) {
    const name = optionNameOf(select);
    if (name && select.value) chosen[name] = select.value;
  }
  return chosen;
}

/** Keeps the select and the radio group of each option showing the same choice. */
export function syncOptionControls(dom: ProductDom, changed: Element): void {
  const name = optionNameOf(changed);
  if (!name) return;
  const value = (changed as HTMLInputElement | HTMLSelectElement).value;
  for (const select of dom.selects) {
    if (select !== changed && optionNameOf(select) === name) select.value = value;
  }
  for (const radio of dom.radios) {
    if (radio !== changed && optionNameOf(radio) === name) radio.checked = radio.value === value;
  }
}

/**
 * The product the island works on: the page context's product when it is this one, else what the
 * variants select carries (`data-variants`).
 */
export function resolveProduct(root: HTMLElement, context: PageContext): ProductItem | undefined {
  const itemId = root.dataset.itemId;
  const product = context.product;
  if (product && (!itemId || product.id === itemId)) return product;
  const json = root.querySelector<HTMLElement>('.product-variants[data-variants]')?.dataset.variants;
  if (!itemId) return undefined;
  let variants: ProductItem['structuredContent']['variants'] = [];
  try {
    variants = json ? JSON.parse(json) : [];
  } catch {
    variants = [];
  }
  return {
    id: itemId,
    title: '',
    structuredContent: { productType: Number(root.dataset.productType) || 1, variants },
  };
}

/**
 * Shows the chosen variant's image and hides the previous one (SPEC §4). The root's
 * `data-shown-variant-image` names the SKU on show, so a theme can hide its main image then.
 * A variant without an image changes nothing.
 */
export function showVariantImage(dom: ProductDom, sku: string | undefined): void {
  if (!sku || !dom.images.some((image) => image.dataset.variantImage === sku)) return;
  for (const image of dom.images) image.hidden = image.dataset.variantImage !== sku;
  dom.root.dataset.shownVariantImage = sku;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The price markup for one variant, in the classes the product-price formatter uses: the sale
 * price then the original price when on sale.
 */
export function variantPriceHtml(variant: VariantInput, currency: string, locale: string, plain = false): string {
  const format = (cents: number) => (plain ? fromMinorUnits(cents, currency) : formatMoney(cents, currency, locale));
  const money = (cents: number) => `<span class="sqs-money-native">${escapeHtml(format(cents))}</span>`;
  if (variant.onSale === true) {
    return (
      `<span class="visually-hidden v6-visually-hidden">Sale Price:</span>${money(effectivePrice(variant))} ` +
      `<span class="visually-hidden v6-visually-hidden">Original Price:</span>` +
      `<span class="original-price">${money(variantPrice(variant))}</span>`
    );
  }
  return money(variantPrice(variant));
}

/** Whether the server printed bare amounts ("100.00") rather than formatted money ("$100.00"). */
export function usesPlainAmounts(price: HTMLElement | null): boolean {
  const text = price?.querySelector('.sqs-money-native')?.textContent?.trim() ?? '';
  return /^[\d.,\s]+$/.test(text);
}

/** Shows (or, with null, clears and hides) the inline add-to-cart message. */
export function showProductMessage(dom: ProductDom, text: string | null): void {
  if (!dom.message) return;
  dom.message.textContent = text ?? '';
  dom.message.hidden = !text;
}
