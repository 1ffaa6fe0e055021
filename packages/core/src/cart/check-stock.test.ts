import { describe, expect, it } from 'vitest';
import { checkStock } from './check-stock.js';

const notEnough = { ok: false, message: 'Sorry, we do not have enough of that item available.' };

describe('checkStock', () => {
  it('always suffices for unlimited variants', () => {
    expect(checkStock({ unlimited: true, qtyInStock: 0 }, 50, 50)).toEqual({ ok: true });
  });

  it('suffices when stock covers the cart plus the new quantity', () => {
    expect(checkStock({ qtyInStock: 5 }, 2, 3)).toEqual({ ok: true });
    expect(checkStock({ qtyInStock: 5 }, 5)).toEqual({ ok: true });
  });

  it('refuses when the cart plus the new quantity exceeds stock', () => {
    expect(checkStock({ qtyInStock: 5 }, 3, 3)).toEqual(notEnough);
    expect(checkStock({ qtyInStock: 0 }, 1, 0)).toEqual(notEnough);
    expect(checkStock({}, 1)).toEqual(notEnough);
  });
});
