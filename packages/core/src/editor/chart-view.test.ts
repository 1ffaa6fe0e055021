import { describe, expect, it } from 'vitest';
import { chartView } from './chart-view.js';

const dataset = {
  columns: ['Visitors', 'Orders'],
  rows: [
    { label: 'Spring', values: [120, 12] },
    { label: 'Summer <hot>', values: [180, 30.456] },
  ],
};

describe('chart view', () => {
  it('draws one bar per value and lists the numbers in a table view', () => {
    const view = chartView({ title: 'Season', dataset }, 'bar');
    expect(view.chartType).toBe('bar');
    expect(view.svg.match(/<rect /g)).toHaveLength(4);
    expect(view.svg).toContain('Summer &lt;hot&gt;, Orders: 30.46');
    expect(view.svg).not.toContain('<hot>');
    expect(view.columns.map((c) => c.name)).toEqual(['Visitors', 'Orders']);
    expect(view.rows[1]).toEqual({ label: 'Summer <hot>', values: [{ value: '180' }, { value: '30.46' }] });
  });

  it('draws a line per series and a pie of the first series', () => {
    const line = chartView({ dataset }, 'line');
    expect(line.svg.match(/<polyline /g)).toHaveLength(2);
    expect(line.svg.match(/<circle /g)).toHaveLength(4);
    const pie = chartView({ dataset }, 'pie');
    expect(pie.svg.match(/<path /g)).toHaveLength(2);
    expect(pie.columns.map((c) => c.name)).toEqual(['Spring', 'Summer <hot>']);
    expect(pie.rows[0].values).toEqual([{ value: '120' }]);
  });

  it('draws nothing for a dataset the editor would refuse, and defaults to bars', () => {
    expect(chartView({ dataset: { columns: ['A'], rows: [] } }, 'bar')).toMatchObject({ hasData: false, svg: '' });
    expect(chartView({}, 'donut')).toMatchObject({ chartType: 'bar', hasData: false });
  });
});
