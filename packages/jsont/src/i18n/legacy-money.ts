/**
 * The pre-CLDR money formats: amounts in cents printed as plain decimals, and
 * `i18n-money-format`'s fixed per-locale symbol placement.
 */
import type { Decimal } from '@phensley/cldr';

/** Group the integer digits of a fixed-point decimal string. */
function group(digits: string, separator: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** A decimal rounded half-even to `fraction` digits with the given separators. */
export function plainNumber(n: Decimal, fraction: number, groupSep: string, decimalSep: string): string {
  const fixed = n.abs().setScale(fraction, 'half-even').toString();
  const [int, frac] = fixed.split('.');
  const body = group(int, groupSep) + (frac ? decimalSep + frac : '');
  return n.isNegative() && !/^[0.]*$/.test(fixed) ? `-${body}` : body;
}

/** Cents to a `1,234.56` string (SPEC §9: comma thousands, dot decimals). */
export function centsToPlain(cents: Decimal): string {
  return plainNumber(cents.movePoint(-2), 2, ',', '.');
}

interface LegacyLocale {
  group: string;
  decimal: string;
  /** Symbol after the number (`1.234,56 €`) rather than before it. */
  suffix: boolean;
}

const LEGACY_LOCALES: Record<string, LegacyLocale> = {
  de: { group: '.', decimal: ',', suffix: true },
  fr: { group: '\u00a0', decimal: ',', suffix: true },
  sv: { group: '\u00a0', decimal: ',', suffix: true },
  en: { group: ',', decimal: '.', suffix: false },
  es: { group: ',', decimal: '.', suffix: false },
};

const LEGACY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  NZD: 'NZ$',
  HKD: 'HK$',
  SGD: 'S$',
  MXN: 'MX$',
  CHF: 'CHF',
};

/**
 * Legacy per-locale money: a suffix symbol is set off by a space unless it is a
 * single character; a prefix symbol ending in a letter is set off by a space and
 * keeps the sign on the number.
 */
export function legacyMoney(amount: Decimal, currency: string, localeTag: string, fraction: number): string {
  const language = localeTag.split(/[-_]/)[0].toLowerCase();
  const locale = LEGACY_LOCALES[language] ?? LEGACY_LOCALES.en;
  const symbol = LEGACY_SYMBOLS[currency] ?? currency;
  const number = plainNumber(amount, fraction, locale.group, locale.decimal);
  if (locale.suffix) return symbol.length > 1 ? `${number} ${symbol}` : `${number}${symbol}`;
  if (/\p{L}$/u.test(symbol)) return `${symbol} ${number}`;
  return number.startsWith('-') ? `-${symbol}${number.slice(1)}` : `${symbol}${number}`;
}
