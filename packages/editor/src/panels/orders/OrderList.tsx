import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { Panel } from '../shared/Panel.js';
import { showMoney } from '../store/money.js';
import { fulfillmentLabel, paymentLabel, showDate } from './labels.js';
import type { OrderListItem, OrderPage } from './types.js';

const FILTERS = [
  { value: 'all', label: 'All orders' },
  { value: 'unfulfilled', label: 'Unfulfilled' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'payment-pending', label: 'Payment pending' },
  { value: 'refunded', label: 'Refunded' },
] as const;

/** The orders, newest first: search by number, email or name, a status filter, more on request. */
export function OrderList(props: { onOpen: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [filter, setFilter] = useState('all');
  const [orders, setOrders] = useState<OrderListItem[]>([]);
  const [locale, setLocale] = useState<string | undefined>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      const params = new URLSearchParams({ limit: '50' });
      if (searched) params.set('q', searched);
      if (filter !== 'all') params.set('status', filter);
      if (after) params.set('cursor', after);
      try {
        const page = await api<OrderPage>('GET', `/api/config/orders?${params}`);
        setLocale(page.locale);
        setOrders((old) => (after ? [...old, ...page.orders] : page.orders));
        setCursor(page.hasNextPage ? page.nextPageCursor : null);
        setError('');
        if (!after) setStatus(`${page.orders.length}${page.hasNextPage ? '+' : ''} orders found.`);
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [searched, filter],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <Panel title="Orders" error={error} status={status}>
      <form
        className="ed-orders-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(query.trim());
        }}
      >
        <label htmlFor="ed-orders-search">Search orders</label>
        <input
          id="ed-orders-search"
          type="search"
          placeholder="Order number, email or name"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit">Search</button>
        <label htmlFor="ed-orders-status">Status</label>
        <select id="ed-orders-status" value={filter} onChange={(e) => setFilter(e.target.value)}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </form>
      {orders.length === 0 && !loading ? (
        <p className="ed-empty">{searched || filter !== 'all' ? 'No orders match.' : 'No orders yet.'}</p>
      ) : (
        <table className="ed-table ed-orders-table" aria-busy={loading}>
          <caption className="ed-sr">Orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Customer</th>
              <th scope="col">Total</th>
              <th scope="col">Payment</th>
              <th scope="col">Fulfillment</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <a
                    href={`/config/commerce/orders/${encodeURIComponent(order.id)}`}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                      event.preventDefault();
                      props.onOpen(order.id);
                    }}
                  >
                    Order #{order.orderNumber}
                  </a>
                </th>
                <td>{showDate(order.created, locale)}</td>
                <td>
                  {order.customerName && <div>{order.customerName}</div>}
                  <div className="ed-hint">{order.customerEmail}</div>
                </td>
                <td>{showMoney(order.grandTotalCents, order.currency, locale)}</td>
                <td>{paymentLabel(order)}</td>
                <td>{fulfillmentLabel(order.fulfillmentStatus)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" className="ed-orders-more" disabled={loading} onClick={() => void load(cursor)}>
          Load more orders
        </button>
      )}
    </Panel>
  );
}
