import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSTALLMENTS,
  installmentAmount,
  installmentLocale,
  isInstallmentEligible,
  isInstallmentInRange,
  isUsOrTerritory,
} from './installments.js';

describe('installment constants', () => {
  it('follow SPEC §9', () => {
    expect(INSTALLMENTS.count).toBe(4);
    expect(INSTALLMENTS.locales).toEqual(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']);
    expect(INSTALLMENTS.secondProviderLocales).toEqual(['en_GB']);
    expect(INSTALLMENTS.countries.CA).toEqual(['en', 'fr']);
    expect(INSTALLMENTS.usAndTerritories).toEqual(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']);
  });
});

describe('installmentAmount', () => {
  it('divides by four in whole minor units', () => {
    expect(installmentAmount(10000)).toBe(2500);
    expect(installmentAmount(1001)).toBe(250);
    expect(installmentAmount(1002)).toBe(251); // 250.5 rounds half-up
    expect(installmentAmount(1002, 4, 'half-even')).toBe(250);
    expect(installmentAmount(999, 3)).toBe(333);
  });

  it('refuses fractional cents and non-positive counts', () => {
    expect(() => installmentAmount(10.5)).toThrow(RangeError);
    expect(() => installmentAmount(100, 0)).toThrow(RangeError);
  });

  it('never strays more than half a unit from the exact quarter (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => Math.abs(installmentAmount(cents) * 4 - cents) <= 2),
    );
  });
});

describe('isInstallmentInRange', () => {
  it('is above the minimum and not above the maximum', () => {
    expect(isInstallmentInRange(100, 100, 1000)).toBe(false);
    expect(isInstallmentInRange(101, 100, 1000)).toBe(true);
    expect(isInstallmentInRange(1000, 100, 1000)).toBe(true);
    expect(isInstallmentInRange(1001, 100, 1000)).toBe(false);
  });
});

describe('installment locale and eligibility', () => {
  it('knows the US territories', () => {
    expect(isUsOrTerritory('PR')).toBe(true);
    expect(isUsOrTerritory('us')).toBe(true);
    expect(isUsOrTerritory('CA')).toBe(false);
    expect(isUsOrTerritory(undefined)).toBe(false);
  });

  it('picks the locale of a shopper', () => {
    expect(installmentLocale('fr-CA', 'CA')).toBe('fr_CA');
    expect(installmentLocale('de', 'CA')).toBe('en_CA');
    expect(installmentLocale('en', 'GU')).toBe('en_US');
    expect(installmentLocale('en', 'GB')).toBe('en_GB');
    expect(installmentLocale('en', 'DE')).toBeUndefined();
    expect(installmentLocale('en', undefined)).toBeUndefined();
  });

  it('needs every item to be physical', () => {
    expect(isInstallmentEligible([1, 1])).toBe(true);
    expect(isInstallmentEligible([1, 2])).toBe(false);
    expect(isInstallmentEligible([])).toBe(false);
  });
});
