import { formatMoney } from '@tessera/core';
import type { DonationsListing } from '@tessera/core/contracts/donations';
import { Fragment, useState } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { GiftPayments } from './GiftPayments.js';

export const DONATIONS_PATH = '/config/commerce/donations';

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

/** Donations: totals, every gift with what it has paid (its payments, renewals refundable), donors, and the CSV export. */
export default function DonationsPanel({ navigate }: PanelProps) {
  const listing = useResource<DonationsListing>('/api/config/donations');
  const [open, setOpen] = useState<string | undefined>();
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
              <th scope="col">Payments</th>
            </tr>
          </thead>
          <tbody>
            {data.donations.map((d) => (
              <Fragment key={d.id}>
                <tr>
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
                    {d.refundedCents > 0 && <small> {formatMoney(d.refundedCents, d.currency)} refunded</small>}
                  </td>
                  <td>{d.note ?? ''}</td>
                  <td>
                    {d.payments > 0 && (
                      <button
                        type="button"
                        aria-expanded={open === d.id}
                        aria-controls={`gift-payments-${d.id}`}
                        onClick={() => setOpen(open === d.id ? undefined : d.id)}
                      >
                        {open === d.id ? 'Hide payments' : `Payments of ${d.donorName}`}
                      </button>
                    )}
                  </td>
                </tr>
                {open === d.id && (
                  <tr id={`gift-payments-${d.id}`}>
                    <td colSpan={7}>
                      <GiftPayments
                        donationId={d.id}
                        onChanged={() => void listing.reload()}
                        onOpenOrder={(id) => navigate(`/config/commerce/orders/${encodeURIComponent(id)}`)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
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
