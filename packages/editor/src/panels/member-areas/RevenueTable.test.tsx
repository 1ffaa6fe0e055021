import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RevenueTable } from './RevenueTable.js';

const plan = (planId: string, revenueCents: number, refundedCents: number, currency = 'USD') => ({
  planId,
  title: `Plan ${planId}`,
  kind: 'recurring',
  currency,
  revenueCents,
  refundedCents,
  paidOrders: 2,
});

/** The table's cells, row by row, as text. */
function cells(html: string): string[][] {
  const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => m[1]!);
  return rows.map((row) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!));
}

describe('revenue per plan in the member-areas panel', () => {
  it('shows what refunds gave back next to the revenue net of them, in each plan’s currency', () => {
    const html = renderToStaticMarkup(
      <RevenueTable revenue={[plan('a', 1800, 900), plan('b', 5000, 0), plan('c', 1200, 250, 'EUR')]} />,
    );
    expect(cells(html)).toEqual([
      ['Plan', 'Paid orders', 'Revenue', 'Refunded'],
      ['Plan a', '2', '$18.00', '$9.00'],
      ['Plan b', '2', '$50.00', '—'],
      ['Plan c', '2', '€12.00', '€2.50'],
    ]);
    expect(html).toContain('data-refunded="900"');
  });

  it('leaves the column out while no plan had a refund', () => {
    const html = renderToStaticMarkup(<RevenueTable revenue={[plan('a', 1800, 0)]} />);
    expect(cells(html)).toEqual([
      ['Plan', 'Paid orders', 'Revenue'],
      ['Plan a', '2', '$18.00'],
    ]);
  });
});
