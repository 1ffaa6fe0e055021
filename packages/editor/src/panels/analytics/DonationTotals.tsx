import { formatMoney } from '@tessera/core';
import type { DonationTotalsAnswer } from '@tessera/core/contracts/donations';
import { useResource } from '../shared/resource.js';

/** Donations received so far (all time, money that succeeded only), beside the shop's figures. */
export function DonationTotals() {
  const totals = useResource<DonationTotalsAnswer>('/api/config/donations/totals');
  const rows = totals.data?.totals ?? [];
  if (totals.error || rows.length === 0) return null;
  return (
    <table className="ed-table">
      <caption>Donations (all time)</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Received</th>
          <th scope="col">Payments</th>
          <th scope="col">Donors</th>
          <th scope="col">Renewing gifts</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.currency}>
            <td>{t.currency}</td>
            <td>{formatMoney(t.totalCents, t.currency)}</td>
            <td>{t.payments}</td>
            <td>{t.donors}</td>
            <td>{t.activeRecurring}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
