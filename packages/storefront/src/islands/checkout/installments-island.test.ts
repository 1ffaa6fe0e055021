// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IslandEnv } from '../../island-env.js';
import { loadPopupStylesheet, mountInstallmentsIsland, openInstallmentsModal } from './installments-island.js';

const INFO_PAGE = `<!doctype html><html><body><section class="installments-info"><h2>Pay in 4</h2><p>Four payments.</p><a href="#terms">Terms</a></section></body></html>`;

function product(productType: number, price: number) {
  return {
    id: 'item-1',
    title: 'Scarf',
    structuredContent: {
      productType,
      variants: [
        {
          sku: 'S1',
          price,
          salePrice: 0,
          onSale: false,
          unlimited: true,
          qtyInStock: 0,
          attributes: {},
          priceMoney: { value: (price / 100).toFixed(2), currency: 'USD' },
          salePriceMoney: { value: '0.00', currency: 'USD' },
        },
      ],
    },
  };
}

/** What the server puts in the store settings for a US Stripe account with Afterpay active. */
const STRIPE_US = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200_000, stripeAccountCountry: 'US' };

function mountLine(productType: number, price: number, storeSettings: Record<string, unknown> = STRIPE_US) {
  document.body.innerHTML = `<p class="tessera-installments" data-island="installments"><span class="tessera-installments__text"></span><button class="tessera-installments__info" type="button" hidden>Learn more</button></p>`;
  const root = document.querySelector<HTMLElement>('.tessera-installments')!;
  const env = {
    context: { locale: 'en-US', currency: 'USD', storeSettings, product: product(productType, price) },
    win: window,
    getCart: () => undefined,
  } as unknown as IslandEnv;
  return { root, env };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.classList.remove('tessera-scroll-locked');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The stylesheet links in the page's head, as written. */
const headStylesheets = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('installment line', () => {
  it("loads the popup's stylesheet into the head when a shown line mounts, once, and not for a hidden line", async () => {
    const hidden = mountLine(2, 6800);
    hidden.root.dataset.stylesheet = '/theme/checkout.css';
    await mountInstallmentsIsland(hidden.root, hidden.env);
    expect(headStylesheets()).toEqual([]);
    const shown = mountLine(1, 6800);
    shown.root.dataset.stylesheet = '/theme/checkout.css';
    await mountInstallmentsIsland(shown.root, shown.env);
    expect(headStylesheets()).toEqual(['/theme/checkout.css']);
    loadPopupStylesheet(shown.root, document);
    expect(headStylesheets()).toEqual(['/theme/checkout.css']);
  });

  it('takes only a path on this site from data-stylesheet', () => {
    const root = document.createElement('p');
    root.dataset.stylesheet = '//elsewhere.example/popup.css';
    loadPopupStylesheet(root, document);
    expect(headStylesheets()).toEqual(['/theme/checkout.css']);
    root.dataset.stylesheet = '/theme/popup.css';
    loadPopupStylesheet(root, document);
    expect(headStylesheets()).toEqual(['/theme/checkout.css', '/theme/popup.css']);
  });

  it('shows four payments of a physical product in range', async () => {
    const { root, env } = mountLine(1, 6800);
    await mountInstallmentsIsland(root, env);
    expect(root.querySelector('.tessera-installments__text')?.textContent).toBe('or 4 payments of $17.00');
    expect(root.querySelector<HTMLButtonElement>('button')?.hidden).toBe(false);
    expect(root.dataset.islandState).toBe('live');
  });

  it('says the limit when out of range, and hides itself for other product types and countries', async () => {
    const over = mountLine(1, 300_000);
    await mountInstallmentsIsland(over.root, over.env);
    expect(over.root.textContent).toContain('available for orders up to $2,000.00');
    const digital = mountLine(2, 6800);
    await mountInstallmentsIsland(digital.root, digital.env);
    expect(digital.root.hidden).toBe(true);
    const elsewhere = mountLine(1, 6800, { ...STRIPE_US, stripeAccountCountry: 'JP' });
    await mountInstallmentsIsland(elsewhere.root, elsewhere.env);
    expect(elsewhere.root.hidden).toBe(true);
  });

  it('uses the limits the server gives (a GBP account: up to £1,000.00)', async () => {
    const { root, env } = mountLine(1, 150_000, {
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 100_000,
      stripeAccountCountry: 'GB',
    });
    (env.context as { currency: string; locale: string }).currency = 'GBP';
    (env.context as { currency: string; locale: string }).locale = 'en-GB';
    await mountInstallmentsIsland(root, env);
    expect(root.hidden).toBe(false);
    expect(root.dataset.inRange).toBe('false');
    expect(root.textContent).toContain('£1,000.00');
  });

  it('shows nothing without Stripe or without buy-now-pay-later on the account', async () => {
    for (const settings of [
      {},
      { afterPayAvailable: false, afterPayMin: null, afterPayMax: null, stripeAccountCountry: null },
      { ...STRIPE_US, afterPayAvailable: false },
    ]) {
      const { root, env } = mountLine(1, 6800, settings);
      await mountInstallmentsIsland(root, env);
      expect(root.hidden).toBe(true);
      expect(root.querySelector('.tessera-installments__text')?.textContent).toBe('');
    }
  });
});

describe('installment popup', () => {
  function opener() {
    document.body.innerHTML = '<button id="opener">Learn more</button>';
    const button = document.getElementById('opener')!;
    button.focus();
    return button;
  }

  it('loads the locale page, traps focus, locks scroll and closes on Escape back to its opener', async () => {
    const fetchMock = vi.fn(async () => new Response(INFO_PAGE, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const button = opener();
    await openInstallmentsModal(window, button, 'fr-CA');
    expect(fetchMock).toHaveBeenCalledWith('/installments/info?locale=fr-CA');
    const dialog = document.querySelector<HTMLElement>('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Four payments.');
    expect(document.documentElement.classList.contains('tessera-scroll-locked')).toBe(true);

    const close = dialog.querySelector<HTMLElement>('.tessera-modal__close')!;
    const last = dialog.querySelector<HTMLElement>('a')!;
    expect(document.activeElement).toBe(close);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true }));
    expect(document.activeElement).toBe(last);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.activeElement).toBe(close);

    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(document.documentElement.classList.contains('tessera-scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('closes on its close button and on a press outside, not inside', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(INFO_PAGE)),
    );
    const button = opener();
    await openInstallmentsModal(window, button, 'en-US');
    document.querySelector<HTMLElement>('.tessera-modal__close')!.click();
    expect(document.querySelector('[role=dialog]')).toBeNull();

    await openInstallmentsModal(window, button, 'en-US');
    document.querySelector('.tessera-modal')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(document.querySelector('[role=dialog]')).not.toBeNull();
    document.querySelector('.tessera-modal-backdrop')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(document.querySelector('[role=dialog]')).toBeNull();
  });

  it('only warns when the information cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openInstallmentsModal(window, opener(), 'en-US');
    await flush();
    expect(warn).toHaveBeenCalledOnce();
    expect(document.querySelector('[role=dialog]')).not.toBeNull();
  });
});
