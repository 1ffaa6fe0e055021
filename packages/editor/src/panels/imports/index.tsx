import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { followImport, type ImportProgress, phaseText, runningImport } from './job.js';
import { countText, IMPORT_KINDS, type ImportKind, type ImportReport } from './kinds.js';
import { sendFile } from './upload.js';
import './imports.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; dryRun: boolean; fraction: number }
  | { kind: 'preview'; report: ImportReport }
  | { kind: 'running'; progress: ImportProgress }
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

/** The import running on the server: its phase in words and a progress bar of the whole import. */
function Progress({ progress, kind }: { progress: ImportProgress; kind: ImportKind }) {
  return (
    <section aria-label="Import progress" className="ed-import__running">
      <p>
        Importing{progress.fileName ? ` ${progress.fileName}` : ''}. You can leave this page: the import goes on, and
        this panel shows it again when you come back.
      </p>
      <div className="ed-import__progress">
        <label htmlFor="ed-import-job">{phaseText(kind, progress)}</label>
        <progress id="ed-import-job" max={100} value={progress.percent} />
        <span className="ed-import__percent">{progress.percent}%</span>
      </div>
      {progress.warnings.length > 0 && (
        <ul className="ed-import__warnings" aria-label="Warnings">
          {progress.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Import (issue 19): choose a file, see what the import would do (a dry run on the server), then
 * import it: the server runs it as a job and the panel follows it with a progress bar (phase and
 * percentage), then shows a summary with a link to each item. Reloaded meanwhile, the panel finds
 * the running import and follows it again.
 */
export default function ImportPanel({ path }: PanelProps) {
  const kind = kindOfPath(path);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const file = useRef<File | undefined>(undefined);
  const [copyMedia, setCopyMedia] = useState(false);
  /** Stops following an import when the panel goes away or shows another kind. */
  const following = useRef<AbortController | undefined>(undefined);

  /** Shows the running import until it ends: its summary, or why it failed. */
  async function follow(started: ImportProgress) {
    following.current?.abort();
    const stop = new AbortController();
    following.current = stop;
    setStep({ kind: 'running', progress: started });
    setStatus(`Importing: ${phaseText(kind, started)}.`);
    try {
      const end = await followImport(started.id, (progress) => setStep({ kind: 'running', progress }), stop.signal);
      if (!end) return;
      if (end.state === 'done' && end.summary) {
        setStep({ kind: 'done', report: kind.toReport(end.summary as Record<string, unknown>) });
        setStatus('Import finished.');
      } else {
        setStep({ kind: 'choose' });
        setStatus('');
        setError(end.error?.message ?? 'The import failed. Nothing was imported.');
      }
    } catch (failure) {
      if (stop.signal.aborted) return;
      setStep({ kind: 'choose' });
      setStatus('');
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong');
    }
  }

  // An import of this kind still running (the page was reloaded, or opened again): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per kind of import shown
  useEffect(() => {
    let gone = false;
    runningImport(kind)
      .then((running) => {
        if (running && !gone) void follow(running);
      })
      .catch(() => {});
    return () => {
      gone = true;
      following.current?.abort();
    };
  }, [kind.id]);

  async function send(dryRun: boolean) {
    const chosen = file.current;
    if (!chosen) return;
    setError(undefined);
    setStep({ kind: 'sending', dryRun, fraction: 0 });
    setStatus(dryRun ? `Reading ${chosen.name}…` : `Sending ${chosen.name}…`);
    const query = new URLSearchParams({ dryRun: String(dryRun) });
    if (kind.mediaLabel && copyMedia) query.set('fetchMedia', 'true');
    if (!dryRun) {
      query.set('background', 'true');
      query.set('name', chosen.name.slice(0, 255));
    }
    try {
      const body = await sendFile<Record<string, unknown>>(
        `${kind.endpoint}?${query}`,
        chosen,
        kind.contentType,
        (fraction) => setStep({ kind: 'sending', dryRun, fraction }),
      );
      if (!dryRun) {
        void follow(body as unknown as ImportProgress);
        return;
      }
      setStep({ kind: 'preview', report: kind.toReport(body) });
      setStatus('Preview ready.');
    } catch (failure) {
      setStep({ kind: 'choose' });
      setStatus('');
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong');
    }
  }

  const sending = step.kind === 'sending' || step.kind === 'running';
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
      {step.kind === 'sending' && (
        <div className="ed-import__progress">
          <label htmlFor="ed-import-progress">{step.dryRun ? 'Reading the file' : 'Sending the file'}</label>
          <progress id="ed-import-progress" max={1} value={step.fraction < 1 ? step.fraction : undefined} />
          {step.fraction >= 1 && <span className="ed-hint"> Uploaded; the server is working on it…</span>}
        </div>
      )}
      {step.kind === 'running' && <Progress progress={step.progress} kind={kind} />}
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
