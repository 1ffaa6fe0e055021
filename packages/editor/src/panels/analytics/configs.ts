// Chart.js configurations for the Analytics panel, built from shaped figures (types only from
// Chart.js here: the library itself loads in ChartFigure).
import type { ChartConfiguration } from 'chart.js';
import type { DailyFigures } from '@tessera/core/contracts/analytics';
import { type FunnelRow, shortDate, VITALS, type VitalName } from './shape.js';

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626'];

const base = { responsive: true, maintainAspectRatio: false } as const;

export function trafficChart(days: readonly DailyFigures[]): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: days.map((d) => shortDate(d.date)),
      datasets: [
        { label: 'Visits', data: days.map((d) => d.visits), borderColor: COLOURS[0], backgroundColor: COLOURS[0] },
        {
          label: 'Page views',
          data: days.map((d) => d.pageViews),
          borderColor: COLOURS[1],
          backgroundColor: COLOURS[1],
        },
      ],
    },
    options: { ...base, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

export function funnelChart(rows: readonly FunnelRow[]): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: rows.map((r) => r.label),
      datasets: [{ label: 'Count', data: rows.map((r) => r.count), backgroundColor: COLOURS[0] }],
    },
    options: {
      ...base,
      indexAxis: 'y',
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
}

export function revenueChart(
  days: readonly DailyFigures[],
  format: (cents: number) => string,
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: days.map((d) => shortDate(d.date)),
      datasets: [{ label: 'Revenue', data: days.map((d) => d.revenueCents / 100), backgroundColor: COLOURS[1] }],
    },
    options: {
      ...base,
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => format(days[item.dataIndex]?.revenueCents ?? 0) } },
      },
      scales: { y: { beginAtZero: true } },
    },
  };
}

/** p75 of the timing vitals per day on one axis (ms), CLS on a second axis. */
export function vitalsChart(days: readonly DailyFigures[]): ChartConfiguration<'line'> {
  const series = (name: VitalName, index: number) => ({
    label: name === 'CLS' ? 'CLS (right axis)' : `${name} (ms)`,
    data: days.map((d) => d.p75[name] ?? null),
    borderColor: COLOURS[index % COLOURS.length],
    backgroundColor: COLOURS[index % COLOURS.length],
    spanGaps: true,
    yAxisID: name === 'CLS' ? 'cls' : 'ms',
  });
  return {
    type: 'line',
    data: { labels: days.map((d) => shortDate(d.date)), datasets: VITALS.map(series) },
    options: {
      ...base,
      scales: {
        ms: { type: 'linear', position: 'left', beginAtZero: true, title: { display: true, text: 'ms' } },
        cls: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false } },
      },
    },
  };
}

export function devicesChart(devices: readonly { device: string; visits: number }[]): ChartConfiguration<'doughnut'> {
  return {
    type: 'doughnut',
    data: {
      labels: devices.map((d) => d.device),
      datasets: [{ label: 'Visits', data: devices.map((d) => d.visits), backgroundColor: COLOURS }],
    },
    options: { ...base, plugins: { legend: { position: 'right' } } },
  };
}
