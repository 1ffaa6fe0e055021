import { INSTALLMENT_LIMITS, installmentLine, installmentLocale, priceRange, productTypeOf } from '@tessera/core';
import type { IslandEnv } from '../../island-env.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where the popup's styles live when the theme names no `data-stylesheet` on the island. */
export const INSTALLMENTS_STYLESHEET = '/theme/checkout.css';

/**
 * Adds the popup's stylesheet (the island's `data-stylesheet`, a path on this site) to the page's
 * head once. A link added after parsing never blocks the first paint, and the CSP (`style-src
 * 'self'`) allows it, where an inline `onload` swap would not be.
 */
export function loadPopupStylesheet(root: HTMLElement, doc: Document): void {
  const named = root.dataset.stylesheet;
  const href = named && /^\/(?!\/)/.test(named) ? named : INSTALLMENTS_STYLESHEET;
  const absolute = new URL(href, doc.baseURI).href;
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
  if ([...links].some((link) => link.href === absolute)) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.append(link);
}

function centsSetting(settings: Record<string, unknown> | undefined, name: string, fallback: number): number {
  const value = settings?.[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}

/**
 * The buy-now-pay-later line of a physical product (SPEC §4/§9), shown only when the store settings
 * say the connected Stripe account offers it (`afterPayAvailable`), and its information popup:
 * a modal that traps focus, closes on Escape, its close button or a press outside, and locks the
 * page's scroll while open. The popup's content is Tessera's own page for the shopper's locale.
 */
export async function mountInstallmentsIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const { context, win } = env;
  const item = context.product;
  if (!item) return false;
  const settings = context.storeSettings;
  // The server says whether the connected Stripe account offers buy-now-pay-later, where and between which amounts.
  const country = typeof settings?.stripeAccountCountry === 'string' ? settings.stripeAccountCountry : undefined;
  const providerLocale =
    settings?.afterPayAvailable === true && country
      ? installmentLocale(context.locale.split('-')[0], country)
      : undefined;
  const line = providerLocale
    ? installmentLine(productTypeOf(item) ?? 0, priceRange(item).min, context.currency, context.locale, {
        minCents: centsSetting(settings, 'afterPayMin', INSTALLMENT_LIMITS.minCents),
        maxCents: centsSetting(settings, 'afterPayMax', INSTALLMENT_LIMITS.maxCents),
      })
    : undefined;
  const text = root.querySelector<HTMLElement>('.tessera-installments__text');
  const button = root.querySelector<HTMLButtonElement>('.tessera-installments__info');
  if (!line || !text || !button || !providerLocale) {
    root.hidden = true;
    root.dataset.islandState = 'live';
    return true;
  }
  loadPopupStylesheet(root, win.document);
  text.textContent = line.text;
  root.dataset.inRange = String(line.inRange);
  button.hidden = false;
  button.addEventListener('click', () => void openInstallmentsModal(win, button, providerLocale.replace('_', '-')));
  root.dataset.islandState = 'live';
  return true;
}

/** Opens the popup; answers a function that closes it. */
export async function openInstallmentsModal(win: Window, opener: HTMLElement, locale: string): Promise<() => void> {
  const doc = win.document;
  const backdrop = doc.createElement('div');
  backdrop.className = 'tessera-modal-backdrop';
  const dialog = doc.createElement('div');
  dialog.className = 'tessera-modal tessera-installments-modal';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'tessera-installments-title');
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'tessera-modal__close';
  close.setAttribute('aria-label', 'Close');
  close.textContent = '×';
  const body = doc.createElement('div');
  body.className = 'tessera-modal__body';
  const title = doc.createElement('h2');
  title.id = 'tessera-installments-title';
  title.textContent = 'Pay in 4 installments';
  body.append(title);
  dialog.append(close, body);
  backdrop.append(dialog);
  doc.body.append(backdrop);
  doc.documentElement.classList.add('tessera-scroll-locked');

  const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      shut();
    } else if (event.key === 'Tab') {
      const list = focusables();
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const active = doc.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  function shut() {
    doc.removeEventListener('keydown', onKey, true);
    backdrop.remove();
    doc.documentElement.classList.remove('tessera-scroll-locked');
    opener.focus();
  }
  doc.addEventListener('keydown', onKey, true);
  close.addEventListener('click', shut);
  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) shut();
  });
  close.focus();

  try {
    const response = await win.fetch(`/installments/info?locale=${encodeURIComponent(locale)}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const page = new (win as Window & typeof globalThis).DOMParser().parseFromString(
      await response.text(),
      'text/html',
    );
    const section = page.querySelector('.installments-info');
    if (section && backdrop.isConnected) {
      const heading = section.querySelector('h2');
      if (heading) title.textContent = heading.textContent;
      heading?.remove();
      body.append(...[...section.childNodes].map((node) => doc.importNode(node, true)));
    }
  } catch (error) {
    // SPEC §8: a failed fetch of the popup content is only a warning.
    console.warn('Unable to load the installment information', error);
  }
  return shut;
}
