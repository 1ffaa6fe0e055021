import { formatMoney } from '@tessera/core';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';

export const DONATIONS_PATH = '/config/commerce/donations';

// The wire shape of `GET /api/config/donations` (domains/donations/repository.ts).
interface OwnerDonation {
  id: string;
  createdAt: string;
  donorName: string;
  donorEmail: string;
  showName: boolean;
  amountCents: number;
  currency: string;
  interval: string;
  status: string;
  note: string | null;
  paidCents: number;
  payments: number;
}
interface Donor {
  email: string;
  name: string;
  showName: boolean;
  currency: string;
  totalCents: number;
  gifts: number;
  lastGiftAt: string;
}
interface Totals {
  currency: string;
  totalCents: number;
  payments: number;
  donors: number;
  activeRecurring: number;
}

const KIND: Record<string, string> = { once: 'One time', month: 'Monthly', year: 'Yearly' };
const STATUS: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  active: 'Renewing',
  cancelled: 'Cancelled by donor',
  lapsed: 'Renewal failed',
  expired: 'Not paid',
};
const day = (iso: string) => (iso ? new Date(iso).toLocaleDateString() : '');

/** Donations: totals, every gift with what it has paid, donors, and the CSV export. */
export default function DonationsPanel(_props: PanelProps) {
  const listing = useResource<{ donations: OwnerDonation[]; donors: Donor[]; totals: Totals[] }>(
    '/api/config/donations',
  );
  const data = listing.data;
  return (
    <Panel
      title="Donations"
      error={listing.error}
      actions={
        <>
          <a className="ed-button" href="/api/config/donations.csv" download>
            Export CSV
          </a>
          <button type="button" onClick={() => void listing.reload()}>
            Refresh
          </button>
        </>
      }
    >
      {listing.loading && !data && <p className="ed-empty">Loading…</p>}
      {data && data.donations.length === 0 && <p className="ed-empty">No donations yet.</p>}
      {data && data.totals.length > 0 && (
        <dl className="ed-stats" aria-label="Donation totals">
          {data.totals.map((t) => (
            <div key={t.currency}>
              <dt>Received ({t.currency})</dt>
              <dd>
                {formatMoney(t.totalCents, t.currency)} from {t.donors} donor{t.donors === 1 ? '' : 's'} in {t.payments}{' '}
                payment{t.payments === 1 ? '' : 's'}; {t.activeRecurring} renewing
              </dd>
            </div>
          ))}
        </dl>
      )}
      {data && data.donations.length > 0 && (
        <table className="ed-table">
          <caption>Donations</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Donor</th>
              <th scope="col">Gift</th>
              <th scope="col">Status</th>
              <th scope="col">Paid so far</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {data.donations.map((d) => (
              <tr key={d.id}>
                <td>{day(d.createdAt)}</td>
                <td>
                  {d.donorName}
                  {d.showName ? '' : ' (anonymous)'} <small>{d.donorEmail}</small>
                </td>
                <td>
                  {formatMoney(d.amountCents, d.currency)} {KIND[d.interval] ?? d.interval}
                </td>
                <td>{STATUS[d.status] ?? d.status}</td>
                <td>
                  {formatMoney(d.paidCents, d.currency)} ({d.payments})
                </td>
                <td>{d.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.donors.length > 0 && (
        <table className="ed-table">
          <caption>Donors</caption>
          <thead>
            <tr>
              <th scope="col">Donor</th>
              <th scope="col">Given</th>
              <th scope="col">Gifts</th>
              <th scope="col">Last gift</th>
            </tr>
          </thead>
          <tbody>
            {data.donors.map((d) => (
              <tr key={`${d.email}-${d.currency}`}>
                <td>
                  {d.name}
                  {d.showName ? '' : ' (anonymous)'} <small>{d.email}</small>
                </td>
                <td>{formatMoney(d.totalCents, d.currency)}</td>
                <td>{d.gifts}</td>
                <td>{day(d.lastGiftAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
