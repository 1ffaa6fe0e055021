import { currencyDigits, DEFAULT_CURRENCY } from './currency.js';
import { divideRounded, type RoundingMode } from './rounding.js';

/** A decimal amount as the storefront JSON carries it: `{ value: "12.50", currency: "USD" }`. */
export interface Money {
  value: string;
  currency: string;
}

/** The other money shape of SPEC §3: `{ decimalValue, currencyCode }`. */
export interface DecimalMoney {
  decimalValue: string;
  currencyCode: string;
}

/** Either money shape; both fields optional because stored JSON is often partial. */
export type MoneyLike =
  | { value?: string | number | null; currency?: string | null }
  | { decimalValue?: string | number | null; currencyCode?: string | null };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Turns a decimal string or number into an exact fraction `digits / 10^scale`, or undefined. */
function parseDecimal(value: string | number): { digits: bigint; scale: number } | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value); // shortest round-trip form, possibly with an exponent
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, intPart = '', fracPart = '', exp] = match;
  if (intPart === '' && fracPart === '') return undefined;
  if (exp && Math.abs(Number(exp)) > 1000) return undefined; // far outside any money amount
  let digits = BigInt(`${intPart}${fracPart}` || '0');
  let scale = fracPart.length - (exp ? Number(exp) : 0);
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  return { digits: sign === '-' ? -digits : digits, scale };
}

/**
 * Converts a decimal amount to integer minor units of `currency` exactly ("12.5" USD → 1250,
 * "1250" JPY → 1250), with no binary floating-point drift. Numbers are read through their
 * shortest decimal form, so 0.1 + 0.2 becomes "0.30000000000000004" and rounds to 30.
 * Digits beyond the currency's precision are rounded with `rounding` (default half-up).
 * Throws a RangeError for text that is not a decimal number or a result beyond safe integers.
 */
export function toMinorUnits(value: string | number, currency: string, rounding: RoundingMode = 'half-up'): number {
  const cents = tryToMinorUnits(value, currency, rounding);
  if (cents === undefined) throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  return cents;
}

/** Like {@link toMinorUnits} but answers undefined instead of throwing. */
export function tryToMinorUnits(
  value: string | number,
  currency: string,
  rounding: RoundingMode = 'half-up',
): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = parseDecimal(value);
  if (!parsed) return undefined;
  const digits = currencyDigits(currency);
  const minor =
    parsed.scale <= digits
      ? parsed.digits * pow10(digits - parsed.scale)
      : divideRounded(parsed.digits, pow10(parsed.scale - digits), rounding);
  const result = Number(minor);
  if (!Number.isSafeInteger(result)) return undefined;
  return result === 0 ? 0 : result; // never -0
}

/** Integer minor units to a plain decimal string: 1250 USD → "12.50", 1250 JPY → "1250", -5 → "-0.05". */
export function fromMinorUnits(cents: number, currency: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Minor units must be a safe integer, got ${cents}`);
  const digits = currencyDigits(currency);
  const negative = cents < 0;
  const text = String(Math.abs(cents));
  if (digits === 0) return negative ? `-${text}` : text;
  const padded = text.padStart(digits + 1, '0');
  const body = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative ? `-${body}` : body;
}

/** Minor units as plain text with the currency code, for mail: 1250 USD → "12.50 USD", 1250 JPY → "1250 JPY". */
export function moneyText(cents: number, currency: string): string {
  return `${fromMinorUnits(cents, currency)} ${currency}`;
}

/** Minor units to the `{ value, currency }` shape: 1250 USD → { value: "12.50", currency: "USD" }. */
export function moneyFromCents(cents: number, currency: string): Money {
  return { value: fromMinorUnits(cents, currency), currency };
}

/**
 * Minor units of either money shape. A missing currency means USD and a missing value means 0
 * (SPEC §9: default price when missing is 0 USD). Throws a RangeError for an unreadable value.
 */
export function centsFromMoney(money: MoneyLike | null | undefined, rounding: RoundingMode = 'half-up'): number {
  if (!money) return 0;
  const fields = money as { value?: unknown; decimalValue?: unknown };
  const value = fields.value ?? fields.decimalValue;
  const currency = currencyOfMoney(money);
  if (value == null || value === '') return 0;
  if (typeof value !== 'string' && typeof value !== 'number') throw new RangeError('Not a money amount');
  return toMinorUnits(value, currency, rounding);
}

/** The currency code of either money shape, USD when absent. */
export function currencyOfMoney(money: MoneyLike | null | undefined): string {
  if (!money) return DEFAULT_CURRENCY;
  const fields = money as { currency?: unknown; currencyCode?: unknown };
  const code = fields.currency ?? fields.currencyCode;
  return typeof code === 'string' && code !== '' ? code.toUpperCase() : DEFAULT_CURRENCY;
}
