import { describe, expect, it } from 'vitest';
import { donationAmountText, parseDonationAmount } from './donation-view.js';

describe("donation amounts in the currency's own digits", () => {
  it('reads what the owner and donor type', () => {
    expect(parseDonationAmount('25', 'USD')).toBe(2500);
    expect(parseDonationAmount('25.5', 'EUR')).toBe(2550);
    expect(parseDonationAmount('1000', 'JPY')).toBe(1000);
    expect(parseDonationAmount('10.50', 'JPY')).toBeUndefined();
    expect(parseDonationAmount('ten', 'USD')).toBeUndefined();
  });

  it('shows stored minor units back as typed, and reads them again unchanged', () => {
    expect(donationAmountText(2500, 'USD')).toBe('25');
    expect(donationAmountText(2550, 'USD')).toBe('25.50');
    expect(donationAmountText(5, 'EUR')).toBe('0.05');
    expect(donationAmountText(1000, 'JPY')).toBe('1000');
    for (const [minor, currency] of [
      [2550, 'USD'],
      [1000, 'JPY'],
      [99999, 'EUR'],
    ] as const) {
      expect(parseDonationAmount(donationAmountText(minor, currency), currency)).toBe(minor);
    }
  });
});
