import {
  findVariant,
  isSubscribable,
  isVariantInStock,
  ProductType,
  type ProductItem,
  QUANTITY,
  validateAddToCart,
} from '@tessera/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type AddButtonPhase, addButtonLabel, createAddButtonMachine } from '../../button-state.js';
import { dispatchCartUpdated } from '../../cart-events.js';
import { quantityInCart } from '../../cart-quantity.js';
import { isExpressCheckout } from '../../context.js';
import type { IslandEnv } from '../../island-env.js';
import { Dialog } from '../dialog.js';
import { additionalFieldsForm } from './additional-fields-form.js';
import { addFailureAlert, postCartEntry, postSubscription, subscriptionCheckoutUrl } from './add-to-cart.js';
import {
  findProductDom,
  readChosenAttributes,
  showProductMessage,
  showVariantImage,
  syncOptionControls,
  usesPlainAmounts,
  variantPriceHtml,
} from './product-dom.js';

/** The forms lightbox (with the form validation it needs) is a chunk of its own. */
const loadLightbox = () => import('../forms/additional-fields-lightbox.js');

export interface ProductIslandProps {
  root: HTMLElement;
  item: ProductItem;
  env: IslandEnv;
  onReady(): void;
}

/**
 * The product form: variant selects, quantity and the add-to-cart button, enhanced in place.
 * React holds the state and renders the failure alert; the server's controls stay where they are.
 */
export function ProductIsland({ root, item, env, onReady }: ProductIslandProps) {
  const dom = useMemo(() => findProductDom(root), [root]);
  const [chosen, setChosen] = useState(() => readChosenAttributes(dom));
  const [phase, setPhase] = useState<AddButtonPhase>('idle');
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const form = useMemo(
    () => additionalFieldsForm(item.structuredContent.additionalFieldsForm, dom.button),
    [item, dom],
  );
  // The forms lightbox is a chunk of its own, fetched (early, once live) only for a product that asks for fields.
  useEffect(() => {
    if (form) void loadLightbox().catch(() => undefined);
  }, [form]);
  const machine = useMemo(() => createAddButtonMachine(setPhase), []);
  const originalLabel = useMemo(
    () => dom.button?.dataset.originalLabel ?? dom.buttonLabel?.textContent?.trim() ?? '',
    [dom],
  );
  const originalPriceHtml = useMemo(() => dom.price?.innerHTML ?? '', [dom]);
  const plainAmounts = useMemo(() => usesPlainAmounts(dom.price), [dom]);
  const variant = useMemo(() => findVariant(item, chosen), [item, chosen]);
  const hasOptions = dom.selects.length + dom.radios.length > 0;

  const add = async () => {
    if (machine.phase !== 'idle') return;
    showProductMessage(dom, null);
    const attributes = readChosenAttributes(dom);
    const candidate = findVariant(item, attributes);
    const already = candidate?.sku ? quantityInCart(env.getCart(), item.id, candidate.sku) : 0;
    const checked = validateAddToCart({
      item,
      attributes,
      quantity: dom.quantity ? dom.quantity.value : QUANTITY.default,
      alreadyInCart: already,
    });
    if (!checked.ok) {
      if (dom.message) showProductMessage(dom, checked.message);
      else setAlert({ title: alertTitle(), message: checked.message });
      return;
    }
    let additionalFields: string | undefined;
    if (form) {
      // Stock was checked above; now the buyer fills in the product's form (SPEC §5).
      const lightbox = await loadLightbox().catch(() => undefined);
      if (!lightbox) {
        setAlert(alertFor({ ok: false, status: 0, body: undefined, network: true }));
        return;
      }
      const filled = await lightbox.openAdditionalFieldsLightbox(form, { win: env.win });
      if (filled === null) return;
      additionalFields = filled;
    }
    await send(checked.variant.sku ?? '', checked.quantity, additionalFields);
  };

  const send = async (sku: string, quantity: number, additionalFields?: string) => {
    if (!machine.start()) return;
    if (isSubscribable(item)) {
      const result = await postSubscription({ itemId: item.id, sku, qty: quantity, additionalFields });
      if (result.ok && result.data?.cartToken) {
        machine.succeed();
        env.win.location.assign(subscriptionCheckoutUrl(result.data.cartToken));
        return;
      }
      machine.fail();
      if (!result.ok) setAlert(alertFor(result));
      return;
    }
    const result = await postCartEntry({ itemId: item.id, sku, quantity, additionalFields });
    if (!result.ok) {
      machine.fail();
      setAlert(alertFor(result));
      return;
    }
    machine.succeed();
    if (result.data?.shoppingCart) dispatchCartUpdated(env.win, result.data.shoppingCart);
    if (isExpressCheckout(env.context)) env.win.location.assign('/checkout');
  };

  const giftCard = item.structuredContent.productType === ProductType.GIFT_CARD;
  const alertTitle = () =>
    addFailureAlert({ ok: false, status: 0, body: undefined, network: false }, alertContext()).title;
  const alertContext = () => ({
    cookiesEnabled: env.win.navigator.cookieEnabled !== false,
    express: isExpressCheckout(env.context),
    giftCard,
  });
  const alertFor = (result: Parameters<typeof addFailureAlert>[0]) => addFailureAlert(result, alertContext());

  // The handlers read the latest closure through a ref, so listeners are attached once.
  const addRef = useRef(add);
  addRef.current = add;

  useEffect(() => {
    const listeners: [EventTarget, string, EventListener][] = [];
    const listen = (target: EventTarget | null, type: string, listener: EventListener) => {
      if (!target) return;
      target.addEventListener(type, listener);
      listeners.push([target, type, listener]);
    };
    const onOptionChange = (event: Event) => {
      syncOptionControls(dom, event.currentTarget as Element);
      setChosen(readChosenAttributes(dom));
      showProductMessage(dom, null);
    };
    for (const control of [...dom.selects, ...dom.radios]) listen(control, 'change', onOptionChange);
    listen(dom.quantity, 'change', () => {
      const input = dom.quantity!;
      const value = Number(input.value);
      if (input.value.trim() !== '' && Number.isInteger(value)) {
        input.value = String(Math.min(QUANTITY.max, Math.max(QUANTITY.min, value)));
      }
    });
    listen(dom.button, 'click', (event) => {
      event.preventDefault();
      void addRef.current();
    });
    // The page's plain form (for visitors without JavaScript) is handled here: Enter adds in place.
    listen(dom.root.querySelector('form'), 'submit', (event) => {
      event.preventDefault();
      void addRef.current();
    });
    listen(dom.button, 'keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ') return;
      event.preventDefault();
      void addRef.current();
    });
    onReady();
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
      machine.dispose();
    };
  }, [dom, machine, onReady]);

  // The button label follows the state machine; its width is held so the label change moves nothing.
  useEffect(() => {
    const { button, buttonLabel } = dom;
    if (!button || !buttonLabel) return;
    if (phase !== 'idle' && !button.style.minWidth) button.style.minWidth = `${button.offsetWidth}px`;
    if (phase === 'idle') button.style.minWidth = '';
    buttonLabel.textContent = addButtonLabel(phase, originalLabel);
    button.classList.toggle('cart-adding', phase === 'adding');
    button.classList.toggle('cart-added', phase === 'added');
    button.setAttribute('aria-disabled', String(phase !== 'idle'));
  }, [dom, phase, originalLabel]);

  // The chosen variant drives the image, the price and the per-variant sold-out flag.
  useEffect(() => {
    showVariantImage(dom, variant?.sku);
    if (dom.price && hasOptions && !isSubscribable(item)) {
      dom.price.innerHTML = variant
        ? variantPriceHtml(variant, env.context.currency, env.context.locale, plainAmounts)
        : originalPriceHtml;
    }
    const soldOut =
      variant !== undefined &&
      (item.structuredContent.productType === ProductType.PHYSICAL ||
        item.structuredContent.productType === ProductType.SERVICE) &&
      !isVariantInStock(variant);
    root.classList.toggle('is-variant-sold-out', soldOut);
    dom.button?.classList.toggle('sold-out', soldOut);
  }, [dom, root, item, variant, env.context, plainAmounts, originalPriceHtml, hasOptions]);

  if (alert) return <Dialog title={alert.title} message={alert.message} onConfirm={() => setAlert(null)} />;
  return null;
}
