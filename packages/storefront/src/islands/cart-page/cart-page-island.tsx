import { CART_MESSAGES, parseQuantity, QUANTITY } from '@tessera/core';
import { useEffect, useRef, useState } from 'react';
import { type ApiResult, requestJson } from '../../api.js';
import { dispatchCartUpdated } from '../../cart-events.js';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import type { IslandEnv } from '../../island-env.js';
import { Dialog } from '../dialog.js';
import { requestFailureMessage } from '../product/add-to-cart.js';
import { applyCartToPage, CART_SELECTORS } from './cart-page-dom.js';

export const ENTRY_URL = (entryId: string) => `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`;

type DialogState =
  | { kind: 'confirm-zero'; entry: HTMLElement; input: HTMLInputElement }
  | { kind: 'error'; title: string; message: string };

export interface CartPageIslandProps {
  root: HTMLElement;
  env: IslandEnv;
  onReady(): void;
}

/** The /cart page: quantity changes, removal and the empty state, enhancing the server's list in place. */
export function CartPageIsland({ root, env, onReady }: CartPageIslandProps) {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { currency, locale } = env.context;

  const committed = (input: HTMLInputElement) => input.dataset.committed ?? input.defaultValue;

  const settle = (
    result: ApiResult<{ shoppingCart?: ShoppingCart; updatedEntry?: CartEntry | null }>,
    title: string,
  ) => {
    if (result.ok && result.data?.shoppingCart) {
      applyCartToPage(root, result.data.shoppingCart, currency, locale);
      dispatchCartUpdated(env.win, result.data.shoppingCart);
      return true;
    }
    const message = result.ok
      ? CART_MESSAGES.offline
      : requestFailureMessage(result, env.win.navigator.cookieEnabled !== false);
    setDialog({ kind: 'error', title, message });
    return false;
  };

  const busy = async <T,>(entry: HTMLElement, work: () => Promise<T>): Promise<T> => {
    entry.setAttribute('aria-busy', 'true');
    const controls = [...entry.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')];
    for (const control of controls) control.disabled = true;
    try {
      return await work();
    } finally {
      entry.removeAttribute('aria-busy');
      for (const control of controls) control.disabled = false;
    }
  };

  const remove = async (entry: HTMLElement) => {
    const id = entry.dataset.entryId ?? '';
    const result = await busy(entry, () => requestJson<{ shoppingCart: ShoppingCart }>('DELETE', ENTRY_URL(id)));
    if (!settle(result, CART_MESSAGES.removeFailed)) {
      const input = entry.querySelector<HTMLInputElement>(CART_SELECTORS.quantity);
      if (input) input.value = committed(input);
    }
  };

  const updateQuantity = async (entry: HTMLElement, input: HTMLInputElement) => {
    const parsed = parseQuantity(input.value);
    if (!parsed.ok || parsed.value < 0) {
      input.value = committed(input);
      const message = parsed.ok ? CART_MESSAGES.quantityNotNumber : parsed.message;
      setDialog({ kind: 'error', title: CART_MESSAGES.updateQuantityFailed, message });
      return;
    }
    if (parsed.value === 0) {
      setDialog({ kind: 'confirm-zero', entry, input });
      return;
    }
    const quantity = Math.min(QUANTITY.max, parsed.value);
    input.value = String(quantity);
    if (String(quantity) === committed(input)) return;
    const id = entry.dataset.entryId ?? '';
    const result = await busy(entry, () =>
      requestJson<{ shoppingCart: ShoppingCart }>('PUT', ENTRY_URL(id), { quantity }),
    );
    if (!settle(result, CART_MESSAGES.updateQuantityFailed)) input.value = committed(input);
  };

  const handlers = useRef({ remove, updateQuantity });
  handlers.current = { remove, updateQuantity };

  useEffect(() => {
    // No snapshot of the inputs here: a quantity typed before the island went live must still
    // differ from the committed value (the server's `value` attribute) when its change replays.
    const onChange = (event: Event) => {
      const input = (event.target as Element).closest<HTMLInputElement>(CART_SELECTORS.quantity);
      const entry = input?.closest<HTMLElement>(CART_SELECTORS.entry);
      if (input && entry) void handlers.current.updateQuantity(entry, input);
    };
    const onClick = (event: Event) => {
      const button = (event.target as Element).closest(CART_SELECTORS.remove);
      const entry = button?.closest<HTMLElement>(CART_SELECTORS.entry);
      if (!button || !entry) return;
      event.preventDefault();
      void handlers.current.remove(entry);
    };
    root.addEventListener('change', onChange);
    root.addEventListener('click', onClick);
    onReady();
    return () => {
      root.removeEventListener('change', onChange);
      root.removeEventListener('click', onClick);
    };
  }, [root, onReady]);

  if (!dialog) return null;
  if (dialog.kind === 'error') {
    return <Dialog title={dialog.title} message={dialog.message} onConfirm={() => setDialog(null)} />;
  }
  return (
    <Dialog
      title="Remove item?"
      message={CART_MESSAGES.zeroQuantityConfirm}
      confirmLabel="Remove"
      cancelLabel="Cancel"
      onConfirm={() => {
        setDialog(null);
        void remove(dialog.entry);
      }}
      onCancel={() => {
        setDialog(null);
        dialog.input.value = committed(dialog.input);
      }}
    />
  );
}
