import { CHECKOUT_MESSAGES } from '@tessera/core';
import type {
  OrderAnswer,
  PlaceDetailsAnswer,
  PlaceSuggestionsAnswer,
  QuoteAnswer,
} from '@tessera/core/contracts/checkout';
import { requestJson } from '../../api.js';
import type { IslandEnv } from '../../island-env.js';

const CARD_FIELDS = new Set(['cardNumber', 'cardExpiry', 'cardCvc']);

/**
 * Every named field of the form as text (radios: the checked one). Card fields go only with the
 * test-card method: a buyer paying on Stripe's or PayPal's page sends no card data to the store.
 */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (name !== 'crumb' && typeof value === 'string') fields[name] = value;
  }
  if (fields.paymentMethod !== 'card') for (const name of CARD_FIELDS) delete fields[name];
  return fields;
}

/**
 * The checkout form: live totals (shipping, coupon, gift card, country), address suggestions
 * when the site has a lookup (a clear note and plain typing when it has not), and one order per
 * page load however often "Place order" is pressed (the idempotency key of the page).
 */
export async function mountCheckoutIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const form = root as HTMLFormElement;
  if (form.tagName !== 'FORM') return false;
  const win = env.win;
  const key = form.querySelector<HTMLInputElement>('input[name=idempotencyKey]');
  if (key && !key.value) key.value = win.crypto.randomUUID();
  const submit = form.querySelector<HTMLButtonElement>('.checkout__submit');
  const errorBox = form.querySelector<HTMLElement>('.checkout__error');
  const minimumBox = form.querySelector<HTMLElement>('.checkout__minimum');
  const discountMessage = form.querySelector<HTMLElement>('.checkout__discount-message');
  const card = form.querySelector<HTMLElement>('.checkout__card');
  let submitting = false;
  let quoteSeq = 0;

  const showError = (message: string) => {
    if (!errorBox) return;
    errorBox.textContent = message;
    errorBox.hidden = !message;
    if (message) errorBox.scrollIntoView?.({ block: 'nearest' });
  };

  async function refreshTotals(): Promise<void> {
    const seq = ++quoteSeq;
    const fields = formFields(form);
    const answer = await requestJson<QuoteAnswer>('POST', '/api/checkout/quote', {
      cartToken: fields.cartToken || undefined,
      shippingOptionId: fields.shippingOptionId || undefined,
      couponCode: fields.couponCode || undefined,
      giftCardCode: fields.giftCardCode || undefined,
      country: fields.country || undefined,
    });
    if (seq !== quoteSeq || !answer.ok) return;
    const { display, shoppingCart } = answer.data;
    for (const [name, value] of Object.entries(display)) {
      form.querySelectorAll<HTMLElement>(`[data-total="${name}"]`).forEach((el) => {
        el.textContent = value;
      });
      const row = form.querySelector<HTMLElement>(`[data-row="${name}"]`);
      if (row) row.hidden = !value;
    }
    const notes = [
      ...shoppingCart.validCoupons.map((c) => `Coupon ${c.code} applied.`),
      ...shoppingCart.invalidCoupons.map((c) => `${c.code}: ${c.message}`),
    ];
    if (discountMessage) discountMessage.textContent = notes.join(' ');
    if (minimumBox) {
      minimumBox.textContent = shoppingCart.subtotalMinimumMessage ?? '';
      minimumBox.hidden = !shoppingCart.subtotalMinimumMessage;
    }
    if (submit) submit.disabled = Boolean(shoppingCart.subtotalMinimumMessage);
  }

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'paymentMethod' && card) card.hidden = target.value !== 'card';
    if (['shippingOptionId', 'country', 'couponCode', 'giftCardCode'].includes(target.name)) void refreshTotals();
  });
  form.querySelector('.checkout__apply')?.addEventListener('click', () => void refreshTotals());

  setUpAddressLookup(form, win);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submitting) return;
    submitting = true;
    showError('');
    submit?.setAttribute('aria-busy', 'true');
    if (submit) submit.disabled = true;
    const answer = await requestJson<OrderAnswer>('POST', '/api/checkout/orders', formFields(form));
    if (answer.ok) {
      win.location.assign(answer.data.redirect);
      return;
    }
    submitting = false;
    submit?.removeAttribute('aria-busy');
    if (submit) submit.disabled = false;
    showError(
      answer.network
        ? 'Please check your internet connection.'
        : (answer.body?.message ?? CHECKOUT_MESSAGES.paymentFailed),
    );
  });
  form.dataset.islandState = 'live';
  return true;
}

/** Address suggestions; a "not-configured" answer says so once and leaves the fields to the buyer. */
function setUpAddressLookup(form: HTMLFormElement, win: Window): void {
  const input = form.querySelector<HTMLInputElement>('[data-address-lookup]');
  const list = form.querySelector<HTMLUListElement>('.checkout__suggestions');
  const note = form.querySelector<HTMLElement>('#checkout-address-note');
  if (!input || !list) return;
  let available = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    if (!available) return;
    clearTimeout(timer);
    const text = input.value.trim();
    if (text.length < 3) {
      list.hidden = true;
      return;
    }
    timer = setTimeout(async () => {
      const answer = await requestJson<PlaceSuggestionsAnswer>(
        'GET',
        `/api/google-maps/places/autocomplete?input=${encodeURIComponent(text)}`,
      );
      if (!answer.ok) {
        available = false;
        list.hidden = true;
        if (note && answer.body?.error === 'not-configured') {
          note.textContent = answer.body?.message ?? CHECKOUT_MESSAGES.addressLookupNotConfigured;
          note.hidden = false;
        }
        return;
      }
      list.replaceChildren(
        ...answer.data.predictions.slice(0, 5).map((p) => {
          const item = win.document.createElement('li');
          item.setAttribute('role', 'option');
          item.textContent = p.description;
          item.addEventListener('click', () => void fillAddress(form, p.placeId, list));
          return item;
        }),
      );
      list.hidden = answer.data.predictions.length === 0;
    }, 250);
  });
}

async function fillAddress(form: HTMLFormElement, placeId: string, list: HTMLElement): Promise<void> {
  list.hidden = true;
  const answer = await requestJson<PlaceDetailsAnswer>(
    'GET',
    `/api/google-maps/places/details?placeId=${encodeURIComponent(placeId)}`,
  );
  if (!answer.ok) return;
  for (const [name, value] of Object.entries(answer.data.address)) {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (field && typeof value === 'string') field.value = value;
  }
}
