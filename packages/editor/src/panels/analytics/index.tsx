import { formatMoney } from '@tessera/core';
import { useEffect, useMemo, useState } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { ChartFigure } from './ChartFigure.js';
import { devicesChart, funnelChart, revenueChart, trafficChart, vitalsChart } from './configs.js';
import { RangePicker } from './RangePicker.js';
import {
  browserToday,
  fillDays,
  formatPercent,
  formatVital,
  funnelRows,
  type RangeChoice,
  rangeQuery,
  shortDate,
  total,
  VITALS,
} from './shape.js';
import { DonationTotals } from './DonationTotals.js';
import { ReportTables } from './Tables.js';
import type { DailyAnswer, ReportAnswer } from '@tessera/core/contracts/analytics';
import './analytics.css';

const n = (value: number) => value.toLocaleString('en-US');

/** Insights › Analytics: visits, page views, the sales funnel, revenue and web vitals over a range. */
export default function AnalyticsPanel(_props: PanelProps) {
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', days: 7 });
  const [siteToday, setSiteToday] = useState<string>();
  const query = rangeQuery(choice, siteToday ?? browserToday());
  const report = useResource<ReportAnswer>(`/api/config/analytics/report${query}`);
  const daily = useResource<DailyAnswer>(`/api/config/analytics/daily${query}`);
  const data = report.data;
  const reportedToday = query === '' ? data?.range.to : undefined;
  useEffect(() => {
    if (reportedToday) setSiteToday(reportedToday);
  }, [reportedToday]);

  const range = daily.data?.range;
  const days = useMemo(
    () => (range ? fillDays(range.from, range.to, daily.data?.daily ?? []) : []),
    [range, daily.data],
  );
  const currency = data?.commerce.revenue.currency ?? 'USD';
  const money = useMemo(() => (cents: number) => formatMoney(cents, currency), [currency]);
  const funnel = useMemo(() => (data ? funnelRows(data.overview.visits, data.commerce.funnel) : []), [data]);
  const configs = useMemo(
    () => ({
      traffic: trafficChart(days),
      funnel: funnelChart(funnel),
      revenue: revenueChart(days, money),
      vitals: vitalsChart(days),
      devices: devicesChart(data?.devices ?? []),
    }),
    [days, funnel, money, data],
  );

  const loading = report.loading || daily.loading;
  const span = data ? `from ${shortDate(data.range.from)} to ${shortDate(data.range.to)}` : '';
  const measured = days.filter((d) => VITALS.some((name) => d.p75[name] != null));

  return (
    <Panel
      title="Analytics"
      error={report.error || daily.error}
      status={loading ? 'Loading figures…' : data ? `Figures ${span}` : ''}
      actions={
        <button type="button" onClick={() => void Promise.all([report.reload(), daily.reload()])} disabled={loading}>
          Refresh
        </button>
      }
    >
      <RangePicker
        choice={choice}
        current={data?.range}
        onChange={(next) => {
          setChoice(next);
        }}
      />
      {data && (
        <p className="an-zone">
          Days in the site’s time zone ({data.range.timeZone}), {span}.
        </p>
      )}
      {data && daily.data && (
        <>
          <dl className="an-kpis" aria-label="Key figures">
            <div>
              <dt>Visits</dt>
              <dd>{n(data.overview.visits)}</dd>
            </div>
            <div>
              <dt>Page views</dt>
              <dd>{n(data.overview.pageViews)}</dd>
            </div>
            <div>
              <dt>Unique visitors</dt>
              <dd>{n(data.overview.uniqueVisitors)}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{n(data.commerce.revenue.orders)}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{money(data.commerce.revenue.cents)}</dd>
            </div>
          </dl>
          <div className="an-grid">
            <ChartFigure
              title="Visits and page views"
              summary={`${n(data.overview.visits)} visits and ${n(data.overview.pageViews)} page views ${span}.`}
              config={configs.traffic}
              table={{
                columns: ['Day', 'Visits', 'Page views'],
                rows: days.map((d) => [d.date, n(d.visits), n(d.pageViews)]),
              }}
            />
            <ChartFigure
              title="Sales funnel"
              summary={funnel
                .map((row) => `${row.label}: ${n(row.count)}`)
                .join(', ')
                .concat('.')}
              config={configs.funnel}
              table={{
                columns: ['Step', 'Count', 'Of the step before', 'Of visits'],
                rows: funnel.map((row) => [
                  row.label,
                  n(row.count),
                  formatPercent(row.ofPrevious),
                  formatPercent(row.ofVisits),
                ]),
              }}
            />
            <ChartFigure
              title="Revenue"
              summary={`${money(data.commerce.revenue.cents)} from ${n(data.commerce.revenue.orders)} orders ${span}.`}
              config={configs.revenue}
              empty={total(days, 'revenueCents') === 0 ? 'No revenue in this range.' : undefined}
              table={{
                columns: ['Day', 'Orders', 'Revenue'],
                rows: days.map((d) => [d.date, n(d.orders), money(d.revenueCents)]),
              }}
            />
            <ChartFigure
              title="Web vitals (p75 per day)"
              summary={
                measured.length
                  ? `Measured on ${measured.length} of ${days.length} days; the range's pages are listed below.`
                  : 'No web-vitals samples in this range.'
              }
              config={configs.vitals}
              empty={measured.length ? undefined : 'No web-vitals samples in this range.'}
              table={{
                columns: ['Day', ...VITALS],
                rows: measured.map((d) => [d.date, ...VITALS.map((name) => formatVital(name, d.p75[name]))]),
              }}
            />
            <ChartFigure
              title="Devices"
              summary={
                data.devices.length
                  ? data.devices
                      .map((d) => `${d.device}: ${n(d.visits)} visits`)
                      .join(', ')
                      .concat('.')
                  : 'No visits in this range.'
              }
              config={configs.devices}
              empty={data.devices.length ? undefined : 'No visits in this range.'}
              table={{
                columns: ['Device', 'Visits', 'Page views'],
                rows: data.devices.map((d) => [d.device, n(d.visits), n(d.pageViews)]),
              }}
            />
          </div>
          <ReportTables report={data} />
          <DonationTotals />
        </>
      )}
    </Panel>
  );
}
