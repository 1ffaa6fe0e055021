// Pure shaping of the owner's figures for the Analytics panel: ranges, every day of a range, the
// sales funnel with its step-to-step rates. No DOM, no fetch: unit tested in shape.test.ts. The
// figures' types are the analytics contract's (`@tessera/core/contracts/analytics`).

import type { DailyFigures, FunnelStep } from '@tessera/core/contracts/analytics';

export const VITALS = ['LCP', 'FCP', 'INP', 'TTFB', 'CLS'] as const;
export type VitalName = (typeof VITALS)[number];

export interface FunnelRow {
  label: string;
  count: number;
  /** Share of the step before (null for the first step or when the step before is 0). */
  ofPrevious: number | null;
  /** Share of the first step, visits (null when there were none). */
  ofVisits: number | null;
}

export type RangeChoice = { kind: 'preset'; days: number } | { kind: 'custom'; from: string; to: string };

export const PRESETS = [7, 30, 90] as const;
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The last `days` days ending `today`. */
export function presetRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** What is wrong with a custom range, in words for the owner; undefined when it is fine. */
export function customRangeProblem(from: string, to: string): string | undefined {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'Enter both dates as YYYY-MM-DD.';
  if (from > to) return 'The start date must be on or before the end date.';
  if (daysBetween(from, to).length > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return undefined;
}

/** The daily rows with a zero row for every day of the range that had no data, in date order. */
export function fillDays(from: string, to: string, rows: readonly DailyFigures[]): DailyFigures[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return daysBetween(from, to).map(
    (date) =>
      byDate.get(date) ?? {
        date,
        pageViews: 0,
        visits: 0,
        productViews: 0,
        addToCarts: 0,
        checkouts: 0,
        orders: 0,
        revenueCents: 0,
        p75: { LCP: null, FCP: null, INP: null, TTFB: null, CLS: null },
      },
  );
}

/** `part / whole`, or null when there is no whole to compare with. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function formatPercent(value: number | null): string {
  if (value === null) return '—';
  const percent = value * 100;
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`;
}

const FUNNEL_LABELS: Record<string, string> = {
  VisitPDP: 'Product views',
  AddToCart: 'Add to cart',
  Checkout: 'Checkout',
  Order: 'Orders',
};

/** Visits → product views → add to cart → checkout → order, each with its rate from the step before. */
export function funnelRows(visits: number, steps: readonly FunnelStep[]): FunnelRow[] {
  const counts = [
    { label: 'Visits', count: visits },
    ...steps.map((s) => ({ label: FUNNEL_LABELS[s.event] ?? s.step, count: s.events })),
  ];
  return counts.map((row, index) => ({
    ...row,
    ofPrevious: index === 0 ? null : ratio(row.count, counts[index - 1].count),
    ofVisits: ratio(row.count, visits),
  }));
}

export function total(rows: readonly DailyFigures[], key: 'pageViews' | 'visits' | 'orders' | 'revenueCents'): number {
  return rows.reduce((sum, row) => sum + row[key], 0);
}

/** A web-vital value for people: milliseconds for timings, three decimals for CLS, — when missing. */
export function formatVital(name: VitalName, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (name === 'CLS') return value.toFixed(3);
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** "Jan 5" for chart labels and tables (dates are the site's calendar days, shown as written). */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Today's date where the browser is (a stand-in until the server has said what today is for the site). */
export function browserToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The query string of a range choice. The last 7 days is the server's default (ending today in the
 * site's time zone), so it sends nothing; longer presets end at `today`.
 */
export function rangeQuery(choice: RangeChoice, today: string): string {
  if (choice.kind === 'custom') return `?from=${choice.from}&to=${choice.to}`;
  if (choice.days === 7) return '';
  const range = presetRange(choice.days, today);
  return `?from=${range.from}&to=${range.to}`;
}
