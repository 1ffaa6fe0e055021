import type { DailyFigures } from '@tessera/core/contracts/analytics';
import { describe, expect, it } from 'vitest';
import {
  browserToday,
  customRangeProblem,
  daysBetween,
  fillDays,
  formatPercent,
  formatVital,
  funnelRows,
  presetRange,
  rangeQuery,
  total,
} from './shape.js';

const day = (date: string, visits: number, revenueCents = 0): DailyFigures => ({
  date,
  pageViews: visits * 2,
  visits,
  productViews: 0,
  addToCarts: 0,
  checkouts: 0,
  orders: revenueCents > 0 ? 1 : 0,
  revenueCents,
  p75: { LCP: 1200, FCP: null, INP: null, TTFB: null, CLS: null },
});

describe('ranges', () => {
  it('lists every day of a range, across a month and a leap day', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysBetween('2026-01-05', '2026-01-05')).toEqual(['2026-01-05']);
    expect(daysBetween('2026-01-06', '2026-01-05')).toEqual([]);
  });

  it('ends a preset today and counts today as one of its days', () => {
    expect(presetRange(7, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange(30, '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(daysBetween(presetRange(90, '2026-03-10').from, '2026-03-10')).toHaveLength(90);
  });

  it('explains what is wrong with a custom range', () => {
    expect(customRangeProblem('2026-01-01', '2026-01-31')).toBeUndefined();
    expect(customRangeProblem('2026-02-30', '2026-03-01')).toBe('Enter both dates as YYYY-MM-DD.');
    expect(customRangeProblem('', '2026-03-01')).toBe('Enter both dates as YYYY-MM-DD.');
    expect(customRangeProblem('2026-03-02', '2026-03-01')).toBe('The start date must be on or before the end date.');
    expect(customRangeProblem('2024-01-01', '2025-12-31')).toBe('Choose at most 366 days.');
  });
});

describe('fillDays', () => {
  it('adds a zero day for every day without figures and keeps date order', () => {
    const filled = fillDays('2026-01-01', '2026-01-04', [day('2026-01-03', 5, 1250), day('2026-01-01', 2)]);
    expect(filled.map((d) => [d.date, d.visits])).toEqual([
      ['2026-01-01', 2],
      ['2026-01-02', 0],
      ['2026-01-03', 5],
      ['2026-01-04', 0],
    ]);
    expect(filled[1]).toEqual({
      date: filled[1]!.date,
      pageViews: 0,
      visits: 0,
      productViews: 0,
      addToCarts: 0,
      checkouts: 0,
      orders: 0,
      revenueCents: 0,
      p75: { LCP: null, FCP: null, INP: null, TTFB: null, CLS: null },
    });
    expect(total(filled, 'visits')).toBe(7);
    expect(total(filled, 'revenueCents')).toBe(1250);
  });

  it('drops rows outside the range', () => {
    expect(fillDays('2026-01-02', '2026-01-02', [day('2026-01-01', 9)]).map((d) => d.visits)).toEqual([0]);
  });
});

describe('funnelRows', () => {
  it('starts at visits and gives each step its rate from the step before and from visits', () => {
    const rows = funnelRows(200, [
      { step: 'product view', event: 'VisitPDP', events: 100, sessions: 80 },
      { step: 'add to cart', event: 'AddToCart', events: 25, sessions: 20 },
      { step: 'checkout', event: 'Checkout', events: 10, sessions: 10 },
      { step: 'order', event: 'Order', events: 0, sessions: 0 },
    ]);
    expect(rows.map((r) => r.label)).toEqual(['Visits', 'Product views', 'Add to cart', 'Checkout', 'Orders']);
    expect(rows.map((r) => r.count)).toEqual([200, 100, 25, 10, 0]);
    expect(rows.map((r) => formatPercent(r.ofPrevious))).toEqual(['—', '50%', '25%', '40%', '0%']);
    expect(rows.map((r) => formatPercent(r.ofVisits))).toEqual(['100%', '50%', '13%', '5.0%', '0%']);
  });

  it('has no rates when nothing came before', () => {
    const rows = funnelRows(0, [{ step: 'product view', event: 'VisitPDP', events: 0, sessions: 0 }]);
    expect(rows.map((r) => [r.ofPrevious, r.ofVisits])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('formatVital', () => {
  it('writes timings in milliseconds and CLS as a score', () => {
    expect(formatVital('LCP', 2512.4)).toBe('2,512 ms');
    expect(formatVital('CLS', 0.04)).toBe('0.040');
    expect(formatVital('INP', null)).toBe('—');
  });
});

describe('rangeQuery', () => {
  it('sends nothing for the last 7 days (the server default) and explicit days otherwise', () => {
    expect(rangeQuery({ kind: 'preset', days: 7 }, '2026-03-10')).toBe('');
    expect(rangeQuery({ kind: 'preset', days: 30 }, '2026-03-10')).toBe('?from=2026-02-09&to=2026-03-10');
    expect(rangeQuery({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, '2026-03-10')).toBe(
      '?from=2026-01-01&to=2026-01-31',
    );
  });

  it('reads today from the local calendar', () => {
    expect(browserToday(new Date(2026, 0, 31, 23, 30))).toBe('2026-01-31');
  });
});
