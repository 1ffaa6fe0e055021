import { formatMoney } from '@tessera/core';
import { useResource } from '../shared/resource.js';

// The wire shape of `GET /api/config/donations/totals` (domains/donations/owner-routes.ts).
interface Totals {
  currency: string;
  totalCents: number;
  payments: number;
  donors: number;
  activeRecurring: number;
}

/** Donations received so far (all time, money that succeeded only), beside the shop's figures. */
export function DonationTotals() {
  const totals = useResource<{ totals: Totals[] }>('/api/config/donations/totals');
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
