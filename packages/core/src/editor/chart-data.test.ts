import { describe, expect, it } from 'vitest';
import {
  CHART_LIMITS,
  CHART_MESSAGES,
  datasetFromDraft,
  datasetToText,
  draftEdits,
  draftFromDataset,
  draftFromText,
  parseCell,
  readDataset,
  SAMPLE_DATASET,
  truncateDraft,
} from './chart-data.js';

describe('chart dataset rules', () => {
  it('asks for data when nothing is typed', () => {
    expect(datasetFromDraft({ columns: [], rows: [] })).toEqual({ ok: false, message: 'Enter some data!' });
    expect(datasetFromDraft({ columns: [' '], rows: [{ label: '', cells: [''] }] })).toEqual({
      ok: false,
      message: 'Enter some data!',
    });
  });

  it('needs at least one column and one row', () => {
    expect(datasetFromDraft({ columns: ['Sales'], rows: [] })).toEqual({
      ok: false,
      message: CHART_MESSAGES.needsColumnAndRow,
    });
    expect(datasetFromDraft({ columns: [], rows: [{ label: 'Monday', cells: [] }] })).toEqual({
      ok: false,
      message: CHART_MESSAGES.needsColumnAndRow,
    });
  });

  it('refuses a row with a blank label, a blank cell or a cell that is not a number', () => {
    const missing = { ok: false, message: 'One or more rows was missing data' };
    expect(datasetFromDraft({ columns: ['A'], rows: [{ label: '', cells: ['1'] }] })).toEqual(missing);
    expect(datasetFromDraft({ columns: ['A', 'B'], rows: [{ label: 'x', cells: ['1'] }] })).toEqual(missing);
    expect(datasetFromDraft({ columns: ['A'], rows: [{ label: 'x', cells: ['12 apples'] }] })).toEqual(missing);
  });

  it('makes a dataset of numbers, naming blank series', () => {
    expect(
      datasetFromDraft({
        columns: ['Sales', ''],
        rows: [
          { label: ' Mon ', cells: ['1,200', '-3.5'] },
          { label: 'Tue', cells: ['7', '.5'] },
        ],
      }),
    ).toEqual({
      ok: true,
      dataset: {
        columns: ['Sales', 'Series 2'],
        rows: [
          { label: 'Mon', values: [1200, -3.5] },
          { label: 'Tue', values: [7, 0.5] },
        ],
      },
    });
    expect(parseCell('1e3')).toBe(1000);
    expect(parseCell('1,2')).toBeUndefined();
    expect(parseCell('')).toBeUndefined();
  });

  it('cuts pasted data to the row and column limits and says so', () => {
    const header = ['', ...Array.from({ length: 12 }, (_, i) => `S${i + 1}`)].join('\t');
    const body = Array.from({ length: 60 }, (_, r) => [`R${r + 1}`, ...Array(12).fill(String(r))].join('\t'));
    const { draft, truncated } = draftFromText([header, ...body].join('\n'));
    expect(truncated).toBe(true);
    expect(draft.columns).toHaveLength(CHART_LIMITS.maxColumns);
    expect(draft.rows).toHaveLength(CHART_LIMITS.maxRows);
    expect(draft.rows.every((r) => r.cells.length === CHART_LIMITS.maxColumns)).toBe(true);
    expect(CHART_MESSAGES.truncated(50, 10)).toBe('The dataset was truncated to 50 rows or 10 columns.');
    expect(truncateDraft({ columns: ['A'], rows: [{ label: 'x', cells: ['1'] }] }).truncated).toBe(false);
  });

  it('reads CSV with quoted cells and round-trips its own text', () => {
    const { draft } = draftFromText('Month,"Sales, net",Costs\nJan,10,4\n\nFeb,"12",5\n');
    expect(draft).toEqual({
      columns: ['Sales, net', 'Costs'],
      rows: [
        { label: 'Jan', cells: ['10', '4'] },
        { label: 'Feb', cells: ['12', '5'] },
      ],
    });
    const back = draftFromText(datasetToText(SAMPLE_DATASET)).draft;
    expect(datasetFromDraft(back)).toEqual({ ok: true, dataset: SAMPLE_DATASET });
    expect(draftFromDataset(readDataset(SAMPLE_DATASET))).toEqual(back);
  });

  it('reads whatever is stored without throwing', () => {
    expect(readDataset(undefined)).toEqual({ columns: [], rows: [] });
    expect(readDataset({ columns: ['A', 3], rows: [{ label: 'x', values: ['1'] }, null] })).toEqual({
      columns: ['A', ''],
      rows: [{ label: 'x', values: [Number.NaN] }],
    });
  });

  it('adds and removes rows and columns within the limits, never the last one', () => {
    let d = draftFromDataset(SAMPLE_DATASET);
    d = draftEdits.addColumn(d);
    expect(d.columns).toEqual(['Visitors', '']);
    expect(d.rows[0].cells).toEqual(['120', '']);
    d = draftEdits.removeColumn(draftEdits.removeColumn(d, 0), 0);
    expect(d.columns).toEqual(['']);
    d = draftEdits.addRow(d);
    expect(d.rows).toHaveLength(4);
    for (let i = 0; i < 60; i++) d = draftEdits.addRow(d);
    expect(d.rows).toHaveLength(CHART_LIMITS.maxRows);
    for (let i = 0; i < 60; i++) d = draftEdits.removeRow(d, 0);
    expect(d.rows).toHaveLength(1);
  });
});
