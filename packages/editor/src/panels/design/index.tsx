import { fontPackChange, SITE_ADMIN_MESSAGES } from '@tessera/core';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { ColoursTweak } from './ColoursTweak.js';
import { FontsTweak } from './FontsTweak.js';
import { PreviewFrame } from './PreviewFrame.js';
import { AnimationsTweak, ButtonsTweak } from './StyleTweaks.js';
import { TabPanel, Tabs } from './Tabs.js';
import { designSaveBody, isDirty, previewBody, savedParts, setActiveFontPack, styleChanges } from './draft.js';
import { TWEAKS, type TweakHost, type TweakName } from './tweak-host.js';
import { useTweakHost } from './use-tweak-host.js';
import type { ColorMap, Design, DesignAnswer, PreviewAnswer } from '@tessera/core/contracts/design';
import './design.css';

const BASE = '/config/design';
const API = '/api/config/design';
const TAB_LABELS: Record<TweakName, string> = {
  colours: 'Colours',
  fonts: 'Fonts',
  buttons: 'Buttons',
  animations: 'Animations',
};

function tabOf(path: string): TweakName {
  const segment = path.slice(BASE.length + 1).split('/')[0];
  return (TWEAKS as readonly string[]).includes(segment) ? (segment as TweakName) : 'colours';
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return 'Unable to connect. Please try again';
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** One tab's content: tells the host before it opens, after it shows and after it has closed. */
function TweakView(props: { name: TweakName; host: TweakHost; children: ReactNode }) {
  const { name, host } = props;
  useLayoutEffect(() => {
    host.opening(name);
    return () => {
      host.closed(name);
    };
  }, [name, host]);
  useEffect(() => {
    host.shown(name);
  }, [name, host]);
  return (
    <TabPanel idPrefix="ds-tweak" id={name}>
      {props.children}
    </TabPanel>
  );
}

/**
 * The Design panel: colours, fonts, buttons and animations of the site, shown live on the site in
 * a frame and saved together (only the SPEC §3 dirty paths, then buttons and animations).
 */
export default function DesignPanel(props: PanelProps) {
  const tab = tabOf(props.path);
  const host = useTweakHost();
  const [saved, setSaved] = useState<Design>();
  const [draft, setDraft] = useState<Design>();
  const draftRef = useRef<Design | undefined>(undefined);
  draftRef.current = draft;
  const [loadError, setLoadError] = useState('');
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState(false);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [frameKey, setFrameKey] = useState(0);
  const [themeColors, setThemeColors] = useState<ColorMap>({});

  const load = useCallback(async () => {
    try {
      const answer = await api<DesignAnswer>('GET', API);
      setSaved(answer.design);
      setDraft(answer.design);
      setLoadError('');
      setConflict(false);
      setError('');
    } catch (e) {
      setLoadError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const dirty = !!saved && !!draft && isDirty(saved, draft);

  // The unsaved changes, shown on the framed site; the saved design needs no preview.
  useEffect(() => {
    if (!saved || !draft) return;
    const body = previewBody(saved, draft);
    if (!body) {
      setPreview(undefined);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api<PreviewAnswer>('POST', `${API}/preview`, body).then(
        (answer) => current && setPreview(answer),
        (e) => current && setError(messageOf(e)),
      );
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [saved, draft]);

  // Leaving the editor with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const edit = useCallback(
    (change: (design: Design) => Design, path: string) => {
      const current = draftRef.current;
      if (!current) return;
      const next = change(current);
      draftRef.current = next;
      setDraft(next);
      setStatus('');
      host.changed(path);
    },
    [host],
  );

  const choosePack = useCallback(
    (id: string | null) => {
      if (!saved || !draftRef.current || draftRef.current.fonts.activeThemeId === id) return;
      const wasDirty = isDirty(saved, draftRef.current);
      edit((d) => setActiveFontPack(d, id), 'fonts.activeThemeId');
      // SPEC §4: tracked by whether there were unsaved changes before; a failure only loses the event.
      api('POST', `${API}/events`, {
        event: 'font-pack-change',
        transition: fontPackChange(wasDirty),
        fontPackId: id,
      }).catch(() => undefined);
    },
    [saved, edit],
  );

  async function save() {
    if (!saved || !draft) return;
    setSaving(true);
    setError('');
    setStatus('Saving…');
    const parts = savedParts(saved, draft);
    let next = saved;
    try {
      const body = designSaveBody(saved, draft);
      if (body) next = (await api<DesignAnswer>('PUT', API, body)).design;
      const style = styleChanges(saved, draft);
      if (style) next = (await api<DesignAnswer>('PUT', `${API}/style`, style)).design;
      setSaved(next);
      setDraft(next);
      setFrameKey((n) => n + 1);
      host.saved(parts);
      setStatus('All changes saved');
    } catch (e) {
      // What did save stays saved (the colours and fonts before buttons and animations).
      if (next !== saved) {
        setSaved(next);
        setDraft({ ...next, buttons: draft.buttons, animations: draft.animations });
      }
      setConflict(e instanceof ApiError && e.status === 409);
      setError(messageOf(e));
      setStatus('');
    } finally {
      setSaving(false);
    }
  }

  function reset() {
    if (!saved) return;
    setDraft(saved);
    setError('');
    host.reset();
    setStatus('Changes discarded');
  }

  const onFontFailed = useCallback(
    (family: string) => setError(SITE_ADMIN_MESSAGES.unableToLoadFontPreview(family)),
    [],
  );

  if (!saved || !draft) {
    return (
      <Panel title="Design" error={loadError}>
        {loadError ? (
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        ) : (
          <p className="ed-empty">Loading…</p>
        )}
      </Panel>
    );
  }

  const actions = (
    <>
      <span className="ds-state" aria-hidden="true">
        {saving ? 'Saving…' : dirty ? 'Unsaved changes' : status || 'Saved'}
      </span>
      {conflict && (
        <button type="button" onClick={() => void load()}>
          Reload the design
        </button>
      )}
      <button type="button" onClick={reset} disabled={!dirty || saving}>
        Reset
      </button>
      <button type="button" className="ed-primary" onClick={() => void save()} disabled={!dirty || saving}>
        Save
      </button>
    </>
  );

  return (
    <Panel
      title="Design"
      actions={actions}
      error={error}
      onDismissError={() => setError('')}
      status={saving ? 'Saving…' : status}
    >
      <div className="ds-layout">
        <div className="ds-controls">
          <Tabs
            label="Design settings"
            idPrefix="ds-tweak"
            items={TWEAKS.map((id) => ({ id, label: TAB_LABELS[id] }))}
            selected={tab}
            onSelect={(id) => {
              if (id === tab) return;
              host.closing(tab);
              props.navigate(`${BASE}/${id}`);
            }}
          />
          <TweakView key={tab} name={tab} host={host}>
            {tab === 'colours' && <ColoursTweak draft={draft} themeColors={themeColors} edit={edit} />}
            {tab === 'fonts' && <FontsTweak draft={draft} edit={edit} choosePack={choosePack} />}
            {tab === 'buttons' && <ButtonsTweak draft={draft} edit={edit} />}
            {tab === 'animations' && <AnimationsTweak draft={draft} edit={edit} />}
          </TweakView>
        </div>
        <PreviewFrame
          preview={preview}
          reloadKey={frameKey}
          onThemeColors={setThemeColors}
          onFontFailed={onFontFailed}
        />
      </div>
    </Panel>
  );
}
