import { lazy, Suspense, useEffect } from 'react';
import type { FileEntry } from '@tessera/core/contracts/files';
import type { PageSummary } from '@tessera/core/contracts/pages';
import { AddBlockMenu } from './AddBlockMenu.js';
import { addBlockEdit, COMMANDS, type Command, canAddBlock, type EditorState } from '../model/commands.js';
import type { BlockKind } from '../model/document.js';
import { findBlock } from '../model/operations.js';
import { shortcutText } from '../model/shortcuts.js';
import { type Apply, labelOf } from './blocks/common.js';
import { Layers } from './Layers.js';
import { PLATFORM } from './use-editor-keys.js';

interface InspectorProps {
  state: EditorState;
  apply: Apply;
  select: (selection: EditorState['selection']) => void;
  runCommand: (command: Command) => void;
  pages: PageSummary[];
  files: FileEntry[];
}

const BLOCK_TOOLS = ['moveBlockUp', 'moveBlockDown', 'duplicateBlock', 'deleteBlock'];

/**
 * The block forms are their own chunk, kept out of the editor's first load; the Inspector starts
 * fetching it as soon as it mounts, so it is there before the owner picks a block.
 */
const loadBlockSettings = () => import('./blocks/BlockSettings.js');
const BlockSettings = lazy(() => loadBlockSettings().then((m) => ({ default: m.BlockSettings })));

export function Inspector({ state, apply, select, runCommand, pages, files }: InspectorProps) {
  useEffect(() => {
    void loadBlockSettings();
  }, []);
  const { doc } = state.history;
  const sectionIndex =
    state.selection?.kind === 'section'
      ? doc.sections.findIndex((s) => s.id === state.selection?.id)
      : state.selection?.kind === 'block'
        ? (findBlock(doc, state.selection.id)?.section ?? -1)
        : -1;
  const path = state.selection?.kind === 'block' ? findBlock(doc, state.selection.id) : undefined;
  const block = path ? doc.sections[path.section]?.blocks[path.index] : undefined;
  const addBlock = (kind: BlockKind) => {
    const { label, operations, selection } = addBlockEdit(state, kind);
    apply(label, operations, selection);
  };

  return (
    <aside className="ed-inspector" aria-label="Page structure and settings">
      <section className="ed-panel">
        <h2>Add</h2>
        <button type="button" onClick={() => runCommand(COMMANDS.find((c) => c.name === 'addSection') as Command)}>
          Add section
        </button>
        <AddBlockMenu disabled={!canAddBlock(state)} onAdd={addBlock} />
      </section>

      <section className="ed-panel">
        <h2>Layers</h2>
        <Layers doc={doc} selection={state.selection} select={select} apply={apply} />
      </section>

      {block && path && (
        <section className="ed-panel" aria-label={`${labelOf(block)} settings`} data-selection-form>
          <h2>{labelOf(block)}</h2>
          <div role="toolbar" aria-label="Block" className="ed-toolbar">
            {COMMANDS.filter((c) => BLOCK_TOOLS.includes(c.name)).map((c) => (
              <button
                key={c.name}
                type="button"
                disabled={!c.enabled(state)}
                onClick={() => runCommand(c)}
                title={shortcutText(c.name, PLATFORM)}
              >
                {c.label}
              </button>
            ))}
          </div>
          <Suspense fallback={<p className="ed-empty">Loading…</p>}>
            <BlockSettings
              key={block.id}
              block={block}
              apply={apply}
              section={path.section}
              index={path.index}
              pages={pages}
              files={files}
            />
          </Suspense>
        </section>
      )}

      {state.selection?.kind === 'section' && sectionIndex >= 0 && (
        <section className="ed-panel" aria-label="Section settings" data-selection-form>
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
