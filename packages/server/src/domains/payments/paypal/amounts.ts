import { currencyDigits, fromMinorUnits, toMinorUnits } from '@tessera/core';

/**
 * PayPal carries money as `{ currency_code, value }` with `value` a decimal string in the currency's
 * precision ("12.50" USD, "1250" JPY). Tessera counts integer minor units; these two functions are
 * the only crossing between the two.
 */

export interface PaypalMoney {
  currencyCode: string;
  value: string;
}

/** Currencies PayPal accepts in whole units only, although ISO 4217 gives them two decimals. */
const PAYPAL_WHOLE_UNITS = new Set(['HUF', 'TWD']);

export type PaypalAmount = { ok: true; money: PaypalMoney } | { ok: false; message: string };

/** Minor units to PayPal's amount: 1250 USD → "12.50", 1250 JPY → "1250". */
export function toPaypalAmount(cents: number, currency: string): PaypalAmount {
  const code = currency.toUpperCase();
  if (!Number.isSafeInteger(cents) || cents < 0) return { ok: false, message: 'The amount is not valid.' };
  if (PAYPAL_WHOLE_UNITS.has(code) && currencyDigits(code) > 0) {
    const unit = 10 ** currencyDigits(code);
    if (cents % unit !== 0) return { ok: false, message: `PayPal takes ${code} amounts in whole units only.` };
    return { ok: true, money: { currencyCode: code, value: String(cents / unit) } };
  }
  return { ok: true, money: { currencyCode: code, value: fromMinorUnits(cents, code) } };
}

/** PayPal's amount back to minor units; undefined when PayPal sent none. */
export function fromPaypalAmount(money: { currencyCode?: string; value?: string } | undefined): number | undefined {
  if (!money?.value || !money.currencyCode) return undefined;
  return toMinorUnits(money.value, money.currencyCode);
}
