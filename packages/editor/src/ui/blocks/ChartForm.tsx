import {
  CHART_LIMITS,
  CHART_MESSAGES,
  CHART_VARIANTS,
  type DatasetDraft,
  datasetFromDraft,
  draftEdits,
  draftFromDataset,
  draftFromText,
  readDataset,
} from '@tessera/core/editor';
import { useEffect, useId, useRef, useState } from 'react';
import { type BlockFormProps, blockEdits, SelectField, TextField } from './common.js';

/**
 * The chart block's settings and dataset editor (loaded on demand: this module is its own chunk).
 * The chart type is the block's variant (bar, line, pie); `content.title`; `content.dataset` holds
 * series names and labelled rows of numbers. The grid is a draft: it reaches the block only when it
 * makes a whole dataset (SPEC §5 "Editor"), else the message says what is missing.
 */
export default function ChartForm(props: BlockFormProps) {
  const { set, setMany, variant } = blockEdits(props);
  const { block } = props;
  const stored = JSON.stringify(block.content.dataset ?? null);
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFromDataset(readDataset(block.content.dataset)));
  const [message, setMessage] = useState('');
  const [truncated, setTruncated] = useState(false);
  const [pasted, setPasted] = useState('');
  const written = useRef(stored);
  const id = useId();

  // Undo and redo change the stored dataset: the grid follows.
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    setDraft(draftFromDataset(readDataset(JSON.parse(stored))));
    setMessage('');
  }, [stored]);

  const update = (next: DatasetDraft, coalesce?: string) => {
    setDraft(next);
    const result = datasetFromDraft(next);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage('');
    written.current = JSON.stringify(result.dataset);
    setMany([['content', 'dataset', result.dataset]], coalesce);
  };
  const cell = (r: number, c: number, value: string) =>
    update(
      {
        ...draft,
        rows: draft.rows.map((row, i) =>
          i === r ? { ...row, cells: row.cells.map((v, j) => (j === c ? value : v)) } : row,
        ),
      },
      `dataset.${r}.${c}`,
    );

  return (
    <>
      <SelectField
        label="Chart type"
        value={CHART_VARIANTS.includes(block.variant as never) ? String(block.variant) : 'bar'}
        options={CHART_VARIANTS.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) }))}
        onChange={(v) => variant(v, 'type')}
      />
      <TextField
        label="Chart title"
        value={typeof block.content.title === 'string' ? block.content.title : ''}
        onChange={(v) => set('content', 'title', v)}
      />
      <fieldset className="ed-dataset">
        <legend>Data</legend>
        <p className="ed-hint" id={`${id}-limits`}>
          Up to {CHART_LIMITS.maxRows} rows and {CHART_LIMITS.maxColumns} columns.
          {block.variant === 'pie' ? ' A pie chart shows the first column.' : ''}
        </p>
        <div className="ed-dataset__scroll">
          <table aria-describedby={`${id}-limits`}>
            <thead>
              <tr>
                <td />
                {draft.columns.map((name, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the grid
                  <th key={c} scope="col">
                    <input
                      aria-label={`Column ${c + 1} name`}
                      value={name}
                      onChange={(e) =>
                        update(
                          { ...draft, columns: draft.columns.map((v, j) => (j === c ? e.target.value : v)) },
                          `dataset.column.${c}`,
                        )
                      }
                    />
                    <button
                      type="button"
                      aria-label={`Remove column ${c + 1}`}
                      disabled={!draftEdits.canRemoveColumn(draft)}
                      onClick={() => update(draftEdits.removeColumn(draft, c))}
                    >
                      ×
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the grid
                <tr key={r}>
                  <th scope="row">
                    <input
                      aria-label={`Row ${r + 1} label`}
                      value={row.label}
                      onChange={(e) =>
                        update(
                          { ...draft, rows: draft.rows.map((v, i) => (i === r ? { ...v, label: e.target.value } : v)) },
                          `dataset.label.${r}`,
                        )
                      }
                    />
                  </th>
                  {row.cells.map((value, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the grid
                    <td key={c}>
                      <input
                        aria-label={`Row ${r + 1} column ${c + 1} value`}
                        inputMode="decimal"
                        value={value}
                        onChange={(e) => cell(r, c, e.target.value)}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      aria-label={`Remove row ${r + 1}`}
                      disabled={!draftEdits.canRemoveRow(draft)}
                      onClick={() => update(draftEdits.removeRow(draft, r))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="ed-toolbar">
          <button
            type="button"
            disabled={!draftEdits.canAddRow(draft)}
            onClick={() => update(draftEdits.addRow(draft))}
          >
            Add row
          </button>
          <button
            type="button"
            disabled={!draftEdits.canAddColumn(draft)}
            onClick={() => update(draftEdits.addColumn(draft))}
          >
            Add column
          </button>
        </div>
        {message && (
          <p className="ed-field-error" role="alert">
            {message}
          </p>
        )}
        {truncated && (
          <p className="ed-hint" role="status">
            {CHART_MESSAGES.truncated(CHART_LIMITS.maxRows, CHART_LIMITS.maxColumns)}
          </p>
        )}
        <details>
          <summary>Paste from a spreadsheet</summary>
          <TextField
            label="Pasted data"
            multiline
            rows={5}
            hint="Series names on the first line, then one row a line: its label, then its numbers (tabs or commas between)."
            value={pasted}
            onChange={setPasted}
          />
          <button
            type="button"
            onClick={() => {
              const read = draftFromText(pasted);
              setTruncated(read.truncated);
              update(read.draft);
            }}
          >
            Use pasted data
          </button>
        </details>
      </fieldset>
    </>
  );
}
