// The chart block's dataset (SPEC §3 "a dataset has rows and columns, and series with labels") and
// the dataset editor's rules (SPEC §5 "Editor"): what an owner types is kept as text until it makes
// a whole dataset; only then does it reach the block, so the page never holds half a chart.

/** What a chart block stores in `content.dataset`: series names, then one labelled row per category. */
export interface ChartDataset {
  columns: string[];
  rows: { label: string; values: number[] }[];
}

/** The dataset as the editor's grid holds it: every cell as typed. */
export interface DatasetDraft {
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

export const CHART_VARIANTS = Object.freeze(['bar', 'line', 'pie'] as const);
export type ChartVariant = (typeof CHART_VARIANTS)[number];

/**
 * SPEC names the limits ({maxRows}, {maxColumns}) without numbers; these are Tessera's: enough for a
 * readable chart in a content column. Pasted data beyond them is cut off, with a message.
 */
export const CHART_LIMITS = Object.freeze({ maxRows: 50, maxColumns: 10 });

export const CHART_MESSAGES = Object.freeze({
  needsColumnAndRow: 'A dataset needs at least one column and one row.',
  missingData: 'One or more rows was missing data',
  empty: 'Enter some data!',
  truncated: (maxRows: number, maxColumns: number) =>
    `The dataset was truncated to ${maxRows} rows or ${maxColumns} columns.`,
});

export const SAMPLE_DATASET: ChartDataset = Object.freeze({
  columns: ['Visitors'],
  rows: [
    { label: 'Spring', values: [120] },
    { label: 'Summer', values: [180] },
    { label: 'Autumn', values: [90] },
  ],
}) as ChartDataset;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The stored dataset, or an empty one when the content holds none (or not one of this shape). */
export function readDataset(value: unknown): ChartDataset {
  if (!isRecord(value)) return { columns: [], rows: [] };
  const columns = Array.isArray(value.columns) ? value.columns.map((c) => (typeof c === 'string' ? c : '')) : [];
  const rows = (Array.isArray(value.rows) ? value.rows : []).filter(isRecord).map((row) => ({
    label: typeof row.label === 'string' ? row.label : '',
    values: (Array.isArray(row.values) ? row.values : []).map((v) =>
      typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN,
    ),
  }));
  return { columns, rows };
}

export function draftFromDataset(dataset: ChartDataset): DatasetDraft {
  return {
    columns: [...dataset.columns],
    rows: dataset.rows.map((row) => ({
      label: row.label,
      cells: dataset.columns.map((_, i) => {
        const v = row.values[i];
        return v === undefined || Number.isNaN(v) ? '' : String(v);
      }),
    })),
  };
}

/** A number as an owner may type it: `1200`, `1,200`, `-3.5`; undefined for anything else. */
export function parseCell(cell: string): number | undefined {
  const text = cell.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export type DatasetResult = { ok: true; dataset: ChartDataset } | { ok: false; message: string };

/**
 * The dataset a draft makes, or the SPEC message saying why it makes none: nothing typed at all
 * ('Enter some data!'), no column or no row, or a row with a blank label or a cell that is not a number
 * ('One or more rows was missing data'). Blank series names become "Series N".
 */
export function datasetFromDraft(draft: DatasetDraft): DatasetResult {
  const typed =
    draft.columns.some((c) => c.trim()) || draft.rows.some((r) => r.label.trim() || r.cells.some((c) => c.trim()));
  if (!typed) return { ok: false, message: CHART_MESSAGES.empty };
  if (draft.columns.length < 1 || draft.rows.length < 1)
    return { ok: false, message: CHART_MESSAGES.needsColumnAndRow };
  const rows: ChartDataset['rows'] = [];
  for (const row of draft.rows) {
    const values = draft.columns.map((_, i) => parseCell(row.cells[i] ?? ''));
    if (!row.label.trim() || values.some((v) => v === undefined))
      return { ok: false, message: CHART_MESSAGES.missingData };
    rows.push({ label: row.label.trim(), values: values as number[] });
  }
  return {
    ok: true,
    dataset: { columns: draft.columns.map((c, i) => c.trim() || `Series ${i + 1}`), rows },
  };
}

/** The draft cut to CHART_LIMITS, and whether anything was cut. */
export function truncateDraft(draft: DatasetDraft): { draft: DatasetDraft; truncated: boolean } {
  const { maxRows, maxColumns } = CHART_LIMITS;
  const truncated =
    draft.columns.length > maxColumns ||
    draft.rows.length > maxRows ||
    draft.rows.some((r) => r.cells.length > maxColumns);
  if (!truncated) return { draft, truncated };
  return {
    draft: {
      columns: draft.columns.slice(0, maxColumns),
      rows: draft.rows.slice(0, maxRows).map((r) => ({ label: r.label, cells: r.cells.slice(0, maxColumns) })),
    },
    truncated,
  };
}

/** One line of comma- or tab-separated text; double quotes wrap a cell that holds the separator. */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Pasted data (from a spreadsheet: tabs; or CSV: commas) as a draft. The first line names the series
 * (its first cell, above the row labels, is ignored); every further line is a label and its values.
 * The result is cut to CHART_LIMITS.
 */
export function draftFromText(text: string): { draft: DatasetDraft; truncated: boolean } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { draft: { columns: [], rows: [] }, truncated: false };
  const separator = lines.some((line) => line.includes('\t')) ? '\t' : ',';
  const [header, ...body] = lines.map((line) => splitLine(line, separator));
  const width = Math.max(header.length - 1, ...body.map((cells) => cells.length - 1), 0);
  const columns = Array.from({ length: width }, (_, i) => header[i + 1] ?? '');
  const rows = body.map(([label = '', ...cells]) => ({
    label,
    cells: Array.from({ length: width }, (_, i) => cells[i] ?? ''),
  }));
  return truncateDraft({ columns, rows });
}

/** The dataset as tab-separated text, the way draftFromText reads it back. */
export function datasetToText(dataset: ChartDataset): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  return [
    ['', ...dataset.columns].map(clean).join('\t'),
    ...dataset.rows.map((row) => [clean(row.label), ...row.values.map(String)].join('\t')),
  ].join('\n');
}

/** Grid edits: a row or a column added at the end (up to CHART_LIMITS) or removed (never the last one). */
export const draftEdits = Object.freeze({
  canAddRow: (d: DatasetDraft) => d.rows.length < CHART_LIMITS.maxRows,
  canAddColumn: (d: DatasetDraft) => d.columns.length < CHART_LIMITS.maxColumns,
  canRemoveRow: (d: DatasetDraft) => d.rows.length > 1,
  canRemoveColumn: (d: DatasetDraft) => d.columns.length > 1,
  addRow(d: DatasetDraft): DatasetDraft {
    if (!draftEdits.canAddRow(d)) return d;
    return { ...d, rows: [...d.rows, { label: '', cells: d.columns.map(() => '') }] };
  },
  addColumn(d: DatasetDraft): DatasetDraft {
    if (!draftEdits.canAddColumn(d)) return d;
    return { columns: [...d.columns, ''], rows: d.rows.map((r) => ({ ...r, cells: [...r.cells, ''] })) };
  },
  removeRow(d: DatasetDraft, index: number): DatasetDraft {
    if (!draftEdits.canRemoveRow(d)) return d;
    return { ...d, rows: d.rows.filter((_, i) => i !== index) };
  },
  removeColumn(d: DatasetDraft, index: number): DatasetDraft {
    if (!draftEdits.canRemoveColumn(d)) return d;
    return {
      columns: d.columns.filter((_, i) => i !== index),
      rows: d.rows.map((r) => ({ ...r, cells: r.cells.filter((_, i) => i !== index) })),
    };
  },
});
