import { formatMoney } from '@tessera/core';
import type { MembersAnswer } from '@tessera/core/contracts/member-areas';

/**
 * Revenue per plan (issue 23): what each plan brought in net of refunds, and what refunds gave back
 * (a refund from Orders or from the provider's dashboard; a full refund of a renewal also ends the
 * access it paid for, so its order no longer counts as paid). Refunded is shown only when some
 * plan had a refund, and each amount in the plan's own currency.
 */
export function RevenueTable(props: { revenue: MembersAnswer['revenue'] }) {
  const anyRefund = props.revenue.some((r) => r.refundedCents > 0);
  return (
    <table>
      <caption>Revenue per plan</caption>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Paid orders</th>
          <th scope="col">Revenue</th>
          {anyRefund ? <th scope="col">Refunded</th> : null}
        </tr>
      </thead>
      <tbody>
        {props.revenue.map((r) => (
          <tr key={r.planId}>
            <td>{r.title}</td>
            <td>{r.paidOrders}</td>
            <td>{formatMoney(r.revenueCents, r.currency)}</td>
            {anyRefund ? (
              <td data-refunded={r.refundedCents}>
                {r.refundedCents > 0 ? formatMoney(r.refundedCents, r.currency) : '—'}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
