// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IslandEnv } from '../../island-env.js';
import { formFields, mountCheckoutIsland } from './checkout-island.js';

const FORM = `
<form class="checkout__form" data-island="checkout">
  <input type="hidden" name="crumb" value="c">
  <input type="hidden" name="idempotencyKey" value="key-from-page-load">
  <p class="checkout__error" role="alert" hidden></p>
  <p class="checkout__minimum" hidden></p>
  <dl><div data-row="discount" hidden><dd data-total="discount"></dd></div><dd data-total="total">$10.00</dd></dl>
  <input name="email" value="a@example.com">
  <input name="line1" data-address-lookup><p id="checkout-address-note" hidden></p><ul class="checkout__suggestions" hidden></ul>
  <input name="couponCode" value="">
  <button class="checkout__apply" type="button">Apply</button>
  <p class="checkout__discount-message"></p>
  <label><input type="radio" name="paymentMethod" value="card" checked></label>
  <label><input type="radio" name="paymentMethod" value="manual"></label>
  <div class="checkout__card"><input name="cardNumber" value="4242 4242 4242 4242"></div>
  <button class="checkout__submit" type="submit">Place order</button>
</form>`;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function mount() {
  document.body.innerHTML = FORM;
  const form = document.querySelector<HTMLFormElement>('form')!;
  const assign = vi.fn();
  const win = { ...window, document, crypto: globalThis.crypto, location: { assign } } as unknown as Window;
  const env = { context: { locale: 'en-US', currency: 'USD' }, win, getCart: () => undefined } as unknown as IslandEnv;
  expect(await mountCheckoutIsland(form, env)).toBe(true);
  return { form, assign };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('checkout island', () => {
  it('sends one order however often the button is pressed, with the page-load key, then follows the redirect', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { form, assign } = await mount();
    expect(form.dataset.islandState).toBe('live');
    form.requestSubmit();
    form.requestSubmit();
    form.requestSubmit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkout/orders');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ idempotencyKey: 'key-from-page-load', email: 'a@example.com', paymentMethod: 'card' });
    expect(body.crumb).toBeUndefined();
    release(json(201, { redirect: '/checkout/order-confirmed/abc' }));
    await flush();
    await flush();
    expect(assign).toHaveBeenCalledWith('/checkout/order-confirmed/abc');
  });

  it('shows the server message and lets the buyer try again with the same key', async () => {
    const fetchMock = vi.fn(async () =>
      json(402, { error: 'card-declined', message: 'Your card was declined. Please use another card.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { form } = await mount();
    form.requestSubmit();
    await flush();
    await flush();
    const error = form.querySelector<HTMLElement>('.checkout__error')!;
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe('Your card was declined. Please use another card.');
    expect(form.querySelector<HTMLButtonElement>('.checkout__submit')!.disabled).toBe(false);
    form.requestSubmit();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const keys = fetchMock.mock.calls.map(
      (call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)).idempotencyKey,
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('updates totals and coupon notes from a quote', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, {
        shoppingCart: { validCoupons: [{ code: 'WELCOME10' }], invalidCoupons: [], subtotalMinimumMessage: null },
        display: { discount: '−$1.00', total: '$9.00' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { form } = await mount();
    (form.elements.namedItem('couponCode') as HTMLInputElement).value = 'WELCOME10';
    form.querySelector<HTMLButtonElement>('.checkout__apply')!.click();
    await flush();
    await flush();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({
      couponCode: 'WELCOME10',
    });
    expect(form.querySelector('[data-total=total]')!.textContent).toBe('$9.00');
    expect(form.querySelector<HTMLElement>('[data-row=discount]')!.hidden).toBe(false);
    expect(form.querySelector('.checkout__discount-message')!.textContent).toBe('Coupon WELCOME10 applied.');
  });

  it('falls back to typing the address when lookup is not configured', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () =>
      json(404, {
        error: 'not-configured',
        message: 'Address lookup is not configured for this site. Enter the address by hand.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { form } = await mount();
    const line1 = form.elements.namedItem('line1') as HTMLInputElement;
    line1.value = '12 Warren';
    line1.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(300);
    const note = form.querySelector<HTMLElement>('#checkout-address-note')!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe('Address lookup is not configured for this site. Enter the address by hand.');
    line1.value = '12 Warren Street';
    line1.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(1); // asked once, then left to the buyer
  });

  it('reads every named field except the crumb', () => {
    document.body.innerHTML = FORM;
    const fields = formFields(document.querySelector('form')!);
    expect(fields.crumb).toBeUndefined();
    expect(fields.paymentMethod).toBe('card');
    expect(fields.cardNumber).toBe('4242 4242 4242 4242');
  });

  it('sends no card field when the buyer pays on a provider page (issue 17)', () => {
    document.body.innerHTML = FORM;
    const form = document.querySelector('form')!;
    const stripe = document.createElement('input');
    Object.assign(stripe, { type: 'radio', name: 'paymentMethod', value: 'stripe' });
    form.append(stripe);
    stripe.checked = true;
    const fields = formFields(form);
    expect(fields.paymentMethod).toBe('stripe');
    expect(Object.keys(fields).filter((name) => name.startsWith('card'))).toEqual([]);
  });
});
