import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatMoney, isSoldOut, priceRange, tracksStock } from '@tessera/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { Panel } from '../shared/Panel.js';
import type { Resource } from '../shared/resource.js';
import type { OwnerProduct, ProductListing } from '@tessera/core/contracts/products';
import { PRODUCT_TYPES } from './product-draft.js';

function typeName(code: number): string {
  return PRODUCT_TYPES.find((t) => t.code === code)?.label ?? 'Other';
}

function priceText(product: OwnerProduct, currency: string): string {
  if (product.structuredContent.variants.length === 0) return '—';
  const { min, max } = priceRange(product);
  return min === max ? formatMoney(min, currency) : `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
}

function stockText(product: OwnerProduct): string {
  if (!tracksStock(product)) return 'Not tracked';
  const variants = product.structuredContent.variants;
  if (variants.some((v) => v.unlimited)) return 'Unlimited';
  if (isSoldOut(product)) return 'Sold out';
  return `${variants.reduce((sum, v) => sum + v.qtyInStock, 0)} in stock`;
}

interface ListProps {
  listing: Resource<ProductListing>;
  onChooseCollection: (id: string) => void;
  onOpen: (id: string) => void;
  onCreate: () => void;
}

/** The products of one store collection in shop order: drag a handle or use Move up/down to reorder. */
export function ProductList({ listing, onChooseCollection, onOpen, onCreate }: ListProps) {
  const data = listing.data;
  const [order, setOrder] = useState<OwnerProduct[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState<string | undefined>();
  useEffect(() => setOrder(data?.products ?? []), [data]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const full = data ? data.products.length >= data.limits.productsPerCollection : false;

  async function saveOrder(next: OwnerProduct[], moved: OwnerProduct) {
    if (!data) return;
    const before = order;
    setOrder(next);
    try {
      await api('PUT', '/api/config/products/order', {
        collectionId: data.collection.id,
        itemIds: next.map((p) => p.id),
      });
      setStatus(`Moved ${moved.title} to position ${next.indexOf(moved) + 1} of ${next.length}.`);
      setError('');
    } catch (e) {
      setOrder(before);
      setError((e as Error).message);
    }
  }

  function move(index: number, by: number) {
    const to = index + by;
    const product = order[index];
    if (!product || to < 0 || to >= order.length) return;
    void saveOrder(arrayMove(order, index, to), product);
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((p) => p.id === active.id);
    const to = order.findIndex((p) => p.id === over.id);
    const product = order[from];
    if (from < 0 || to < 0 || !product) return;
    void saveOrder(arrayMove(order, from, to), product);
  };

  async function remove(product: OwnerProduct) {
    setConfirming(undefined);
    try {
      await api('DELETE', `/api/config/products/${encodeURIComponent(product.id)}`);
      setStatus(`Deleted ${product.title}.`);
      await listing.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }

  const titleOf = (id: unknown) => order.find((p) => p.id === id)?.title ?? 'product';

  return (
    <Panel
      title="Products"
      error={error || listing.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <button type="button" className="ed-primary" onClick={onCreate} disabled={!data || full}>
          Add product
        </button>
      }
    >
      {data && (
        <div className="ed-products__head">
          <label>
            Store collection
            <select value={data.collection.id} onChange={(e) => onChooseCollection(e.target.value)}>
              {data.collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} ({c.productCount} {c.productCount === 1 ? 'product' : 'products'})
                </option>
              ))}
            </select>
          </label>
          <p className="ed-products__limits">
            {data.products.length} of {data.limits.productsPerCollection} products in this collection; a collection you
            can reorder holds up to {data.limits.itemsInOrderableCollection} items.
            {full && ' This collection is full: add new products to another collection.'}
          </p>
        </div>
      )}
      {listing.loading && !data && <p className="ed-empty">Loading…</p>}
      {data && order.length === 0 && <p className="ed-empty">This collection has no products yet.</p>}
      {order.length > 0 && data && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: {
              onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
              onDragOver: ({ active, over }) =>
                over && over.id !== active.id ? `${titleOf(active.id)} is over ${titleOf(over.id)}.` : undefined,
              onDragEnd: ({ active, over }) => (over ? `Moved ${titleOf(active.id)}.` : 'Move cancelled.'),
              onDragCancel: () => 'Move cancelled.',
            },
          }}
        >
          <SortableContext items={order.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <ol className="ed-products" aria-label={`Products of ${data.collection.title}`}>
              {order.map((product, index) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  index={index}
                  count={order.length}
                  currency={data.currency}
                  confirming={confirming === product.id}
                  onOpen={() => onOpen(product.id)}
                  onMove={(by) => move(index, by)}
                  onAskDelete={() => setConfirming(product.id)}
                  onCancelDelete={() => setConfirming(undefined)}
                  onDelete={() => void remove(product)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Panel>
  );
}

function ProductRow(props: {
  product: OwnerProduct;
  index: number;
  count: number;
  currency: string;
  confirming: boolean;
  onOpen: () => void;
  onMove: (by: number) => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
}) {
  const { product } = props;
  const sortable = useSortable({ id: product.id });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  const image = product.items[0]?.assetUrl;
  return (
    <li ref={sortable.setNodeRef} style={style} className="ed-products__row">
      <button
        type="button"
        className="ed-products__handle"
        aria-label={`Drag ${product.title} to reorder`}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        ⠿
      </button>
      {image ? <img src={image} alt="" className="ed-products__thumb" /> : <span className="ed-products__thumb" />}
      <div className="ed-products__main">
        <button type="button" className="ed-products__title" onClick={props.onOpen}>
          {product.title}
        </button>
        <span className="ed-products__meta">
          {typeName(product.structuredContent.productType)} · {priceText(product, props.currency)} ·{' '}
          {stockText(product)} · {product.structuredContent.variants.length}{' '}
          {product.structuredContent.variants.length === 1 ? 'variant' : 'variants'}
        </span>
      </div>
      <span className={`ed-products__status ed-products__status--${product.status}`}>{product.status}</span>
      <div className="ed-products__actions">
        <button
          type="button"
          aria-label={`Move ${product.title} up`}
          disabled={props.index === 0}
          onClick={() => props.onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move ${product.title} down`}
          disabled={props.index === props.count - 1}
          onClick={() => props.onMove(1)}
        >
          ↓
        </button>
        {props.confirming ? (
          <>
            <button type="button" className="ed-danger" onClick={props.onDelete}>
              Delete {product.title}
            </button>
            <button type="button" onClick={props.onCancelDelete}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" aria-label={`Delete ${product.title}`} onClick={props.onAskDelete}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
