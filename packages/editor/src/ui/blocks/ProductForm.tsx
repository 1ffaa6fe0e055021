import { blockContentProblems } from '@tessera/core';
import type { ProductChoice, ProductChoicesAnswer } from '@tessera/core/contracts/inventory';
import { useState } from 'react';
import { useResource } from '../../panels/shared/resource.js';
import { type BlockFormProps, blockEdits, SelectField, TextField } from './common.js';
import { Problems } from './Problems.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** One product as `GET /api/config/product-choices` answers it (every shop collection of the site). */
export type { ProductChoice };

/**
 * The picker's label of a product: its title, its status when not published, and its collection's
 * title when the site has more than one shop collection (two collections may hold the same title).
 */
export function productChoiceLabel(product: ProductChoice, manyCollections: boolean): string {
  const title = product.status === 'published' ? product.title : `${product.title} (${product.status})`;
  return manyCollections ? `${title} · ${product.collectionTitle}` : title;
}

/** Products whose title holds every word of the search, in any case (all of them for an empty search). */
export function matchingProducts<P extends { title: string; collectionTitle?: string }>(
  products: readonly P[],
  search: string,
): P[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    const text = `${p.title} ${p.collectionTitle ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Product: `content.productId` and `content.buttonLabel`, the product picked by a title search
 * over the products of every shop collection of the site. Visitors see the product's picture, title, price and a button: "Add to
 * cart" when one press can add it, "Sold out" (disabled) when nothing is left, else a link to its
 * page; a draft or deleted product shows nothing.
 */
export function ProductForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const listing = useResource<ProductChoicesAnswer>('/api/config/product-choices');
  const [search, setSearch] = useState('');
  const current = str(c.productId);
  const products = listing.data?.products ?? [];
  const found = matchingProducts(products, search);
  const chosen = products.find((p) => p.id === current);
  const manyCollections = new Set(products.map((p) => p.collectionId)).size > 1;
  const labelOf = (p: ProductChoice) => productChoiceLabel(p, manyCollections);
  const options = [
    {
      value: '',
      label: listing.loading
        ? 'Loading products…'
        : found.length === 0
          ? 'No product matches the search'
          : 'Choose a product…',
    },
    // The chosen product stays in the list whatever the search, so the select always shows it.
    ...(current && !chosen ? [{ value: current, label: current }] : []),
    ...(chosen && !found.includes(chosen) ? [{ value: chosen.id, label: labelOf(chosen) }] : []),
    ...found.map((p) => ({ value: p.id, label: labelOf(p) })),
  ];
  return (
    <>
      {listing.error ? (
        <TextField
          label="Product id"
          value={current}
          hint={`The product list could not be read (${listing.error}).`}
          onChange={(v) => set('content', 'productId', v.trim())}
        />
      ) : (
        <>
          <TextField
            label="Find a product"
            value={search}
            hint={
              (search.trim()
                ? `${found.length} of ${products.length} products match.`
                : 'Type part of a product’s title or its collection’s.') +
              (listing.data?.truncated ? ` Only the first ${products.length} products are listed.` : '')
            }
            onChange={setSearch}
          />
          <SelectField
            label="Product"
            value={current}
            options={options}
            onChange={(v) => set('content', 'productId', v, false)}
          />
        </>
      )}
      <TextField
        label="Button label"
        value={str(c.buttonLabel)}
        hint="When left empty: the product’s own add-to-cart text when one press adds it, else “View product”."
        onChange={(v) => set('content', 'buttonLabel', v)}
      />
      <Problems problems={blockContentProblems(props.block)} />
      <p className="ed-hint">The preview shows where the product goes; visitors see it only while it is published.</p>
    </>
  );
}
