import { ProductType } from '../enums/product-type.js';
import { divideRounded, type RoundingMode } from '../money/rounding.js';

/**
 * Buy-now-pay-later constants of SPEC §9: four payments, the locales each provider serves,
 * the languages per country, and the US with its territories.
 */
export const INSTALLMENTS = Object.freeze({
  count: 4,
  locales: Object.freeze(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'] as const),
  /** Locales of the second provider. */
  secondProviderLocales: Object.freeze(['en_GB'] as const),
  /** Shopper languages available in each account country. */
  countries: Object.freeze({
    US: Object.freeze(['en']),
    CA: Object.freeze(['en', 'fr']),
    AU: Object.freeze(['en']),
    NZ: Object.freeze(['en']),
    GB: Object.freeze(['en']),
  }) as Readonly<Record<string, readonly string[]>>,
  usAndTerritories: Object.freeze(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const),
  /** Where the popup falls back to when the shopper's country and language have no page. */
  fallbackLocale: 'en_US',
} as const);

/**
 * One installment of a price in minor units: the price divided by the number of payments
 * (4 by default), rounded to whole minor units with `rounding` (default half-up).
 */
export function installmentAmount(
  cents: number,
  count: number = INSTALLMENTS.count,
  rounding: RoundingMode = 'half-up',
): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Minor units must be a safe integer, got ${cents}`);
  if (!Number.isSafeInteger(count) || count <= 0)
    throw new RangeError(`Installment count must be positive, got ${count}`);
  const result = Number(divideRounded(BigInt(cents), BigInt(count), rounding));
  return result === 0 ? 0 : result;
}

/** SPEC §4/§9: the installment line is in range when the price is above the minimum and not above the maximum. */
export function isInstallmentInRange(cents: number, min: number, max: number): boolean {
  return cents > min && cents <= max;
}

/** Whether a country code is the US or one of its territories (SPEC §9). */
export function isUsOrTerritory(country: string | null | undefined): boolean {
  return (
    typeof country === 'string' && (INSTALLMENTS.usAndTerritories as readonly string[]).includes(country.toUpperCase())
  );
}

/**
 * The provider locale for a shopper: `{language}_{country}` when the country offers that
 * language, else the country's first language, else undefined (not a supported country).
 * US territories count as the US.
 */
export function installmentLocale(
  language: string | null | undefined,
  country: string | null | undefined,
): string | undefined {
  if (!country) return undefined;
  const code = isUsOrTerritory(country) ? 'US' : country.toUpperCase();
  const languages = INSTALLMENTS.countries[code];
  if (!languages) return undefined;
  const lang = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return `${languages.includes(lang) ? lang : languages[0]}_${code}`;
}

/** Every item must be a physical product for buy-now-pay-later (SPEC §5). */
export function isInstallmentEligible(productTypes: readonly number[]): boolean {
  return productTypes.length > 0 && productTypes.every((type) => type === ProductType.PHYSICAL);
}
