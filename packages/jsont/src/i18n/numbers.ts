/** Decimal and currency formatting on top of the locale bundle. */
import type { CLDR, Decimal } from '@phensley/cldr';
import type { ShapeSite } from './context.js';
import { type DecimalShape, formatDecimalFast, formatDecimalText } from './decimal-shape.js';
import type { DecimalOptions } from './options.js';

/**
 * Format a decimal. The `significant-maxfrac` mode keeps significant-digit
 * formatting but first rounds to at most `maxfrac` fraction digits.
 */
export function formatDecimal(cldr: CLDR, n: Decimal, options: DecimalOptions): string {
  const { mode, opts } = splitOptions(options);
  let value = n;
  if (mode === 'significant-maxfrac' && options.maximumFractionDigits !== undefined) {
    value = value.setScale(options.maximumFractionDigits, options.round ?? 'half-even').stripTrailingZeros();
  }
  return formatDecimalFast(cldr, value, opts);
}

/**
 * The same as `formatDecimal(cldr, toDecimal(value), options)` for a JSON number or plain
 * decimal text under options with a learned shape, rounded as text without a Decimal;
 * undefined when the value or options need the general path.
 */
export function formatDecimalValue(
  cldr: CLDR,
  value: unknown,
  options: DecimalOptions,
  site?: ShapeSite<DecimalShape>,
): string | undefined {
  const { mode, opts } = splitOptions(options);
  if (mode === 'significant-maxfrac') return undefined;
  if (typeof value === 'number') return formatDecimalText(cldr, String(value), opts, site);
  if (typeof value === 'string') return formatDecimalText(cldr, value, opts, site);
  return undefined;
}

interface Split {
  readonly mode: DecimalOptions['mode'];
  readonly opts: Omit<DecimalOptions, 'mode'>;
}

/** The library's options (without `mode`) per options object; the memoized options are long-lived. */
const splits = new WeakMap<DecimalOptions, Split>();

function splitOptions(options: DecimalOptions): Split {
  let split = splits.get(options);
  if (split === undefined) {
    const { mode, ...opts } = options;
    if (mode === 'significant-maxfrac' && opts.maximumFractionDigits !== undefined) {
      delete opts.maximumFractionDigits;
      delete opts.minimumFractionDigits;
    }
    split = { mode, opts: Object.freeze(opts) };
    splits.set(options, split);
  }
  return split;
}
