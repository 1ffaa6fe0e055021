import { formatMoney, fromMinorUnits, tryToMinorUnits } from '@tessera/core';

// Money in the store panels: amounts travel as integer minor units, people type and read them in
// major units of the store currency ("12.50").

/** `1250, 'USD'` → "$12.50" in the owner's locale (the store's locale when known). */
export function showMoney(cents: number, currency: string, locale = 'en-US'): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return `${fromMinorUnits(cents, currency)} ${currency}`;
  }
}

/** Minor units as the text of a money input: 1250 USD → "12.50", 1250 JPY → "1250". */
export function moneyInput(cents: number | null | undefined, currency: string): string {
  return cents === null || cents === undefined ? '' : fromMinorUnits(cents, currency);
}

export type ParsedMoney = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * The minor units typed in a money input. Empty text is null when `optional`, else a message.
 * Accepts "12.5", "12.50", "1,250.00" and a leading currency symbol; never a negative amount.
 */
export function parseMoneyInput(text: string, currency: string, options: { optional?: boolean } = {}): ParsedMoney {
  // A currency symbol typed before or after the amount is dropped; letters are not.
  const cleaned = text
    .trim()
    .replace(/^[^\p{L}\d.-]+|[^\p{L}\d.]+$/gu, '')
    .replace(/,/g, '');
  if (cleaned === '') {
    return options.optional ? { ok: true, cents: null } : { ok: false, message: 'Enter an amount, such as 12.50.' };
  }
  const cents = /^\d*\.?\d*$/.test(cleaned) ? tryToMinorUnits(cleaned, currency) : undefined;
  if (cents === undefined) return { ok: false, message: `Enter an amount in ${currency}, such as 12.50.` };
  return { ok: true, cents };
}
