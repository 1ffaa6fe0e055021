import { ProductType } from '@tessera/core';
import type { InventoryAnswer, StockAnswer, StockRow } from '@tessera/core/contracts/inventory';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import './inventory.css';
import { parseStock, type RestockNotice, type RestockOutcome, restockNotice, sentNotice } from './restock-notice.js';

interface Notice extends RestockNotice {
  variantId: string;
  productId: string;
  name: string;
}

function rowName(row: StockRow): string {
  const values = Object.values(row.attributes);
  return values.length > 0 ? `${row.title} (${values.join(' / ')})` : row.title;
}

const tracked = (row: StockRow) => row.productType !== ProductType.DIGITAL && row.productType !== ProductType.GIFT_CARD;

/**
 * Inventory: every variant's stock with quick edits (type a count, Enter saves), an unlimited switch
 * and a sold-out filter. A sold-out variant that gets stock reports its restock sign-ups: mailed at
 * once, or offered for sending, as the store settings say.
 */
export default function InventoryPanel(_props: PanelProps) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [soldOut, setSoldOut] = useState(false);
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (soldOut) params.set('maxStock', '0');
  const listing = useResource<InventoryAnswer>(`/api/config/inventory${params.size ? `?${params.toString()}` : ''}`);
  const [changed, setChanged] = useState<Record<string, Partial<StockRow>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notices, setNotices] = useState<Notice[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const rows = (listing.data?.variants ?? []).map((row) => ({ ...row, ...changed[row.variantId] }));

  async function write(row: StockRow, body: Record<string, unknown>) {
    const name = rowName(row);
    try {
      const answer = await api<StockAnswer>('PUT', `/api/config/inventory/${encodeURIComponent(row.variantId)}`, {
        ...body,
        expectedQtyInStock: row.qtyInStock,
      });
      setChanged((c) => ({ ...c, [row.variantId]: { qtyInStock: answer.qtyInStock, unlimited: answer.unlimited } }));
      setErrors(({ [row.variantId]: _, ...rest }) => rest);
      const notice = restockNotice(answer.restock, name);
      if (notice) {
        setNotices((list) => [
          { ...notice, variantId: row.variantId, productId: row.productId, name },
          ...list.filter((n) => n.variantId !== row.variantId),
        ]);
      }
      setStatus(
        notice?.text ??
          `Saved: ${name} ${answer.unlimited ? 'has unlimited stock' : `has ${answer.qtyInStock} in stock`}.`,
      );
      return true;
    } catch (e) {
      const failure = e instanceof ApiError ? e : new ApiError(0, String(e));
      if (failure.status === 409 && typeof failure.body.qtyInStock === 'number') {
        setChanged((c) => ({
          ...c,
          [row.variantId]: {
            qtyInStock: failure.body.qtyInStock as number,
            unlimited: failure.body.unlimited === true,
          },
        }));
      }
      setErrors((all) => ({ ...all, [row.variantId]: failure.message }));
      return false;
    }
  }

  async function send(notice: Notice) {
    try {
      const result = await api<{ sent: number; failed: number }>(
        'POST',
        '/api/site-users/account/notifications/restock/send',
        { productId: notice.productId, variantId: notice.variantId },
      );
      const text = sentNotice(result, notice.name);
      setNotices((list) => list.map((n) => (n === notice ? { ...n, text, canSend: false } : n)));
      setStatus(text);
      void listing.reload().then(() => setChanged({}));
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setChanged({});
    setQuery(search.trim());
  };

  return (
    <Panel
      title="Inventory"
      error={error || listing.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
    >
      <form className="ed-inventory__filters" onSubmit={onSearch} role="search">
        <label>
          Search products or SKUs
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
        <label className="ed-check">
          <input
            type="checkbox"
            checked={soldOut}
            onChange={(e) => {
              setChanged({});
              setSoldOut(e.target.checked);
            }}
          />
          Sold out only
        </label>
      </form>
      {notices.length > 0 && (
        <ul className="ed-inventory__notices" aria-label="Restock notifications">
          {notices.map((notice) => (
            <li key={notice.variantId} className="ed-card">
              <span>{notice.text}</span>
              {notice.canSend && (
                <button type="button" className="ed-primary" onClick={() => void send(notice)}>
                  Send restock notifications
                </button>
              )}
              <button
                type="button"
                aria-label={`Dismiss the message about ${notice.name}`}
                onClick={() => setNotices((list) => list.filter((n) => n !== notice))}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
      {listing.loading && !listing.data && <p className="ed-empty">Loading…</p>}
      {listing.data && rows.length === 0 && (
        <p className="ed-empty">{soldOut || query ? 'No variants match.' : 'No products yet.'}</p>
      )}
      {rows.length > 0 && (
        <table className="ed-table ed-inventory">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col">Stock</th>
              <th scope="col">Unlimited</th>
              <th scope="col">Waiting for restock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.variantId} className={!row.unlimited && row.qtyInStock === 0 ? 'ed-inventory--out' : ''}>
                <th scope="row">{row.title}</th>
                <td>{Object.values(row.attributes).join(' / ') || 'Default'}</td>
                <td>{row.sku}</td>
                <td>
                  {tracked(row) ? (
                    <StockCell
                      row={row}
                      error={errors[row.variantId]}
                      onSave={(qty) => write(row, { qtyInStock: qty })}
                    />
                  ) : (
                    'Not tracked'
                  )}
                </td>
                <td>
                  {tracked(row) && (
                    <input
                      type="checkbox"
                      aria-label={`Unlimited stock of ${rowName(row)}`}
                      checked={row.unlimited}
                      onChange={(e) => void write(row, { unlimited: e.target.checked })}
                    />
                  )}
                </td>
                <td>{row.restockSignUps}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** A stock count that saves on Enter (Escape puts the stored count back). */
function StockCell({
  row,
  error,
  onSave,
}: {
  row: StockRow;
  error: string | undefined;
  onSave: (qty: number) => Promise<boolean>;
}) {
  const [text, setText] = useState<string | undefined>();
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const name = rowName(row);
  const shown = text ?? (row.unlimited ? '' : String(row.qtyInStock));
  const message = problem || error;
  const errorId = `ed-stock-error-${row.variantId}`;

  async function save() {
    if (text === undefined) return;
    const parsed = parseStock(text);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem('');
    setSaving(true);
    const ok = await onSave(parsed.value);
    setSaving(false);
    if (ok) setText(undefined);
  }

  return (
    <div className="ed-inventory__stock">
      <input
        aria-label={`Stock of ${name}`}
        inputMode="numeric"
        value={shown}
        disabled={row.unlimited || saving}
        placeholder={row.unlimited ? 'Unlimited' : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            setText(undefined);
            setProblem('');
          }
        }}
      />
      {text !== undefined && (
        <button type="button" onClick={() => void save()} disabled={saving} aria-label={`Save the count for ${name}`}>
          Save
        </button>
      )}
      {message && (
        <span className="ed-field-error" id={errorId}>
          {message}
        </span>
      )}
    </div>
  );
}
