import { findVariant, isVariantInStock, type ProductItem, type Variant } from '@tessera/core';
import type { IslandEnv } from '../../island-env.js';
import { createRestockWidget } from './restock-widget.js';

function variantKey(variant: Variant): string {
  return variant.id ?? variant.sku;
}

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The option values chosen in the product form around the widget. */
function chosenAttributes(scope: ParentNode): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const select of scope.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    if (select.value) chosen[select.dataset.variantOptionName ?? ''] = select.value;
  }
  for (const radio of scope.querySelectorAll<HTMLInputElement>(
    '[data-variant-option-name] input[type="radio"]:checked',
  )) {
    const name = radio.closest<HTMLElement>('[data-variant-option-name]')?.dataset.variantOptionName;
    if (name && !(name in chosen)) chosen[name] = radio.value;
  }
  return chosen;
}

/**
 * The restock island (`[data-island="restock"]`, around the restock and scarcity markup of a
 * product page): wires every sign-up widget, and shows the widget and the scarcity line of the
 * variant the visitor picks in the surrounding product form.
 */
export function mountRestockIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const storeSettings = env.context.storeSettings ?? {};
  const widgets = [...root.querySelectorAll<HTMLElement>('.product-restock-notification')];
  for (const widget of widgets) createRestockWidget(widget, { win: env.win, storeSettings });

  const item = env.context.product as ProductItem | undefined;
  const product = root.closest<HTMLElement>('[data-island="product"]') ?? root.ownerDocument.body;
  const scarcity = [...root.querySelectorAll<HTMLElement>('.product-scarcity')];
  const shownByDefault = storeSettings.scarcityShownByDefault === true;
  const hiddenByDefault = storeSettings.restockHiddenByDefault === true || storeSettings.hiddenByDefault === true;
  const hasOptions = product.querySelector('[data-variant-option-name]') !== null;

  const sync = (fromChange: boolean) => {
    if (!item) return;
    const variant = findVariant(item, chosenAttributes(product));
    const soldOut = variant !== undefined && !isVariantInStock(variant);
    // Until every option is chosen the server's choice stands (a fully sold-out product shows one form).
    if (hasOptions && variant && (fromChange || !hiddenByDefault)) {
      for (const widget of widgets) {
        widget.hidden = !(soldOut && widget.dataset.variantId === variantKey(variant));
      }
    }
    for (const line of scarcity) {
      const text = line.dataset.variantAttributes;
      if (!text) {
        line.hidden = !shownByDefault && !fromChange;
        continue;
      }
      let attributes: Record<string, string> = {};
      try {
        attributes = JSON.parse(text) as Record<string, string>;
      } catch {
        attributes = {};
      }
      line.hidden = !(variant && sameAttributes(variant.attributes ?? {}, attributes));
    }
  };

  product.addEventListener('change', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-variant-option-name]')) sync(true);
  });
  sync(false);
  root.dataset.islandState = 'live';
  return Promise.resolve(true);
}
