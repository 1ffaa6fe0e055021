import { describe, expect, it } from 'vitest';
import { COUNTRY_MESSAGES, countryName, ISO_COUNTRIES, isIsoCountry } from './countries.js';
import { orderQuantityProblem } from './order-lines.js';

describe('ISO 3166-1 alpha-2 countries', () => {
  it('lists the 249 assigned codes, sorted, each with a name', () => {
    const codes = [...ISO_COUNTRIES.keys()];
    expect(codes).toHaveLength(249);
    expect(codes).toEqual([...codes].sort());
    for (const [code, name] of ISO_COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(2);
    }
  });

  it('accepts real codes in any case and refuses reserved, user-assigned and malformed ones', () => {
    for (const code of ['US', 'fr', 'Jp', 'AX', 'SS']) expect(isIsoCountry(code)).toBe(true);
    for (const code of ['ZZ', 'XK', 'EU', 'UK', 'AA', 'U', 'USA', '', ' US', null, 42]) {
      expect(isIsoCountry(code)).toBe(false);
    }
  });

  it('names a country for messages', () => {
    expect(countryName('jp')).toBe('Japan');
    expect(COUNTRY_MESSAGES.notShipped(countryName('DE'))).toBe(
      'This store does not ship to Germany. Choose another shipping address.',
    );
  });
});

describe('orderQuantityProblem', () => {
  it('applies the add-to-cart quantity bounds (1 to 9999) to every order line', () => {
    expect(orderQuantityProblem([{ quantity: 1 }, { quantity: 9999 }])).toBeUndefined();
    for (const quantity of [0, 10_000, 1.5, -1]) {
      expect(orderQuantityProblem([{ quantity: 1 }, { quantity }])).toBe('Quantity must be between 1 and 9999.');
    }
  });
});
