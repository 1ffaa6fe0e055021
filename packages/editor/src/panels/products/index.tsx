import type { ProductListing } from '@tessera/core/contracts/products';
import { useState } from 'react';
import type { PanelProps } from '../registry.js';
import { useResource } from '../shared/resource.js';
import { ProductEditor } from './ProductEditor.js';
import { ProductList } from './ProductList.js';
import './products.css';

export const PRODUCTS_PATH = '/config/commerce/products';

/**
 * Products: the products of a store collection in their order (`/config/commerce/products`), a new
 * product (`…/new`) and one product (`…/<id>`).
 */
export default function ProductsPanel({ path, navigate }: PanelProps) {
  const [collectionId, setCollectionId] = useState<string | undefined>();
  // "Saved …" outlives the move from /new to the product's own address.
  const [flash, setFlash] = useState('');
  const listing = useResource<ProductListing>(
    `/api/config/products${collectionId ? `?collectionId=${encodeURIComponent(collectionId)}` : ''}`,
  );
  const rest = path.slice(PRODUCTS_PATH.length).replace(/^\/+|\/+$/g, '');

  if (rest) {
    return (
      <ProductEditor
        key={rest}
        productId={rest === 'new' ? undefined : decodeURIComponent(rest)}
        listing={listing.data}
        listingError={listing.error}
        initialStatus={flash}
        onSaved={async (product, created) => {
          await listing.reload();
          setFlash(`Saved ${product.title}.`);
          if (created) navigate(`${PRODUCTS_PATH}/${encodeURIComponent(product.id)}`);
        }}
        onDeleted={async () => {
          await listing.reload();
          navigate(PRODUCTS_PATH);
        }}
        onClose={() => {
          setFlash('');
          navigate(PRODUCTS_PATH);
        }}
      />
    );
  }
  return (
    <ProductList
      listing={listing}
      onChooseCollection={setCollectionId}
      onOpen={(id) => navigate(`${PRODUCTS_PATH}/${encodeURIComponent(id)}`)}
      onCreate={() => navigate(`${PRODUCTS_PATH}/new`)}
    />
  );
}
