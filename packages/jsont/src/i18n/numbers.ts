/** Decimal and currency formatting on top of the locale bundle. */
import type { CLDR, Decimal } from '@phensley/cldr';
import type { DecimalOptions } from './options.js';

/**
 * Format a decimal. The `significant-maxfrac` mode keeps significant-digit
 * formatting but first rounds to at most `maxfrac` fraction digits.
 */
export function formatDecimal(cldr: CLDR, n: Decimal, options: DecimalOptions): string {
  const { mode, ...opts } = options;
  let value = n;
  if (mode === 'significant-maxfrac' && opts.maximumFractionDigits !== undefined) {
    value = value.setScale(opts.maximumFractionDigits, opts.round ?? 'half-even').stripTrailingZeros();
    delete opts.maximumFractionDigits;
    delete opts.minimumFractionDigits;
  }
  return cldr.Numbers.formatDecimal(value, opts);
}
