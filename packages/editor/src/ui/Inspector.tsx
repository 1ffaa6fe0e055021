import { BlockType, EDITOR_LIMITS, GALLERY_SETTING_FIELDS, PROMOTED_BLOCK_TYPES } from '@tessera/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FileEntry, PageSummary } from '../api.js';
import { COMMANDS, type Command, type EditorState } from '../model/commands.js';
import { BLOCK_KINDS, type Block, blockLabel, newBlock, newSection } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';
import { Layers } from './Layers.js';
import { LinkEditor } from './LinkEditor.js';

type Apply = (label: string, operations: Operation[], selection?: EditorState['selection'], coalesce?: string) => void;

interface InspectorProps {
  state: EditorState;
  apply: Apply;
  select: (selection: EditorState['selection']) => void;
  runCommand: (command: Command) => void;
  pages: PageSummary[];
  files: FileEntry[];
}

/** Promoted types first (SPEC §9), then the rest in their usual order. */
const MENU_KINDS = [...BLOCK_KINDS].sort((a, b) => {
  const rank = (type: number) => {
    const i = PROMOTED_BLOCK_TYPES.indexOf(type);
    return i < 0 ? PROMOTED_BLOCK_TYPES.length : i;
  };
  return rank(a.type) - rank(b.type);
});

const CodeEditor = lazy(() => import('./CodeEditor.js'));
const RichText = lazy(() => import('./RichText.js'));
const IS_ANDROID = typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);

const BLOCK_TOOLS = ['moveBlockUp', 'moveBlockDown', 'duplicateBlock', 'deleteBlock'];
const IMAGE_FILE = /\.(jpe?g|png|webp|gif)$/i;

export function Inspector({ state, apply, select, runCommand, pages, files }: InspectorProps) {
  const { doc } = state.history;
  const sectionIndex =
    state.selection?.kind === 'section'
      ? doc.sections.findIndex((s) => s.id === state.selection?.id)
      : state.selection?.kind === 'block'
        ? (findBlock(doc, state.selection.id)?.section ?? -1)
        : -1;
  const path = state.selection?.kind === 'block' ? findBlock(doc, state.selection.id) : undefined;
  const block = path ? doc.sections[path.section]?.blocks[path.index] : undefined;
  const targetSection = sectionIndex >= 0 ? sectionIndex : doc.sections.length - 1;

  const addBlock = (key: string) => {
    const kind = BLOCK_KINDS.find((k) => k.key === key);
    if (!kind) return;
    const created = newBlock(kind);
    if (targetSection < 0) {
      const section = newSection();
      apply(
        `Added ${kind.label}`,
        [
          { op: 'addSection', index: 0, section },
          { op: 'addBlock', section: 0, index: 0, block: created },
        ],
        { kind: 'block', id: created.id },
      );
      return;
    }
    const index = path ? path.index + 1 : (doc.sections[targetSection]?.blocks.length ?? 0);
    apply(`Added ${kind.label}`, [{ op: 'addBlock', section: path?.section ?? targetSection, index, block: created }], {
      kind: 'block',
      id: created.id,
    });
  };

  return (
    <aside className="ed-inspector" aria-label="Page structure and settings">
      <section className="ed-panel">
        <h2>Add</h2>
        <button type="button" onClick={() => runCommand(COMMANDS.find((c) => c.name === 'addSection') as Command)}>
          Add section
        </button>
        <label>
          Add block
          <select
            value=""
            aria-label="Add block"
            disabled={(doc.sections[targetSection]?.blocks.length ?? 0) >= EDITOR_LIMITS.maxBlocksPerLayout}
            onChange={(e) => {
              addBlock(e.target.value);
              e.target.value = '';
            }}
          >
            <option value="">Choose a block…</option>
            {MENU_KINDS.map((k) => (
              <option key={k.key} value={k.key}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </section>

      <section className="ed-panel">
        <h2>Layers</h2>
        <Layers doc={doc} selection={state.selection} select={select} apply={apply} />
      </section>

      {block && path && (
        <section className="ed-panel" aria-label={`${blockLabel(block)} settings`}>
          <h2>{blockLabel(block)}</h2>
          <div role="toolbar" aria-label="Block" className="ed-toolbar">
            {COMMANDS.filter((c) => BLOCK_TOOLS.includes(c.name)).map((c) => (
              <button
                key={c.name}
                type="button"
                disabled={!c.enabled(state)}
                onClick={() => runCommand(c)}
                title={c.shortcut}
              >
                {c.label}
              </button>
            ))}
          </div>
          <BlockSettings
            key={block.id}
            block={block}
            apply={apply}
            section={path.section}
            index={path.index}
            pages={pages}
            files={files}
          />
        </section>
      )}

      {state.selection?.kind === 'section' && sectionIndex >= 0 && (
        <section className="ed-panel" aria-label="Section settings">
          <h2>Section {sectionIndex + 1}</h2>
          {(
            [
              ['theme', ['plain', 'light', 'dark', 'accent']],
              ['width', ['wide', 'narrow', 'full']],
              ['layout', ['flow', 'hero']],
            ] as const
          ).map(([key, options]) => (
            <label key={key}>
              {key[0].toUpperCase() + key.slice(1)}
              <select
                value={String(doc.sections[sectionIndex]?.settings[key] ?? options[0])}
                onChange={(e) =>
                  apply(`Changed section ${key}`, [
                    { op: 'setSectionSetting', section: sectionIndex, key, value: e.target.value },
                  ])
                }
              >
                {options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            </label>
          ))}
          <div role="toolbar" aria-label="Section" className="ed-toolbar">
            {COMMANDS.filter((c) => ['moveSectionUp', 'moveSectionDown', 'deleteSection'].includes(c.name)).map((c) => (
              <button key={c.name} type="button" disabled={!c.enabled(state)} onClick={() => runCommand(c)}>
                {c.label}
              </button>
            ))}
          </div>
        </section>
      )}
    </aside>
  );
}

interface SettingsProps {
  block: Block;
  section: number;
  index: number;
  apply: Apply;
  pages: PageSummary[];
  files: FileEntry[];
}

function BlockSettings({ block, section, index, apply, pages, files }: SettingsProps) {
  const label = blockLabel(block);
  const set = (area: 'settings' | 'content', key: string, value: unknown) =>
    apply(
      `Edited ${label}`,
      [{ op: 'setBlockField', section, index, area, key, value }],
      undefined,
      `${block.id}:${area}.${key}`,
    );
  const c = block.content;
  const s = block.settings;
  const text = (area: 'settings' | 'content', key: string, name: string, multiline = false, fallback = '') => {
    const value = String((area === 'content' ? c : s)[key] ?? fallback);
    const id = `ed-${block.id}-${area}-${key}`;
    return multiline ? (
      <div key={`${area}.${key}`} className="ed-field">
        <label htmlFor={id}>{name}</label>
        <textarea id={id} rows={6} value={value} onChange={(e) => set(area, key, e.target.value)} />
      </div>
    ) : (
      <label key={`${area}.${key}`}>
        {name}
        <input type="text" value={value} onChange={(e) => set(area, key, e.target.value)} />
      </label>
    );
  };
  const choice = (area: 'settings' | 'content', key: string, name: string, options: readonly string[]) => (
    <label key={`${area}.${key}`}>
      {name}
      <select
        value={String((area === 'content' ? c : s)[key] ?? options[0])}
        onChange={(e) => set(area, key, e.target.value)}
      >
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  );

  if (block.type === BlockType.HTML && block.variant === 'heading')
    return (
      <>
        {text('content', 'text', 'Heading text')}
        <label>
          Level
          <select value={String(c.level ?? 2)} onChange={(e) => set('content', 'level', Number(e.target.value))}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                Heading {n}
              </option>
            ))}
          </select>
        </label>
      </>
    );
  switch (block.type) {
    case BlockType.HTML:
      return (
        <>
          <div className="ed-field">
            <span className="ed-label" id={`ed-${block.id}-rich-label`}>
              Text
            </span>
            <Suspense fallback={<p className="ed-hint">Loading the text editor…</p>}>
              <RichText
                key={block.id}
                id={`ed-${block.id}-rich`}
                label="Text"
                html={String(c.html ?? '')}
                onChange={(html) => set('content', 'html', html)}
              />
            </Suspense>
          </div>
          <details>
            <summary>HTML</summary>
            {text('content', 'html', 'HTML', true)}
          </details>
        </>
      );
    case BlockType.MARKDOWN:
      return text('content', 'markdown', 'Markdown', true);
    case BlockType.CODE:
      return (
        <>
          {IS_ANDROID ? (
            <>
              <p className="ed-hint">Code editing is not available on Android.</p>
              {text('content', 'code', 'Code', true)}
            </>
          ) : (
            <div className="ed-field">
              <label htmlFor={`ed-${block.id}-code`}>Code</label>
              <Suspense fallback={<p className="ed-hint">Loading the code editor…</p>}>
                <CodeEditor
                  id={`ed-${block.id}-code`}
                  label="Code"
                  value={String(c.code ?? '')}
                  onChange={(value) => set('content', 'code', value)}
                />
              </Suspense>
            </div>
          )}
          {text('content', 'language', 'Language', false, 'text')}
        </>
      );
    case BlockType.QUOTE:
      return (
        <>
          {text('content', 'text', 'Quote', true)}
          {text('content', 'source', 'Source')}
        </>
      );
    case BlockType.SPACER:
      return (
        <label>
          Height ({Number(s.height ?? 24)} px)
          <input
            type="range"
            min={0}
            max={400}
            value={Number(s.height ?? 24)}
            onChange={(e) => set('settings', 'height', Number(e.target.value))}
          />
        </label>
      );
    case BlockType.BUTTON:
      return (
        <>
          {text('content', 'label', 'Label', false, 'Learn more')}
          <fieldset>
            <legend>Link</legend>
            <LinkEditor
              url={String(c.url ?? '')}
              pages={pages}
              files={files}
              onChange={(url) => set('content', 'url', url)}
            />
          </fieldset>
          {choice('settings', 'style', 'Style', ['primary', 'secondary'])}
          {choice('settings', 'size', 'Size', ['medium', 'large'])}
          <label className="ed-check">
            <input
              type="checkbox"
              checked={s.newWindow === true}
              onChange={(e) => set('settings', 'newWindow', e.target.checked)}
            />
            Open in a new window
          </label>
        </>
      );
    case BlockType.IMAGE:
      return <ImageSettings block={block} section={section} index={index} apply={apply} files={files} set={set} />;
    case BlockType.GALLERY:
      return (
        <>
          {GALLERY_SETTING_FIELDS.map((field) => {
            const value = s[field.name] ?? field.default;
            if (field.kind === 'boolean')
              return (
                <label key={field.name} className="ed-check">
                  <input
                    type="checkbox"
                    checked={value === true}
                    onChange={(e) => set('settings', field.name, e.target.checked)}
                  />
                  {field.label}
                </label>
              );
            if (field.kind === 'range')
              return (
                <label key={field.name}>
                  {field.label} ({String(value)}
                  {field.unit ?? ''}, {field.min}–{field.max})
                  <input
                    type="range"
                    min={field.min}
                    max={field.max}
                    value={Number(value)}
                    onChange={(e) => set('settings', field.name, Number(e.target.value))}
                  />
                </label>
              );
            return (
              <label key={field.name}>
                {field.label}
                <select value={String(value)} onChange={(e) => set('settings', field.name, e.target.value)}>
                  {field.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
          <fieldset>
            <legend>Images</legend>
            {files.filter((f) => IMAGE_FILE.test(f.name)).length === 0 && (
              <p className="ed-hint">Upload images in Files first.</p>
            )}
            {files
              .filter((f) => IMAGE_FILE.test(f.name))
              .map((f) => {
                const images = Array.isArray(c.images) ? (c.images as { assetUrl?: string }[]) : [];
                const on = images.some((i) => i.assetUrl === f.url);
                return (
                  <label key={f.name} className="ed-check">
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={() =>
                        set(
                          'content',
                          'images',
                          on
                            ? images.filter((i) => i.assetUrl !== f.url)
                            : [...images, { assetUrl: f.url, title: f.name, altText: '' }],
                        )
                      }
                    />
                    {f.name}
                  </label>
                );
              })}
          </fieldset>
        </>
      );
    default:
      return <JsonSettings block={block} section={section} index={index} apply={apply} />;
  }
}

function ImageSettings({
  block,
  section,
  index,
  apply,
  files,
  set,
}: Omit<SettingsProps, 'pages'> & { set: (area: 'settings' | 'content', key: string, value: unknown) => void }) {
  const image = (block.content.image ?? {}) as Record<string, unknown>;
  const focal = (image.mediaFocalPoint ?? { x: 0.5, y: 0.5 }) as { x: number; y: number };
  const setImage = (patch: Record<string, unknown>, key: string) =>
    apply(
      'Edited Image',
      [{ op: 'setBlockField', section, index, area: 'content', key: 'image', value: { ...image, ...patch } }],
      undefined,
      `${block.id}:image.${key}`,
    );
  return (
    <>
      <label>
        Layout
        <select
          value={block.variant ?? 'inline'}
          onChange={(e) =>
            apply('Changed image layout', [{ op: 'setBlockVariant', section, index, variant: e.target.value }])
          }
        >
          {['inline', 'poster', 'card', 'overlap', 'collage', 'stack'].map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      <label>
        Image file
        <select
          value={String(image.assetUrl ?? '')}
          onChange={(e) => setImage({ assetUrl: e.target.value }, 'assetUrl')}
        >
          <option value={String(image.assetUrl ?? '')}>{String(image.assetUrl ?? 'None')}</option>
          {files
            .filter((f) => IMAGE_FILE.test(f.name) && f.url !== image.assetUrl)
            .map((f) => (
              <option key={f.name} value={f.url}>
                {f.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        Alt text
        <input
          type="text"
          value={String(image.altText ?? '')}
          onChange={(e) => setImage({ altText: e.target.value }, 'altText')}
        />
      </label>
      <fieldset>
        <legend>Focal point</legend>
        <button
          type="button"
          className="ed-focal"
          aria-label={`Focal point ${Math.round(focal.x * 100)}% ${Math.round(focal.y * 100)}%: click the picture to move it`}
          style={{ backgroundImage: image.assetUrl ? `url("${String(image.assetUrl)}")` : undefined }}
          onClick={(e) => {
            const rect = e.currentTarget.getBoundingClientRect();
            const x = Math.round(((e.clientX - rect.left) / rect.width) * 100) / 100;
            const y = Math.round(((e.clientY - rect.top) / rect.height) * 100) / 100;
            setImage({ mediaFocalPoint: { x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) } }, 'focal');
          }}
        >
          <span className="ed-focal__dot" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} />
        </button>
        {(['x', 'y'] as const).map((axis) => (
          <label key={axis}>
            {axis === 'x' ? 'Horizontal' : 'Vertical'} ({Math.round(focal[axis] * 100)}%)
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(focal[axis] * 100)}
              onChange={(e) =>
                setImage({ mediaFocalPoint: { ...focal, [axis]: Number(e.target.value) / 100 } }, 'focal')
              }
            />
          </label>
        ))}
      </fieldset>
      <label>
        Caption
        <input
          type="text"
          value={String(block.content.caption ?? '')}
          onChange={(e) => set('content', 'caption', e.target.value)}
        />
      </label>
    </>
  );
}

/** Blocks without a form of their own: their settings and content as JSON, applied when valid. */
function JsonSettings({ block, section, index, apply }: Omit<SettingsProps, 'pages' | 'files'>) {
  const [texts, setTexts] = useState({
    content: JSON.stringify(block.content, null, 2),
    settings: JSON.stringify(block.settings, null, 2),
  });
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setTexts({ content: JSON.stringify(block.content, null, 2), settings: JSON.stringify(block.settings, null, 2) });
  }, [block.content, block.settings]);
  const commit = (area: 'content' | 'settings') => {
    try {
      const value = JSON.parse(texts[area]);
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      setProblem('');
      apply(`Edited ${blockLabel(block)}`, [{ op: 'replaceBlockArea', section, index, area, value }]);
    } catch {
      setProblem(`The ${area} must be a JSON object.`);
    }
  };
  return (
    <>
      {(['content', 'settings'] as const).map((area) => (
        <div key={area} className="ed-field">
          <label htmlFor={`ed-${block.id}-json-${area}`}>
            {area === 'content' ? 'Content (JSON)' : 'Settings (JSON)'}
          </label>
          <textarea
            id={`ed-${block.id}-json-${area}`}
            rows={6}
            spellCheck={false}
            value={texts[area]}
            onChange={(e) => setTexts({ ...texts, [area]: e.target.value })}
            onBlur={() => commit(area)}
          />
        </div>
      ))}
      {problem && (
        <p className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
