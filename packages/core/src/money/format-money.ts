import { currencyDigits } from './currency.js';
import { fromMinorUnits } from './minor-units.js';

export interface FormatMoneyOptions {
  /** How the currency is shown: '$' (symbol, default), 'US$'/'$' (narrowSymbol), 'USD' (code) or 'US dollars' (name). */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
  /** Negative amounts in parentheses, as accountants write them. */
  accounting?: boolean;
}

/**
 * Formats integer minor units for people with the platform's Intl.NumberFormat:
 * formatMoney(1250, 'USD') → "$12.50", formatMoney(1250, 'JPY', 'ja-JP') → "￥1,250".
 * Always shows exactly the currency's fraction digits.
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale: string | readonly string[] = 'en-US',
  options: FormatMoneyOptions = {},
): string {
  const format = numberFormat(locale, currency, options.currencyDisplay ?? 'symbol', options.accounting === true);
  // The decimal string converts to the nearest double, which Intl rounds back to the same digits.
  return format.format(Number(fromMinorUnits(cents, currency)));
}

/** Formatters are costly to build (a page prints a price per product); one per distinct setting, bounded. */
const FORMATS = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 256;

function numberFormat(
  locale: string | readonly string[],
  currency: string,
  currencyDisplay: NonNullable<FormatMoneyOptions['currencyDisplay']>,
  accounting: boolean,
): Intl.NumberFormat {
  const key = `${typeof locale === 'string' ? locale : locale.join(',')}|${currency}|${currencyDisplay}|${accounting}`;
  let format = FORMATS.get(key);
  if (format === undefined) {
    const digits = currencyDigits(currency);
    format = new Intl.NumberFormat(locale as string | string[], {
      style: 'currency',
      currency,
      currencyDisplay,
      currencySign: accounting ? 'accounting' : 'standard',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (FORMATS.size >= MAX_FORMATS) FORMATS.clear();
    FORMATS.set(key, format);
  }
  return format;
}
