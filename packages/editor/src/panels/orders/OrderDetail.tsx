import { useState } from 'react';
import { ApiError, api } from '../../api.js';
import { TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { showMoney } from '../store/money.js';
import { fulfillmentLabel, paymentLabel, showDate } from './labels.js';
import { RefundDialog } from './RefundDialog.js';
import { SubscriptionState } from './SubscriptionState.js';
import type { OrderDetail as Order, RefundAnswer } from '@tessera/core/contracts/orders';

/** One order: lines, totals, address, payments and history; mark it fulfilled or refund it. */
export function OrderDetail(props: { orderId: string; onBack: () => void }) {
  const resource = useResource<{ order: Order }>(`/api/config/orders/${encodeURIComponent(props.orderId)}`);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [amountError, setAmountError] = useState('');
  const [busy, setBusy] = useState(false);
  const order = resource.data?.order;
  const money = (cents: number) => (order ? showMoney(cents, order.currency, order.locale) : '');

  async function fulfil() {
    setBusy(true);
    try {
      await api('POST', `/api/config/orders/${encodeURIComponent(props.orderId)}/fulfill`, {});
      await resource.reload();
      setStatus('Order marked fulfilled.');
      setError('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // A "pay later" order: record its payment; the gift cards it bought are issued and mailed then.
  async function markPaid() {
    setBusy(true);
    try {
      const paid = await api<{ giftCards: unknown[] }>(
        'POST',
        `/api/config/orders/${encodeURIComponent(props.orderId)}/mark-paid`,
        {},
      );
      await resource.reload();
      const cards = paid.giftCards.length;
      setStatus(
        cards ? `Order marked paid; ${cards} gift card${cards === 1 ? '' : 's'} issued.` : 'Order marked paid.',
      );
      setError('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function refund(amountCents: number) {
    setBusy(true);
    setAmountError('');
    try {
      const refunded = await api<RefundAnswer>(
        'POST',
        `/api/config/orders/${encodeURIComponent(props.orderId)}/refund`,
        { amountCents },
      );
      setConfirming(false);
      setAnswer({ ok: true, text: `Refunded ${money(refunded.amountCents)}. ${refunded.message}` });
      await resource.reload();
    } catch (e) {
      // A word on the amount stays beside its field, the dialog open; anything else ends it.
      if (e instanceof ApiError && e.body.field === 'amountCents') {
        setAmountError(e.message);
        await resource.reload();
      } else if (e instanceof ApiError && e.body.error === 'refund-unconfirmed') {
        // The provider may have refunded: the order shows the refund as on its way (history, payments).
        setConfirming(false);
        setAnswer({ ok: false, text: e.message });
        await resource.reload();
      } else {
        setConfirming(false);
        setAnswer({ ok: false, text: `The refund failed: ${(e as Error).message}` });
      }
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <a
      href="/config/commerce/orders"
      onClick={(event) => {
        event.preventDefault();
        props.onBack();
      }}
    >
      All orders
    </a>
  );
  if (!order) {
    return (
      <Panel title="Order" error={resource.error} actions={back}>
        {resource.loading && <p className="ed-empty">Loading…</p>}
      </Panel>
    );
  }

  const fulfilled = order.fulfillmentStatus === 'fulfilled';
  const address = order.shippingAddress;
  return (
    <Panel
      title={`Order #${order.orderNumber}`}
      error={error || resource.error}
      status={status}
      actions={
        <>
          {back}
          {order.paymentStatus === 'pending' && (
            <button type="button" onClick={() => void markPaid()} disabled={busy}>
              Mark paid
            </button>
          )}
          <button type="button" onClick={() => void fulfil()} disabled={busy || fulfilled}>
            {fulfilled ? 'Fulfilled' : 'Mark fulfilled'}
          </button>
          <button
            type="button"
            onClick={() => {
              setAmountError('');
              setConfirming(true);
            }}
            disabled={busy || order.refundableCents <= 0}
            aria-expanded={confirming}
          >
            Refund
          </button>
        </>
      }
    >
      {confirming && (
        <RefundDialog
          refundableCents={order.refundableCents}
          currency={order.currency}
          locale={order.locale}
          error={amountError}
          busy={busy}
          onConfirm={(cents) => void refund(cents)}
          onCancel={() => setConfirming(false)}
        />
      )}
      {answer && (
        <p className={answer.ok ? 'ed-orders-answer' : 'ed-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.text}
        </p>
      )}
      <dl className="ed-orders-facts">
        <dt>Placed</dt>
        <dd>{showDate(order.created, order.locale)}</dd>
        <dt>Payment</dt>
        <dd>{paymentLabel(order)}</dd>
        <dt>Fulfillment</dt>
        <dd>
          {fulfillmentLabel(order.fulfillmentStatus)}
          {order.fulfilledAt && ` (${showDate(order.fulfilledAt, order.locale)})`}
        </dd>
      </dl>

      <section className="ed-card ed-orders-section" aria-labelledby="ed-order-items">
        <h2 id="ed-order-items">Items</h2>
        <table className="ed-table">
          <TableHead columns={['Item', 'SKU', 'Quantity', 'Price', 'Total']} />
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.sku}-${JSON.stringify(line.attributes)}-${line.unitPriceCents}`}>
                <td>
                  {line.title}
                  {Object.keys(line.attributes).length > 0 && (
                    <div className="ed-hint">
                      {Object.entries(line.attributes)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(', ')}
                    </div>
                  )}
                </td>
                <td>{line.sku}</td>
                <td>{line.quantity}</td>
                <td>{money(line.unitPriceCents)}</td>
                <td>{money(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Totals order={order} money={money} />
      </section>

      <div className="ed-orders-columns">
        <section className="ed-card ed-orders-section" aria-labelledby="ed-order-customer">
          <h2 id="ed-order-customer">Customer</h2>
          <p>
            {order.customerName && (
              <>
                {order.customerName}
                <br />
              </>
            )}
            <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
          </p>
          <h3>Shipping address</h3>
          {address ? (
            <address>
              {[
                address.line1,
                address.line2,
                [address.postalCode, address.city].filter(Boolean).join(' '),
                address.region,
                address.country,
              ]
                .filter(Boolean)
                .map((part) => (
                  <div key={part}>{part}</div>
                ))}
            </address>
          ) : (
            <p className="ed-hint">Nothing in this order ships.</p>
          )}
          {order.shippingOption?.name && <p>Shipping: {order.shippingOption.name}</p>}
        </section>

        <section className="ed-card ed-orders-section" aria-labelledby="ed-order-payments">
          <h2 id="ed-order-payments">Payments</h2>
          <ul className="ed-orders-list">
            {order.payments.map((p) => (
              <li key={`${p.kind}-${p.reference}-${p.createdAt}`}>
                {p.kind === 'refund' ? 'Refund' : 'Charge'} of {money(p.amountCents)} through {p.provider} ({p.status})
                <div className="ed-hint">Reference {p.reference}</div>
              </li>
            ))}
            {order.giftCardCents > 0 && <li>Gift card: {money(order.giftCardCents)}</li>}
            {order.payments.length === 0 && order.giftCardCents === 0 && <li>No payment recorded.</li>}
          </ul>
        </section>

        {order.subscription && (
          <SubscriptionState subscription={order.subscription} showDate={(iso) => showDate(iso, order.locale)} />
        )}

        <section className="ed-card ed-orders-section" aria-labelledby="ed-order-history">
          <h2 id="ed-order-history">History</h2>
          <ol className="ed-orders-list">
            {order.history.map((event) => (
              <li key={`${event.kind}-${event.at}-${event.amountCents ?? ''}`}>
                <time dateTime={event.at}>{showDate(event.at, order.locale)}</time>: {event.text}
                {event.amountCents !== undefined && ` (${money(event.amountCents)})`}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Panel>
  );
}

function Totals({ order, money }: { order: Order; money: (cents: number) => string }) {
  const rows: [string, number][] = [['Subtotal', order.subtotalCents]];
  if (order.discountCents) {
    const codes = order.coupons.map((c) => c.code).join(', ');
    rows.push([`Discount${codes ? ` (${codes})` : ''}`, -order.discountCents]);
  }
  rows.push(['Shipping', order.shippingCostCents], ['Tax', order.taxCents], ['Total', order.grandTotalCents]);
  if (order.giftCardCents) rows.push(['Gift card', -order.giftCardCents], ['Paid', order.amountDueCents]);
  if (order.refundedCents) rows.push(['Refunded', -order.refundedCents]);
  return (
    <dl className="ed-orders-totals">
      {rows.map(([label, cents]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{money(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
