/** The store currencies SPEC §3 lists, in its order. */
export const CURRENCIES = Object.freeze([
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const);

export type CurrencyCode = (typeof CURRENCIES)[number];

/** The store currency when neither the site nor the amount names one (SPEC §3). */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const SUPPORTED: ReadonlySet<string> = new Set(CURRENCIES);

/** True for the 27 currencies of SPEC §3 (case-sensitive ISO 4217 codes). */
export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && SUPPORTED.has(code);
}

/**
 * Fraction digits of a currency: 0 for JPY, 2 for every other supported currency.
 * A code outside the list falls back to what the platform's Intl knows, then to 2.
 */
export function currencyDigits(code: string): number {
  const upper = code.toUpperCase();
  if (SUPPORTED.has(upper)) return upper === 'JPY' ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: upper }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}
