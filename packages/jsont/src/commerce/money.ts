/**
 * Money nodes as products carry them: `{ value: "12.50", currency: "USD" }`
 * (or `{ decimalValue, currencyCode }`). A missing amount reads as zero and a
 * missing currency as USD (SPEC §9 default price 0 USD).
 */
import { type CurrencyFormatOptions, type CurrencyType, Decimal } from '@phensley/cldr';
import type { RenderContext } from '../plugin.js';
import { asString, field, isTruthy } from '../values/json.js';

/** A money node: any JSON value, read leniently. */
export type Money = unknown;

export const ZERO_MONEY: Money = Object.freeze({ value: '0', currency: 'USD' });
const ZERO = new Decimal('0');

function parseDecimal(text: string): Decimal | undefined {
  try {
    return new Decimal(text);
  } catch {
    return undefined;
  }
}

export function moneyAmount(money: Money): Decimal {
  const text = asString(field(money, 'value') ?? field(money, 'decimalValue'));
  return (text && parseDecimal(text)) || ZERO;
}

export function moneyCurrency(money: Money): string {
  const code = field(money, 'currency') ?? field(money, 'currencyCode');
  return code === undefined ? 'USD' : asString(code).trim();
}

/** The amount in hundredths, as the legacy price formatters print it ("1.00" → "100"). */
export function legacyCents(money: Money): string {
  return moneyAmount(money).movePoint(2).toString();
}

/**
 * Whether money is formatted with CLDR (currency symbol, locale grouping) rather
 * than the legacy `sqs-money-native` span. Website settings decide (SPEC §3); the
 * older feature-flag location is honoured too.
 */
export function usesCldrMoney(ctx: RenderContext): boolean {
  return (
    isTruthy(ctx.resolve('featureFlags.useCLDRMoneyFormat')) ||
    isTruthy(ctx.resolve('website.useCLDRMoneyFormat')) ||
    isTruthy(ctx.resolve('websiteSettings.useCLDRMoneyFormat'))
  );
}

const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);

/** Formatter arguments such as `style:code` turned into CLDR currency options. */
export function currencyOptionsFrom(args: readonly string[]): CurrencyFormatOptions {
  const options: CurrencyFormatOptions = {};
  for (const arg of args) {
    const [key, value = ''] = arg.split(':', 2);
    if (key === 'style' && CURRENCY_STYLES.has(value)) {
      options.style = value as CurrencyFormatOptions['style'];
    } else if (key === 'group') {
      options.group = true;
    } else if (key === 'no-group') {
      options.group = false;
    }
  }
  return options;
}

const LEGACY_NUMBER = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as a price display: CLDR currency text, or the legacy two-decimal span. */
export function formatMoneyNode(money: Money, args: readonly string[], ctx: RenderContext): string {
  const amount = moneyAmount(money);
  if (usesCldrMoney(ctx)) {
    try {
      return ctx.cldr().Numbers.formatCurrency(amount, moneyCurrency(money) as CurrencyType, currencyOptionsFrom(args));
    } catch {
      return '';
    }
  }
  const text = LEGACY_NUMBER.format(Number(amount.toString()));
  return `<span class="sqs-money-native">${text}</span>`;
}
