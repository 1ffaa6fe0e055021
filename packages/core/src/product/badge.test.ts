import { describe, expect, it } from 'vitest';
import { productBadge } from './badge.js';

describe('productBadge', () => {
  it('prefers sold out over sale', () => {
    expect(productBadge({ structuredContent: { productType: 1, variants: [{ qtyInStock: 0, onSale: true }] } })).toBe(
      'sold-out',
    );
  });

  it('shows sale for an available item on sale, nothing otherwise', () => {
    expect(productBadge({ structuredContent: { productType: 1, variants: [{ unlimited: true, onSale: true }] } })).toBe(
      'sale',
    );
    expect(productBadge({ structuredContent: { productType: 1, variants: [{ unlimited: true }] } })).toBeUndefined();
  });
});
