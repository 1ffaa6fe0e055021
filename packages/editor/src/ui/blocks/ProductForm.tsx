import { blockContentProblems } from '@tessera/core';
import { useResource } from '../../panels/shared/resource.js';
import { type BlockFormProps, blockEdits, SelectField, TextField } from './common.js';
import { Problems } from './Problems.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface ProductChoice {
  id: string;
  title: string;
  status: string;
}

/**
 * Product: `content.productId` and `content.buttonLabel`. Visitors see the product's picture, title,
 * price and a link to its page while it is published; a draft or deleted product shows nothing.
 */
export function ProductForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const listing = useResource<{ products: ProductChoice[] }>('/api/config/products');
  const current = str(c.productId);
  const products = listing.data?.products ?? [];
  const options = [
    { value: '', label: listing.loading ? 'Loading products…' : 'Choose a product…' },
    ...(current && !products.some((p) => p.id === current) ? [{ value: current, label: current }] : []),
    ...products.map((p) => ({ value: p.id, label: p.status === 'published' ? p.title : `${p.title} (${p.status})` })),
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
        <SelectField
          label="Product"
          value={current}
          options={options}
          onChange={(v) => set('content', 'productId', v, false)}
        />
      )}
      <TextField
        label="Button label"
        value={str(c.buttonLabel)}
        hint="“View product” when left empty."
        onChange={(v) => set('content', 'buttonLabel', v)}
      />
      <Problems problems={blockContentProblems(props.block)} />
      <p className="ed-hint">The preview shows where the product goes; visitors see it only while it is published.</p>
    </>
  );
}
