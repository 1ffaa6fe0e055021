import { type ChartVariant, CHART_VARIANTS, datasetFromDraft, draftFromDataset, readDataset } from './chart-data.js';

// What the theme's chart partial (`partials/blocks/chart.block`) renders for a chart block: an SVG
// drawn here (bar, line or pie; no script, no outside requests) and the same numbers as a table,
// so the data is there for assistive technology and without the picture.

const PALETTE = [
  '#2f6f8f',
  '#c2672f',
  '#5b8c3a',
  '#8a4f9e',
  '#b8943a',
  '#3a8c84',
  '#a3414f',
  '#5a6475',
  '#7d9e2f',
  '#4f5fa3',
];
const W = 600;
const H = 300;
const PAD = { top: 16, right: 16, bottom: 40, left: 48 };

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));
const r1 = (n: number) => Math.round(n * 10) / 10;

export interface ChartView {
  chartType: ChartVariant;
  title: string;
  /** The picture as SVG markup; empty when the block holds no usable dataset. */
  svg: string;
  hasData: boolean;
  /** The legend: the series (bar, line) or the slices (pie), each with its colour. */
  columns: { name: string; color: string }[];
  /** The data table's value columns: the series the picture shows (a pie shows the first). */
  tableColumns: { name: string }[];
  rows: { label: string; values: { value: string }[] }[];
}

function barSvg(columns: string[], rows: { label: string; values: number[] }[], label: string): string {
  const max = Math.max(0, ...rows.flatMap((r) => r.values));
  const min = Math.min(0, ...rows.flatMap((r) => r.values));
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const groupW = (W - PAD.left - PAD.right) / rows.length;
  const barW = (groupW * 0.8) / columns.length;
  const parts: string[] = [];
  rows.forEach((row, r) => {
    const x0 = PAD.left + r * groupW + groupW * 0.1;
    row.values.forEach((v, c) => {
      const top = Math.min(y(v), y(0));
      parts.push(
        `<rect x="${r1(x0 + c * barW)}" y="${r1(top)}" width="${r1(barW * 0.9)}" height="${r1(Math.abs(y(v) - y(0)))}" fill="${PALETTE[c % PALETTE.length]}"><title>${esc(row.label)}, ${esc(columns[c] ?? '')}: ${fmt(v)}</title></rect>`,
      );
    });
    parts.push(
      `<text x="${r1(x0 + groupW * 0.4)}" y="${H - PAD.bottom + 18}" text-anchor="middle" class="chart-block__label">${esc(row.label)}</text>`,
    );
  });
  return frame(label, axes(y, min, max) + parts.join(''));
}

function lineSvg(columns: string[], rows: { label: string; values: number[] }[], label: string): string {
  const max = Math.max(0, ...rows.flatMap((r) => r.values));
  const min = Math.min(0, ...rows.flatMap((r) => r.values));
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const step = rows.length > 1 ? (W - PAD.left - PAD.right) / (rows.length - 1) : 0;
  const x = (i: number) => (rows.length > 1 ? PAD.left + i * step : W / 2);
  const parts: string[] = columns.map((name, c) => {
    const color = PALETTE[c % PALETTE.length];
    const points = rows.map((row, i) => `${r1(x(i))},${r1(y(row.values[c] ?? 0))}`).join(' ');
    const dots = rows
      .map(
        (row, i) =>
          `<circle cx="${r1(x(i))}" cy="${r1(y(row.values[c] ?? 0))}" r="4" fill="${color}"><title>${esc(row.label)}, ${esc(name)}: ${fmt(row.values[c] ?? 0)}</title></circle>`,
      )
      .join('');
    return `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2.5"/>${dots}`;
  });
  const labels = rows
    .map(
      (row, i) =>
        `<text x="${r1(x(i))}" y="${H - PAD.bottom + 18}" text-anchor="middle" class="chart-block__label">${esc(row.label)}</text>`,
    )
    .join('');
  return frame(label, axes(y, min, max) + parts.join('') + labels);
}

function pieSvg(rows: { label: string; values: number[] }[], label: string): string {
  const values = rows.map((r) => Math.max(0, r.values[0] ?? 0));
  const total = values.reduce((a, b) => a + b, 0);
  const cx = W / 2;
  const cy = H / 2;
  const radius = H / 2 - 16;
  if (total <= 0) return frame(label, `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#e4e6ea"/>`);
  let angle = -Math.PI / 2;
  const parts = rows.map((row, i) => {
    const share = values[i] / total;
    const color = PALETTE[i % PALETTE.length];
    const tip = `<title>${esc(row.label)}: ${fmt(row.values[0] ?? 0)}</title>`;
    if (share >= 0.9999) return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${color}">${tip}</circle>`;
    const start = angle;
    angle += share * Math.PI * 2;
    const [x1, y1] = [cx + radius * Math.cos(start), cy + radius * Math.sin(start)];
    const [x2, y2] = [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
    const large = share > 0.5 ? 1 : 0;
    return `<path d="M${cx},${cy} L${r1(x1)},${r1(y1)} A${radius},${radius} 0 ${large} 1 ${r1(x2)},${r1(y2)} Z" fill="${color}">${tip}</path>`;
  });
  return frame(label, parts.join(''));
}

function axes(y: (v: number) => number, min: number, max: number): string {
  const ticks = [min, (min + max) / 2, max].filter((v, i, all) => all.indexOf(v) === i);
  return (
    `<line x1="${PAD.left}" y1="${r1(y(0))}" x2="${W - PAD.right}" y2="${r1(y(0))}" stroke="#8a8f98"/>` +
    ticks
      .map(
        (t) =>
          `<text x="${PAD.left - 6}" y="${r1(y(t) + 4)}" text-anchor="end" class="chart-block__tick">${fmt(t)}</text>`,
      )
      .join('')
  );
}

function frame(label: string, body: string): string {
  return `<svg class="chart-block__svg" width="100%" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
}

/** The chart partial's view of a block's content and variant (chart type). */
export function chartView(content: Record<string, unknown>, variant: string | undefined): ChartView {
  const chartType = (CHART_VARIANTS as readonly string[]).includes(variant ?? '') ? (variant as ChartVariant) : 'bar';
  const title = typeof content.title === 'string' ? content.title : '';
  const checked = datasetFromDraft(draftFromDataset(readDataset(content.dataset)));
  if (!checked.ok) return { chartType, title, svg: '', hasData: false, columns: [], tableColumns: [], rows: [] };
  const { columns, rows } = checked.dataset;
  const shown = chartType === 'pie' ? columns.slice(0, 1) : columns;
  const label = `${title || 'Chart'}: ${chartType} chart of ${shown.join(', ')}`;
  const svg =
    chartType === 'pie'
      ? pieSvg(rows, label)
      : chartType === 'line'
        ? lineSvg(columns, rows, label)
        : barSvg(columns, rows, label);
  return {
    chartType,
    title,
    svg,
    hasData: true,
    columns: (chartType === 'pie' ? rows.map((r) => r.label) : shown).map((name, i) => ({
      name,
      color: PALETTE[i % PALETTE.length],
    })),
    tableColumns: shown.map((name) => ({ name })),
    rows: rows.map((row) => ({
      label: row.label,
      values: row.values.slice(0, shown.length).map((v) => ({ value: fmt(v) })),
    })),
  };
}
