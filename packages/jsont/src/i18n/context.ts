/**
 * Shared access to the locale data, the site time zone and decimal values for
 * the i18n, date and unit formatters.
 */
import { type CLDR, Decimal } from '@phensley/cldr';
import type { RenderContext } from '../plugin.js';

/**
 * A compiled formatter call's last learned shape (date, decimal), with the bundle and zone it
 * was found for: the call's options are fixed (see `VALUE_BINDERS`), so while a render keeps
 * one locale and zone the shape is found without the lookups by options, bundle and zone.
 */
export interface ShapeSite<S> {
  cldr: CLDR | undefined;
  zone: string;
  shape: S | null;
}

export function shapeSite<S>(): ShapeSite<S> {
  return { cldr: undefined, zone: '', shape: null };
}

/** The zone used when neither the site nor the render names one (SPEC §9). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The CLDR bundle of this render, or undefined when the locale has no data. */
export function localeBundle(ctx: RenderContext): CLDR | undefined {
  try {
    return ctx.cldr();
  } catch {
    return undefined;
  }
}

/**
 * The site's time zone: `website.timeZone` from the page JSON when present,
 * else the zone the render was started with, else New York.
 */
export function siteTimeZone(ctx: RenderContext): string {
  const zone = ctx.resolve('website.timeZone');
  if (typeof zone === 'string') {
    const trimmed = trim(zone);
    if (trimmed !== '') return trimmed;
  }
  return ctx.timeZone || DEFAULT_TIME_ZONE;
}

/** `text.trim()`, without the call when the text starts and ends with printable ASCII. */
function trim(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127 ? text : text.trim();
}

/** Parse a JSON value as an arbitrary-precision decimal; undefined when it is not a number. */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Decimal(value) : undefined;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    try {
      const d = new Decimal(text);
      return d.isNaN() || d.isInfinity() ? undefined : d;
    } catch {
      return undefined;
    }
  }
  // Booleans are not numbers here, as in the reference (`decimal` of true prints nothing).
  return undefined;
}

/** A JSON value as epoch milliseconds, or NaN. */
export function toEpoch(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Number.NaN;
}

/** The amount and currency of a money object (`decimalValue`/`currencyCode` or `value`/`currency`). */
export function moneyParts(value: unknown): { amount: unknown; currency: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const obj = value as Record<string, unknown>;
  if (obj.decimalValue !== undefined && obj.currencyCode !== undefined) {
    return { amount: obj.decimalValue, currency: String(obj.currencyCode) };
  }
  if (obj.value !== undefined && obj.currency !== undefined) {
    return { amount: obj.value, currency: String(obj.currency) };
  }
  return undefined;
}
