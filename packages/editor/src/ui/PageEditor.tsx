import './page-editor.css';
import { DEVICE_PREVIEWS, type DevicePreview } from '@tessera/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileEntry, FileList } from '@tessera/core/contracts/files';
import type { PageDocument, PageList, PageSummary } from '@tessera/core/contracts/pages';
import { ApiError, api } from '../api.js';
import { COMMANDS, type Command, type EditorState, edit, initialState } from '../model/commands.js';
import { normalizeDoc, type PageDoc } from '../model/document.js';
import { DraftSync } from '../model/draft-sync.js';
import type { Operation } from '../model/operations.js';
import { shortcutText } from '../model/shortcuts.js';
import { Canvas } from './Canvas.js';
import { Inspector } from './Inspector.js';
import { PagesPanel } from './PagesPanel.js';
import { PLATFORM, useEditorKeys } from './use-editor-keys.js';

type SaveState = 'saved' | 'saving' | 'unsaved' | 'error';
const AUTOSAVE_MS = 700;

function pageIdFromUrl(): string | undefined {
  const match = /^\/config\/pages\/([^/]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** The shortcuts sheet (`?`), the file manager and the discard dialog load when first opened, off the first load. */
const ShortcutsSheet = lazy(() => import('./ShortcutsSheet.js').then((m) => ({ default: m.ShortcutsSheet })));
const FileManager = lazy(() => import('./FileManager.js').then((m) => ({ default: m.FileManager })));
const ConfirmDialog = lazy(() => import('./ConfirmDialog.js').then((m) => ({ default: m.ConfirmDialog })));

/** The page editor at /config/pages: pages panel, canvas and inspector with undo, autosave and publish. */
export function PageEditor() {
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [pageId, setPageId] = useState<string | undefined>(pageIdFromUrl());
  const [doc, setDoc] = useState<PageDocument | undefined>();
  const [state, setState] = useState<EditorState | undefined>();
  const [save, setSave] = useState<SaveState>('saved');
  const [error, setError] = useState('');
  const [files, setFiles] = useState<FileEntry[]>([]);
  const [showFiles, setShowFiles] = useState(false);
  const [hasDraft, setHasDraft] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const sync = useRef<DraftSync<PageDoc> | undefined>(undefined);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** Changes the server does not have yet. */
  const unsaved = useCallback(() => !!stateRef.current && stateRef.current.history.doc !== sync.current?.saved, []);

  const loadPages = useCallback(async () => {
    try {
      setPages((await api<PageList>('GET', '/api/config/pages')).pages);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 0 ? 'Unable to load collections' : (e as Error).message);
    }
  }, []);
  const loadFiles = useCallback(async () => {
    try {
      setFiles((await api<FileList>('GET', '/api/config/files')).files);
    } catch {
      // the file manager shows its own error when opened
    }
  }, []);

  useEffect(() => {
    void loadPages();
    void loadFiles();
  }, [loadPages, loadFiles]);

  // Open a page: its draft becomes the undo history's start.
  useEffect(() => {
    if (!pageId) return;
    let cancelled = false;
    setDoc(undefined);
    setState(undefined);
    api<PageDocument>('GET', `/api/config/pages/${encodeURIComponent(pageId)}`)
      .then((found) => {
        if (cancelled) return;
        const start = normalizeDoc(found.draft.sections);
        const id = pageId;
        sync.current = new DraftSync<PageDoc>(async (sending) => {
          await api('PUT', `/api/config/pages/${encodeURIComponent(id)}/draft`, { sections: sending.sections });
        }, start);
        setDoc(found);
        setHasDraft(found.summary.hasDraft);
        setState(initialState(start));
        setSave('saved');
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [pageId]);

  // Autosave: the draft is sent a moment after the last change. Answers whether the server has it.
  const current = state?.history.doc;
  const saveNow = useCallback(async (): Promise<boolean> => {
    const drafts = sync.current;
    if (!drafts || !stateRef.current) return false;
    if (!unsaved()) return true;
    setSave('saving');
    const result = await drafts.save(() => (stateRef.current as EditorState).history.doc);
    if (drafts !== sync.current) return false;
    if (!result.ok) {
      setSave('error');
      setError(result.error.message);
      return false;
    }
    setHasDraft(true);
    setSave(unsaved() ? 'unsaved' : 'saved');
    return true;
  }, [unsaved]);
  useEffect(() => {
    if (!current || current === sync.current?.saved) return;
    setSave('unsaved');
    const timer = window.setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [current, saveNow]);

  const openPage = useCallback(
    (id: string) => {
      if (unsaved()) void saveNow();
      window.history.pushState(null, '', `/config/pages/${encodeURIComponent(id)}`);
      setPageId(id);
    },
    [saveNow, unsaved],
  );

  useEffect(() => {
    const onPop = () => setPageId(pageIdFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Warn before leaving with changes the server does not have yet.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved()) {
        event.preventDefault();
        event.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const runCommand = useCallback((command: Command) => {
    setState((s) => (s && command.enabled(s) ? command.perform(s) : s));
  }, []);
  const getState = useCallback(() => stateRef.current, []);
  const keys = useEditorKeys({ getState, runCommand });

  const apply = useCallback(
    (label: string, operations: Operation[], selection?: EditorState['selection'], coalesce?: string) => {
      setState((s) =>
        s ? edit(s, label, operations, selection === undefined ? s.selection : selection, coalesce) : s,
      );
    },
    [],
  );
  const select = useCallback(
    (selection: EditorState['selection']) => setState((s) => (s ? { ...s, selection } : s)),
    [],
  );

  // Publish what the editor shows: save first (again, if autosave failed) and publish only after
  // the server has it, so a page is never published without the owner's last changes.
  const publish = useCallback(async () => {
    if (!pageId) return;
    if (!(await saveNow())) {
      setError((e) => `Not published: the draft could not be saved. ${e}`.trim());
      return;
    }
    try {
      const published = await api<PageDocument>('POST', `/api/config/pages/${encodeURIComponent(pageId)}/publish`);
      setDoc(published);
      setHasDraft(unsaved());
      setError('');
      setState((s) => (s ? { ...s, announcement: 'Published' } : s));
      void loadPages();
    } catch (e) {
      setError((e as Error).message);
    }
  }, [pageId, saveNow, loadPages, unsaved]);

  // Discard the draft: back to the published version, with a fresh undo history.
  const discard = useCallback(async () => {
    const drafts = sync.current;
    if (!pageId || !drafts) return;
    setConfirmDiscard(false);
    await drafts.hold();
    try {
      await api('DELETE', `/api/config/pages/${encodeURIComponent(pageId)}/draft`);
      const found = await api<PageDocument>('GET', `/api/config/pages/${encodeURIComponent(pageId)}`);
      const start = normalizeDoc(found.published.sections);
      drafts.reset(start);
      setDoc(found);
      setHasDraft(false);
      setSave('saved');
      setError('');
      setState((s) => ({ ...initialState(start), device: s?.device ?? 'desktop', announcement: 'Draft discarded' }));
      void loadPages();
    } catch (e) {
      drafts.reset(drafts.saved);
      setError((e as Error).message);
    }
  }, [pageId, loadPages]);

  const blockTools = useMemo(
    () => COMMANDS.filter((c) => ['moveBlockUp', 'moveBlockDown', 'duplicateBlock', 'deleteBlock'].includes(c.name)),
    [],
  );
  const toolbarCommands = useMemo(() => COMMANDS.filter((c) => c.name === 'undo' || c.name === 'redo'), []);
  const device: DevicePreview = state?.device ?? 'desktop';
  const saveLabel = { saved: 'Saved', saving: 'Saving…', unsaved: 'Unsaved changes', error: 'Not saved' }[save];

  return (
    <div className="ed ed--pages">
      <header className="ed-top">
        <span className="ed-title">{doc?.settings.title ?? 'Pages'}</span>
        <div className="ed-top__group" role="toolbar" aria-label="History">
          {toolbarCommands.map((c) => (
            <button
              key={c.name}
              type="button"
              disabled={!state || !c.enabled(state)}
              onClick={() => runCommand(c)}
              title={shortcutText(c.name, PLATFORM)}
            >
              {c.label}
            </button>
          ))}
        </div>
        <fieldset className="ed-top__group ed-devices">
          <legend className="ed-sr">Device preview</legend>
          {(Object.keys(DEVICE_PREVIEWS) as DevicePreview[]).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={device === d}
              disabled={!state}
              onClick={() => setState((s) => (s ? { ...s, device: d } : s))}
            >
              {DEVICE_PREVIEWS[d].label}
            </button>
          ))}
        </fieldset>
        <span className={`ed-save ed-save--${save}`} role="status" data-save-state={save}>
          {state ? saveLabel : ''}
        </span>
        <button type="button" onClick={keys.openSheet} aria-keyshortcuts="?">
          Shortcuts
        </button>
        <button type="button" onClick={() => setShowFiles(true)}>
          Files
        </button>
        <button
          type="button"
          disabled={!state || (!hasDraft && save === 'saved')}
          onClick={() => setConfirmDiscard(true)}
        >
          Discard draft
        </button>
        <button type="button" className="ed-primary" disabled={!state} onClick={() => void publish()}>
          Publish
        </button>
      </header>
      {error && (
        <div className="ed-error" role="alert">
          {error}{' '}
          <button type="button" onClick={() => setError('')}>
            Dismiss
          </button>
        </div>
      )}
      <div className="ed-body">
        <PagesPanel
          pages={pages}
          currentId={pageId}
          onOpen={openPage}
          onChanged={loadPages}
          onSettingsSaved={(updated) => {
            setDoc((d) =>
              d && d.summary.id === updated.summary.id
                ? { ...d, settings: updated.settings, summary: updated.summary }
                : d,
            );
            void loadPages();
          }}
          onError={setError}
        />
        <main className="ed-canvas-area" aria-label="Page preview">
          {state && doc && pageId ? (
            <Canvas
              pageId={pageId}
              doc={state.history.doc}
              selection={state.selection}
              device={device}
              onSelect={select}
              onKey={keys.onKey}
              apply={apply}
              tools={blockTools.map((c) => ({
                name: c.name,
                label: c.label.replace(' block', ''),
                shortcut: shortcutText(c.name, PLATFORM),
                enabled: c.enabled(state),
                run: () => runCommand(c),
              }))}
            />
          ) : (
            <p className="ed-empty">{pageId ? 'Loading…' : 'Choose a page to edit, or create one.'}</p>
          )}
        </main>
        {state && (
          <Inspector state={state} apply={apply} select={select} runCommand={runCommand} pages={pages} files={files} />
        )}
      </div>
      <div className="ed-sr" aria-live="polite">
        {state?.announcement}
      </div>
      <Suspense fallback={null}>
        {confirmDiscard && (
          <ConfirmDialog
            title="Discard the draft?"
            text="The page goes back to its published version. Changes that are not published are lost, and undo starts afresh."
            confirm="Discard draft"
            onConfirm={() => void discard()}
            onCancel={() => setConfirmDiscard(false)}
          />
        )}
        {keys.sheetOpen && <ShortcutsSheet platform={PLATFORM} onClose={keys.closeSheet} />}
        {showFiles && <FileManager files={files} onClose={() => setShowFiles(false)} onChanged={loadFiles} />}
      </Suspense>
    </div>
  );
}
