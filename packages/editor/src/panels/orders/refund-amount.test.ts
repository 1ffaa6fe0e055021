import { describe, expect, it } from 'vitest';
import { readRefundAmount, refundLimitMessage } from './refund-amount.js';

describe('readRefundAmount', () => {
  it('reads an amount in major units of the order currency, up to what is left', () => {
    expect(readRefundAmount('12.50', 4000, 'USD')).toEqual({ ok: true, cents: 1250 });
    expect(readRefundAmount(' $40 ', 4000, 'USD')).toEqual({ ok: true, cents: 4000 });
    expect(readRefundAmount('1,250', 200_000, 'JPY')).toEqual({ ok: true, cents: 1250 });
  });

  it('refuses more than is left with the server’s message, and nothing or zero', () => {
    expect(readRefundAmount('40.01', 4000, 'USD')).toEqual({
      ok: false,
      message: 'You can refund at most $40.00 on this order.',
    });
    expect(refundLimitMessage(4000, 'USD')).toBe('You can refund at most $40.00 on this order.');
    expect(readRefundAmount('0', 4000, 'USD')).toEqual({ ok: false, message: 'Enter an amount greater than zero.' });
    expect(readRefundAmount('', 4000, 'USD')).toEqual({ ok: false, message: 'Enter an amount, such as 12.50.' });
    expect(readRefundAmount('ten', 4000, 'USD').ok).toBe(false);
    expect(readRefundAmount('1.234', 4000, 'USD')).toEqual({
      ok: false,
      message: 'Use at most 2 digits after the point.',
    });
    expect(readRefundAmount('12.5', 4000, 'JPY')).toEqual({ ok: false, message: 'Enter whole JPY, such as 12.' });
  });
});
