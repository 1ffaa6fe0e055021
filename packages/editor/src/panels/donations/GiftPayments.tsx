import type { DonationRefundAnswer, OwnerDonationPayment } from '@tessera/core/contracts/donations';
import { useState } from 'react';
import { ApiError, api } from '../../api.js';
import { RefundDialog } from '../orders/RefundDialog.js';
import { useResource } from '../shared/resource.js';
import { showMoney } from '../store/money.js';

const locale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/**
 * One gift's payments. A renewal is refunded here, through the provider that took it; the first
 * payment is the gift's order, refunded from Orders like any order.
 */
export function GiftPayments(props: { donationId: string; onChanged: () => void; onOpenOrder: (id: string) => void }) {
  const resource = useResource<{ payments: OwnerDonationPayment[] }>(
    `/api/config/donations/${encodeURIComponent(props.donationId)}/payments`,
  );
  const [refunding, setRefunding] = useState<OwnerDonationPayment | undefined>();
  const [amountError, setAmountError] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | undefined>();
  const money = (cents: number, currency: string) => showMoney(cents, currency, locale());

  async function refund(payment: OwnerDonationPayment, amountCents: number) {
    setBusy(true);
    setAmountError('');
    try {
      const done = await api<DonationRefundAnswer>(
        'POST',
        `/api/config/donations/${encodeURIComponent(props.donationId)}/payments/${encodeURIComponent(payment.id)}/refund`,
        { amountCents },
      );
      setRefunding(undefined);
      setAnswer({ ok: true, text: `Refunded ${money(done.refund.amountCents, payment.currency)}. ${done.message}` });
      await resource.reload();
      props.onChanged();
    } catch (e) {
      if (e instanceof ApiError && e.body.field === 'amountCents') {
        setAmountError(e.message);
        await resource.reload();
      } else {
        setRefunding(undefined);
        setAnswer({ ok: false, text: `The refund failed: ${(e as Error).message}` });
      }
    } finally {
      setBusy(false);
    }
  }

  if (resource.error) return <p className="ed-field-error">{resource.error}</p>;
  const payments = resource.data?.payments;
  if (!payments) return <p className="ed-empty">Loading…</p>;
  return (
    <div>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'ed-hint' : 'ed-field-error'}>
          {answer.text}
        </p>
      )}
      <table className="ed-table">
        <caption>Payments of this gift</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Refunded</th>
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => {
            const left = p.amountCents - p.refundedCents;
            return (
              <tr key={p.id}>
                <td>
                  {p.cycle === 1 ? 'First' : `Renewal ${p.cycle - 1}`}
                  {p.status === 'succeeded' ? '' : ` (${p.status})`}
                </td>
                <td>{new Date(p.paidAt).toLocaleDateString()}</td>
                <td>{money(p.amountCents, p.currency)}</td>
                <td>{p.refundedCents ? money(p.refundedCents, p.currency) : ''}</td>
                <td>
                  {p.orderId ? (
                    <a
                      href={`/config/commerce/orders/${encodeURIComponent(p.orderId)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        props.onOpenOrder(p.orderId!);
                      }}
                    >
                      Refund from order #{p.orderNumber}
                    </a>
                  ) : p.status === 'succeeded' && left > 0 ? (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => {
                        setAnswer(undefined);
                        setAmountError('');
                        setRefunding(p);
                      }}
                    >
                      Refund…
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {refunding && (
        <RefundDialog
          title="Refund this payment?"
          refundableCents={refunding.amountCents - refunding.refundedCents}
          currency={refunding.currency}
          locale={locale()}
          error={amountError}
          busy={busy}
          onConfirm={(cents) => void refund(refunding, cents)}
          onCancel={() => setRefunding(undefined)}
        />
      )}
    </div>
  );
}
