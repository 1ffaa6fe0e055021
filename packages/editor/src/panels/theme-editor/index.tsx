import type { Text } from '@codemirror/state';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import type { PositionedError } from './jsont-language.js';
import type {
  ThemeDraftAnswer as DraftAnswer,
  ThemeCompileError,
  ThemeFileAnswer,
  ThemeListing,
  ThemeSavedAnswer,
} from '@tessera/core/contracts/site-themes';
import { FileTree, Preview, sameErrors } from './parts.js';
import { Versions } from './Versions.js';
import './theme-editor.css';

const BASE = '/api/config/theme';
/** The draft is saved this long after the last keystroke; then the preview reloads. */
const SAVE_DELAY_MS = 800;
const SourceEditor = lazy(() => import('./SourceEditor.js'));

/**
 * The theme editor (`/config/theme`, issue 21): the site's own copy of the theme's templates,
 * partials and stylesheets. Edits go to the draft (saved as you type); "Save version" numbers it;
 * a version is published, compared or rolled back in Versions. The preview shows any page with the draft.
 */
export default function ThemeEditorPanel(_props: PanelProps) {
  const listing = useResource<ThemeListing>(`${BASE}/editor`);
  const [path, setPath] = useState('templates/layout.jsont');
  const [file, setFile] = useState<ThemeFileAnswer | null>(null);
  // The file's text as loaded (`n` counts loads: a reload after a rollback or revert remakes the code
  // editor with it). While editing, the text lives in CodeMirror (SourceEditor), not here.
  const [loaded, setLoaded] = useState({ text: '', n: 0 });
  const [liveErrors, setLiveErrors] = useState<PositionedError[]>([]);
  const [draftErrors, setDraftErrors] = useState<ThemeCompileError[]>([]);
  const [refusal, setRefusal] = useState<ThemeCompileError[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [label, setLabel] = useState('');
  const [previewPath, setPreviewPath] = useState('/');
  const [previewKey, setPreviewKey] = useState(0);
  const pending = useRef<{ path: string; doc: Text } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (listing.data) setDraftErrors(listing.data.errors);
  }, [listing.data]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const edit = pending.current;
    if (!edit) return;
    pending.current = null;
    try {
      const answer = await api<DraftAnswer>('PUT', `${BASE}/draft`, { files: { [edit.path]: edit.doc.toString() } });
      setDraftErrors(answer.errors);
      setStatus('Draft saved.');
      setPreviewKey((n) => n + 1);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    let current = true;
    setFile(null);
    void (async () => {
      await flush();
      try {
        const answer = await api<ThemeFileAnswer>('GET', `${BASE}/file?path=${encodeURIComponent(path)}`);
        if (!current) return;
        setFile(answer);
        setLoaded((was) => ({ text: answer.draft ?? answer.default, n: was.n + 1 }));
      } catch (e) {
        if (current) setError((e as Error).message);
      }
    })();
    return () => {
      current = false;
    };
  }, [path, flush]);

  // Each keystroke: remember the document and restart the save timer; the panel renders once per
  // burst of typing (the status), not once per key.
  const onEdit = useCallback(
    (doc: Text) => {
      if (!pending.current) setStatus('Editing…');
      pending.current = { path, doc };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [path, flush],
  );
  const onErrors = useCallback(
    (errors: PositionedError[]) => setLiveErrors((shown) => (sameErrors(shown, errors) ? shown : errors)),
    [],
  );
  const onVersionError = useCallback((message: string, errors?: ThemeCompileError[]) => {
    setError(message);
    setRefusal(errors ?? []);
  }, []);

  const reload = useCallback(
    async (message: string) => {
      setStatus(message);
      setRefusal([]);
      await listing.reload();
      const answer = await api<ThemeFileAnswer>('GET', `${BASE}/file?path=${encodeURIComponent(path)}`);
      setFile(answer);
      setLoaded((was) => ({ text: answer.draft ?? answer.default, n: was.n + 1 }));
      setPreviewKey((n) => n + 1);
    },
    [listing.reload, path],
  );

  async function saveVersion() {
    setError('');
    await flush();
    try {
      const answer = await api<ThemeSavedAnswer>('POST', `${BASE}/versions`, {
        label: label.trim() || undefined,
      });
      setLabel('');
      await listing.reload();
      setStatus(
        answer.errors.length > 0
          ? `Saved version ${answer.version.number}. It has template errors, so it cannot be published.`
          : `Saved version ${answer.version.number}.`,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function revertFile() {
    clearTimeout(timer.current);
    pending.current = null;
    try {
      await api('PUT', `${BASE}/draft`, { files: { [path]: null } });
      await reload(`${path} is back to the default theme's.`);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const reloadPreview = useCallback(() => setPreviewKey((n) => n + 1), []);
  const data = listing.data;
  const changed = useMemo(() => new Set(data?.draft.files ?? []), [data]);
  const shownErrors = file?.kind === 'css' ? [] : liveErrors;
  return (
    <Panel
      title="Theme"
      error={error || listing.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <>
          <input
            aria-label="Version label"
            placeholder="Label (optional)"
            value={label}
            maxLength={100}
            onChange={(e) => setLabel(e.target.value)}
          />
          <button type="button" onClick={() => void saveVersion()}>
            Save version
          </button>
        </>
      }
    >
      {refusal.length > 0 && (
        <div className="ed-error te-refusal" role="alert" aria-label="Publishing refused">
          <ul>
            {refusal.map((e) => (
              <li key={`${e.file}:${e.line}:${e.column}:${e.message}`}>
                {e.file} line {e.line}, column {e.column}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="te-layout">
        <FileTree files={data?.files} current={path} changed={changed} onOpen={setPath} />
        <div className="te-main">
          <div className="te-file-bar">
            <strong>{path}</strong>
            {changed.has(path) && (
              <button type="button" onClick={() => void revertFile()}>
                Use the default theme's file
              </button>
            )}
          </div>
          {file ? (
            <Suspense fallback={<p>Loading the code editor…</p>}>
              <SourceEditor
                key={`${path}#${loaded.n}`}
                path={path}
                value={loaded.text}
                jsont={file.kind !== 'css'}
                onEdit={onEdit}
                onErrors={onErrors}
              />
            </Suspense>
          ) : (
            <p>Loading {path}…</p>
          )}
          <div className="te-errors" role="status" aria-live="polite" aria-label="Template errors">
            {shownErrors.length === 0 ? (
              <p className="te-ok">No template errors in this file.</p>
            ) : (
              <ul>
                {shownErrors.map((e) => (
                  <li key={`${e.line}:${e.column}:${e.message}`}>
                    Line {e.line}, column {e.column}: {e.message}
                  </li>
                ))}
              </ul>
            )}
            {draftErrors.some((e) => e.file !== path) && (
              <p>
                Other files of the draft have errors:{' '}
                {[...new Set(draftErrors.filter((e) => e.file !== path).map((e) => e.file))].join(', ')}
              </p>
            )}
          </div>
          {data && <Versions versions={data.versions} live={data.live} onChanged={reload} onError={onVersionError} />}
        </div>
        <Preview reloads={previewKey} path={previewPath} onPath={setPreviewPath} onReload={reloadPreview} />
      </div>
    </Panel>
  );
}
