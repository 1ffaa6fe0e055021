import { useRef, useState } from 'react';
import { ApiError } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { countText, IMPORT_KINDS, type ImportKind, type ImportReport } from './kinds.js';
import { sendFile } from './upload.js';
import './imports.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; dryRun: boolean; fraction: number }
  | { kind: 'preview'; report: ImportReport }
  | { kind: 'done'; report: ImportReport };

/** Which import a panel address shows (two entries of the panel registry share this panel). */
export function kindOfPath(path: string): ImportKind {
  return path.startsWith('/config/commerce/') ? IMPORT_KINDS.products : IMPORT_KINDS.wordpress;
}

function Summary({ report, noun }: { report: ImportReport; noun: string }) {
  const verb = report.dryRun ? ['would be created', 'would be updated'] : ['created', 'updated'];
  return (
    <p className="ed-import__summary">
      {countText(report.created, noun)} {verb[0]}, {countText(report.updated, noun)} {verb[1]}, {report.problems.length}{' '}
      {report.dryRun ? 'to leave out' : 'left out'}.
    </p>
  );
}

function ReportTable({ report, kind }: { report: ImportReport; kind: ImportKind }) {
  const action = (a: 'create' | 'update') =>
    report.dryRun ? (a === 'create' ? 'Will create' : 'Will update') : a === 'create' ? 'Created' : 'Updated';
  const rows = [
    ...report.planned.map((p) => ({ line: p.line, action: action(p.action), p, reason: p.detail })),
    ...report.problems.map((r) => ({ line: r.line, action: kind.problemLabel, p: undefined, reason: r.reason })),
  ].sort((a, b) => a.line - b.line);
  return (
    <table className="ed-table ed-import__table">
      <caption className="ed-sr">{report.dryRun ? 'What the import would do' : 'What was imported'}</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Result</th>
          <th scope="col">Title</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.line}-${row.action}`} className={row.p ? undefined : 'ed-import__problem'}>
            <td>{row.line}</td>
            <td>{row.action}</td>
            <td>
              {row.p && !report.dryRun ? (
                <a href={row.p.url} target="_blank" rel="noreferrer">
                  {row.p.title}
                </a>
              ) : (
                (row.p?.title ?? '')
              )}
            </td>
            <td>{row.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Import (issue 19): choose a file, see what the import would do (a dry run on the server), then
 * import it; a progress bar while the file goes up, and a summary with a link to each item after.
 */
export default function ImportPanel({ path }: PanelProps) {
  const kind = kindOfPath(path);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const file = useRef<File | undefined>(undefined);
  const [copyMedia, setCopyMedia] = useState(false);

  async function send(dryRun: boolean) {
    const chosen = file.current;
    if (!chosen) return;
    setError(undefined);
    setStep({ kind: 'sending', dryRun, fraction: 0 });
    setStatus(dryRun ? `Reading ${chosen.name}…` : `Importing ${chosen.name}…`);
    try {
      const body = await sendFile<Record<string, unknown>>(
        `${kind.endpoint}?dryRun=${dryRun}${kind.mediaLabel && copyMedia ? '&fetchMedia=true' : ''}`,
        chosen,
        kind.contentType,
        (fraction) => setStep({ kind: 'sending', dryRun, fraction }),
      );
      const report = kind.toReport(body);
      setStep(dryRun ? { kind: 'preview', report } : { kind: 'done', report });
      setStatus(dryRun ? 'Preview ready.' : 'Import finished.');
    } catch (failure) {
      setStep({ kind: 'choose' });
      setStatus('');
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong');
    }
  }

  const sending = step.kind === 'sending';
  return (
    <Panel title={kind.title} error={error} onDismissError={() => setError(undefined)} status={status}>
      <p className="ed-hint ed-import__intro">{kind.intro}</p>
      <div className="ed-import__choose">
        <label htmlFor="ed-import-file">File</label>
        <input
          id="ed-import-file"
          type="file"
          accept={kind.accept}
          disabled={sending}
          onChange={(event) => {
            file.current = event.target.files?.[0];
            if (file.current) void send(true);
          }}
        />
      </div>
      {kind.mediaLabel && (
        <label className="ed-import__media">
          <input
            type="checkbox"
            checked={copyMedia}
            disabled={sending}
            onChange={(event) => setCopyMedia(event.target.checked)}
          />{' '}
          {kind.mediaLabel}
        </label>
      )}
      {sending && (
        <div className="ed-import__progress">
          <label htmlFor="ed-import-progress">{step.dryRun ? 'Reading the file' : 'Importing'}</label>
          <progress id="ed-import-progress" max={1} value={step.fraction < 1 ? step.fraction : undefined} />
          {step.fraction >= 1 && <span className="ed-hint"> Uploaded; the server is working on it…</span>}
        </div>
      )}
      {(step.kind === 'preview' || step.kind === 'done') && (
        <section aria-label={step.kind === 'preview' ? 'Preview' : 'Result'} className="ed-import__report">
          <Summary report={step.report} noun={kind.noun} />
          {step.report.warnings && step.report.warnings.length > 0 && (
            <ul className="ed-import__warnings" aria-label="Warnings">
              {step.report.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {step.kind === 'preview' && (
            <button
              type="button"
              className="ed-primary"
              disabled={step.report.created + step.report.updated === 0}
              onClick={() => void send(false)}
            >
              Import {countText(step.report.created + step.report.updated, kind.noun)}
            </button>
          )}
          <ReportTable report={step.report} kind={kind} />
          <details>
            <summary>Details</summary>
            <pre className="ed-import__text">{step.report.text}</pre>
          </details>
        </section>
      )}
    </Panel>
  );
}
