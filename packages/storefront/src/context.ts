import type { ProductItem } from '@tessera/core';

/** The page-level settings the server prints into `<script id="tessera-context">`. */
export interface PageContext {
  websiteId?: string;
  locale: string;
  currency: string;
  timeZone?: string;
  pageType?: number;
  storeSettings?: Record<string, unknown>;
  product?: ProductItem;
}

const FALLBACK: PageContext = { locale: 'en-US', currency: 'USD' };

/** Reads and parses the page context; a missing or broken script yields safe defaults. */
export function readPageContext(doc: Document): PageContext {
  const text = doc.getElementById('tessera-context')?.textContent;
  if (!text) return { ...FALLBACK };
  try {
    const parsed = JSON.parse(text) as Partial<PageContext> | null;
    if (!parsed || typeof parsed !== 'object') return { ...FALLBACK };
    return {
      ...parsed,
      locale: typeof parsed.locale === 'string' && parsed.locale ? parsed.locale.replace('_', '-') : FALLBACK.locale,
      currency: typeof parsed.currency === 'string' && parsed.currency ? parsed.currency : FALLBACK.currency,
    };
  } catch {
    return { ...FALLBACK };
  }
}

/** Express checkout sends a successful add straight to the checkout page. */
export function isExpressCheckout(context: PageContext): boolean {
  return context.storeSettings?.expressCheckout === true;
}
