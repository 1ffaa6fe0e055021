import { describe, expect, it } from 'vitest';
import { matchingProducts, type ProductChoice, productChoiceLabel } from './ProductForm.js';

const choice = (title: string, collectionTitle: string, status = 'published'): ProductChoice => ({
  id: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  status,
  collectionId: collectionTitle.toLowerCase(),
  collectionTitle,
});

describe('the product block picker', () => {
  const products = [choice('Linen shirt', 'Shop'), choice('Gift wrap', 'Gifts', 'draft'), choice('Mug', 'Gifts')];

  it('names the collection of each product when the site has more than one shop collection', () => {
    expect(productChoiceLabel(products[0]!, true)).toBe('Linen shirt · Shop');
    expect(productChoiceLabel(products[1]!, true)).toBe('Gift wrap (draft) · Gifts');
    expect(productChoiceLabel(products[0]!, false)).toBe('Linen shirt');
  });

  it('finds products by words of their title or their collection title', () => {
    expect(matchingProducts(products, 'gifts').map((p) => p.title)).toEqual(['Gift wrap', 'Mug']);
    expect(matchingProducts(products, 'MUG gifts').map((p) => p.title)).toEqual(['Mug']);
    expect(matchingProducts(products, '')).toHaveLength(3);
    expect(matchingProducts(products, 'linen gifts')).toEqual([]);
  });
});
