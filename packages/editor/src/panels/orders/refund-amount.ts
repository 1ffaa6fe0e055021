import { currencyDigits } from '@tessera/core';
import { parseMoneyInput, showMoney } from '../store/money.js';

export type RefundAmount = { ok: true; cents: number } | { ok: false; message: string };

/** The server's words for a refund above what is left (POST /api/config/orders/:id/refund). */
export function refundLimitMessage(refundableCents: number, currency: string, locale?: string): string {
  return `You can refund at most ${showMoney(refundableCents, currency, locale)} on this order.`;
}

/**
 * The amount typed for a refund, in the order's currency ("12.50"), as minor units: more than
 * zero and no more than what is left to refund, else a message a person can act on.
 */
export function readRefundAmount(
  text: string,
  refundableCents: number,
  currency: string,
  locale?: string,
): RefundAmount {
  const digits = currencyDigits(currency);
  const fraction = /\.(\d*)\s*$/.exec(text.trim().replace(/[^\d.]+$/, ''))?.[1] ?? '';
  if (fraction.length > digits)
    return {
      ok: false,
      message: digits === 0 ? `Enter whole ${currency}, such as 12.` : `Use at most ${digits} digits after the point.`,
    };
  const parsed = parseMoneyInput(text, currency);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const cents = parsed.cents ?? 0;
  if (cents <= 0) return { ok: false, message: 'Enter an amount greater than zero.' };
  if (cents > refundableCents) return { ok: false, message: refundLimitMessage(refundableCents, currency, locale) };
  return { ok: true, cents };
}
