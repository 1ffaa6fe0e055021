import { CART_MESSAGES } from '@tessera/core';
import { requestJson } from '../../api.js';
import { dispatchCartUpdated } from '../../cart-events.js';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import type { IslandEnv } from '../../island-env.js';
import { additionalFieldsFormOf } from './additional-fields.js';
import { openAdditionalFieldsLightbox } from './additional-fields-lightbox.js';

const CART_URL = '/api/commerce/shopping-cart?calculateSubtotal=true';

function showProblem(root: HTMLElement, message: string | undefined): void {
  let slot = root.querySelector<HTMLElement>('.tessera-cart__fields-error');
  if (!slot && message) {
    slot = root.ownerDocument.createElement('span');
    slot.className = 'tessera-cart__fields-error';
    slot.setAttribute('role', 'alert');
    root.append(slot);
  }
  if (!slot) return;
  slot.textContent = message ?? '';
  slot.hidden = !message;
}

/**
 * Cart page: "Edit details" on an entry with additional fields opens the product's lightbox form
 * filled with the entry's values, and saves them with
 * PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields.
 */
export function mountCartEntryFields(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const button = root.querySelector<HTMLButtonElement>('button');
  const entryId = root.dataset.entryId;
  if (!button || !entryId) return Promise.resolve(false);
  let busy = false;

  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    showProblem(root, undefined);
    try {
      const [cart, form] = await Promise.all([
        requestJson<ShoppingCart>('GET', CART_URL),
        additionalFieldsFormOf(root.dataset.itemId ?? ''),
      ]);
      const entry = cart.ok ? cart.data.entries?.find((e: CartEntry) => e.id === entryId) : undefined;
      if (!form || !entry) {
        showProblem(root, CART_MESSAGES.openFormFailed);
        return;
      }
      const additionalFields = await openAdditionalFieldsLightbox(form, {
        win: env.win,
        initial: entry.additionalFields,
      });
      if (additionalFields === null) return;
      const saved = await requestJson<{ shoppingCart: ShoppingCart }>(
        'PUT',
        `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`,
        { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields },
      );
      if (!saved.ok) {
        showProblem(root, CART_MESSAGES.updateFormFailed);
        return;
      }
      dispatchCartUpdated(env.win, saved.data.shoppingCart);
      root.dataset.saved = 'true';
    } finally {
      busy = false;
    }
  });
  root.dataset.islandState = 'live';
  return Promise.resolve(true);
}
