import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { LoadMore, RowLink, TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { nextCursor, usePagedList } from '../shared/paged-list.js';
import { showMoney } from '../store/money.js';
import { fulfillmentLabel, paymentLabel, showDate } from './labels.js';
import type { OrderListItem, OrderPage } from '@tessera/core/contracts/orders';

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
  const [locale, setLocale] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const fetchPage = useCallback(
    async (after: string | null) => {
      const params = new URLSearchParams({ limit: '50' });
      if (searched) params.set('q', searched);
      if (filter !== 'all') params.set('status', filter);
      if (after) params.set('cursor', after);
      const page = await api<OrderPage>('GET', `/api/config/orders?${params}`);
      setLocale(page.locale);
      if (!after) setStatus(`${page.orders.length}${page.hasNextPage ? '+' : ''} orders found.`);
      return { items: page.orders, next: nextCursor(page) };
    },
    [searched, filter],
  );
  const { items: orders, cursor, loading, error, load } = usePagedList<OrderListItem>(fetchPage);
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
      <p className="ed-orders-exports">
        <a href="/api/config/exports/orders.csv" download>
          Download orders (CSV)
        </a>{' '}
        ·{' '}
        <a href="/api/config/exports/customers.csv" download>
          Download customers (CSV)
        </a>
      </p>
      {orders.length === 0 && !loading ? (
        <p className="ed-empty">{searched || filter !== 'all' ? 'No orders match.' : 'No orders yet.'}</p>
      ) : (
        <table className="ed-table ed-orders-table" aria-busy={loading}>
          <caption className="ed-sr">Orders</caption>
          <TableHead columns={['Order', 'Placed', 'Customer', 'Total', 'Payment', 'Fulfillment']} />
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <RowLink
                    href={`/config/commerce/orders/${encodeURIComponent(order.id)}`}
                    onOpen={() => props.onOpen(order.id)}
                  >
                    Order #{order.orderNumber}
                  </RowLink>
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
      <LoadMore cursor={cursor} loading={loading} className="ed-orders-more" onMore={(after) => void load(after)}>
        Load more orders
      </LoadMore>
    </Panel>
  );
}
