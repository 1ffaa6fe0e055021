import { COUNTRY_MESSAGES, countryName, isIsoCountry } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Where the store ships (issue 15, finding 16). Each shipping option lists the ISO 3166-1 alpha-2
 * codes it ships to (`shipping_options.countries`, JSON); an empty list ships everywhere. A
 * country no option ships to gets no shipping options, and an order that needs shipping there is
 * refused with a message naming the country.
 */

/** The codes of an option's `countries` column; unreadable JSON counts as everywhere. */
export function shippingCountriesOf(json: string | null | undefined): string[] {
  try {
    const parsed = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether an option with these countries ships to `country` (no country given: not yet known, so yes). */
export function shipsTo(countriesJson: string | null | undefined, country: string | null | undefined): boolean {
  const countries = shippingCountriesOf(countriesJson);
  if (!country || countries.length === 0) return true;
  return countries.includes(country.toUpperCase());
}

/**
 * Why an order that needs shipping cannot ship to `country`, or undefined when it can (an empty
 * country is left to the address check).
 */
export async function shippingCountryProblem(
  db: Kysely<Database>,
  siteId: string,
  country: string | null | undefined,
): Promise<string | undefined> {
  if (!country) return undefined;
  if (!isIsoCountry(country)) return COUNTRY_MESSAGES.notACountry;
  const options = await db.selectFrom('shipping_options').select('countries').where('site_id', '=', siteId).execute();
  return shippingCountryProblemAmong(options, country);
}

/** `shippingCountryProblem` for the site's shipping options already read (checkout reads them once, issue 20). */
export function shippingCountryProblemAmong(
  options: readonly { countries: string | null }[],
  country: string | null | undefined,
): string | undefined {
  if (!country) return undefined;
  if (!isIsoCountry(country)) return COUNTRY_MESSAGES.notACountry;
  if (options.length === 0) return undefined; // No option at all: "Choose a shipping option."
  if (options.some((option) => shipsTo(option.countries, country))) return undefined;
  return COUNTRY_MESSAGES.notShipped(countryName(country));
}
