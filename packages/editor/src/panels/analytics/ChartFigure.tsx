import type { ChartConfiguration } from 'chart.js';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface TableSpec {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its words: a heading, a one-sentence summary (what a screen reader announces for
 * the canvas too) and the numbers as a table under "Show the figures". Chart.js loads on first use.
 */
export function ChartFigure(props: {
  title: string;
  summary: string;
  config: ChartConfiguration;
  table: TableSpec;
  /** Something to show instead of an empty chart ("No visits in this range."). */
  empty?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const { config, empty } = props;

  useEffect(() => {
    if (empty || !canvas.current) return;
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    import('./chart-setup.js')
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, config);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config, empty]);

  return (
    <figure className="an-figure ed-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p className="an-summary" id={`${id}-summary`}>
        {props.summary}
      </p>
      {empty ? (
        <p className="ed-empty">{empty}</p>
      ) : failed ? (
        <p className="ed-empty">The chart could not be drawn; the figures are in the table below.</p>
      ) : (
        <div className="an-canvas">
          <canvas ref={canvas} role="img" aria-label={`${props.title} chart`} aria-describedby={`${id}-summary`} />
        </div>
      )}
      {props.children}
      <details className="an-details">
        <summary>Show the figures</summary>
        <table className="ed-table">
          <caption className="ed-sr">{props.title}</caption>
          <thead>
            <tr>
              {props.table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={props.table.columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={props.table.columns[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
