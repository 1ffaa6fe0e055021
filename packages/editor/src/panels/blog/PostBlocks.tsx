import type { FileList } from '@tessera/core/contracts/files';
import type { PageList } from '@tessera/core/contracts/pages';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { COMMANDS, canAddBlock, type EditorState, edit, run } from '../../model/commands.js';
import { type BlockKind, blockLabel } from '../../model/document.js';
import { AddBlockMenu } from '../../ui/AddBlockMenu.js';
import type { Apply } from '../../ui/blocks/common.js';
import { FileManager } from '../../ui/FileManager.js';
import { useResource } from '../shared/resource.js';
import { addAtEnd, blockSummary, isTextBlock, type ListedBlock, listedBlocks } from './post-blocks.js';

// The page editor's rich-text component and block forms, loaded when a post with blocks is opened.
const RichText = lazy(() => import('../../ui/RichText.js'));
const BlockSettings = lazy(() =>
  import('../../ui/blocks/BlockSettings.js').then((m) => ({ default: m.BlockSettings })),
);

type Update = (change: (state: EditorState) => EditorState) => void;
type Arrange = 'moveBlockUp' | 'moveBlockDown' | 'deleteBlock';

/**
 * The blocks of a post that keeps blocks of its own, in order: text blocks in the rich-text editor (or
 * as HTML), every other block folded with what it shows and, opened, the page editor's form for it
 * (a gallery's pictures, an image's file, alt text and caption…). Each block can move up or down or
 * go, and the page editor's add-block menu adds any block at the end (its form opened); every change
 * is a step of the page editor's undo history (`model/`).
 */
export function PostBlocks({ state, update, htmlMode }: { state: EditorState; update: Update; htmlMode: boolean }) {
  const id = useId();
  const files = useResource<FileList>('/api/config/files');
  const pages = useResource<PageList>('/api/config/pages');
  const [managing, setManaging] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  // After a move or a delete, where the keyboard focus goes once the list is drawn again.
  const focusNext = useRef<{ id: string; button: string } | undefined>(undefined);
  // The block just added: its form is open, and the keyboard focus goes to it.
  const [added, setAdded] = useState<string | undefined>();
  const blocks = listedBlocks(state.history.doc);

  // Drawn first with a block selected (the body just became blocks by adding one): that block is the new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the first drawing holds.
  useEffect(() => {
    if (state.selection?.kind !== 'block') return;
    focusNext.current = { id: state.selection.id, button: 'added' };
    setAdded(state.selection.id);
  }, []);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    const row = list.current?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(target.id)}"]`);
    const form =
      target.button === 'added' ? row?.querySelector<HTMLElement>('summary, textarea, [contenteditable]') : null;
    if (form) {
      form.focus();
      return;
    }
    const button = row?.querySelector<HTMLButtonElement>(`button[data-arrange="${target.button}"]:not(:disabled)`);
    (button ?? row?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? list.current)?.focus();
  });

  const apply: Apply = (label, operations, selection, coalesce) =>
    update((s) => edit(s, label, operations, selection ?? s.selection, coalesce));
  const arrange = (listed: ListedBlock, name: Arrange) => {
    const next = name === 'deleteBlock' ? (blocks[listed.number] ?? blocks[listed.number - 2]) : listed;
    if (next) focusNext.current = { id: next.block.id, button: name === 'deleteBlock' ? 'deleteBlock' : name };
    update((s) => run({ ...s, selection: { kind: 'block', id: listed.block.id } }, name));
  };
  const add = (kind: BlockKind) => {
    const next = addAtEnd(state, kind);
    const id = next.selection?.kind === 'block' ? next.selection.id : undefined;
    if (id && next !== state) {
      focusNext.current = { id, button: 'added' };
      setAdded(id);
    }
    update(() => next);
  };

  return (
    <div className="ed-post-blocks">
      <div role="toolbar" aria-label="Blocks" className="ed-toolbar">
        {COMMANDS.filter((c) => c.name === 'undo' || c.name === 'redo').map((c) => (
          <button key={c.name} type="button" disabled={!c.enabled(state)} onClick={() => update(c.perform)}>
            {c.label}
          </button>
        ))}
        <button type="button" onClick={() => setManaging(true)}>
          Upload or manage files…
        </button>
      </div>
      <p className="ed-sr" role="status">
        {state.announcement}
      </p>
      <ol className="ed-post-blocks__list" ref={list} tabIndex={-1} aria-label="Blocks of the post">
        {blocks.map((listed) => {
          const { block, section, index, number } = listed;
          const name = `block ${number}, ${blockLabel(block)}`;
          return (
            <li key={block.id} data-block-id={block.id} className="ed-post-block">
              <div className="ed-post-block__head">
                <h2>
                  {number}. {blockLabel(block)}
                </h2>
                <div role="toolbar" aria-label={`Arrange ${name}`} className="ed-toolbar">
                  <button
                    type="button"
                    data-arrange="moveBlockUp"
                    aria-label={`Move ${name} up`}
                    disabled={number === 1}
                    onClick={() => arrange(listed, 'moveBlockUp')}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    data-arrange="moveBlockDown"
                    aria-label={`Move ${name} down`}
                    disabled={number === blocks.length}
                    onClick={() => arrange(listed, 'moveBlockDown')}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    data-arrange="deleteBlock"
                    aria-label={`Delete ${name}`}
                    onClick={() => arrange(listed, 'deleteBlock')}
                  >
                    Delete
                  </button>
                </div>
              </div>
              {isTextBlock(block) ? (
                htmlMode ? (
                  <textarea
                    aria-label={`Text of block ${number}, HTML`}
                    rows={6}
                    value={String(block.content.html)}
                    onChange={(e) => setText(apply, listed, e.target.value)}
                  />
                ) : (
                  <Suspense fallback={<p className="ed-empty">Loading the text editor…</p>}>
                    <RichText
                      id={`${id}-${block.id}-text`}
                      label={`Text of block ${number}`}
                      html={String(block.content.html)}
                      onChange={(html) => setText(apply, listed, html)}
                    />
                  </Suspense>
                )
              ) : (
                <details className="ed-post-block__form" open={block.id === added || undefined}>
                  <summary>{blockSummary(block)}</summary>
                  <Suspense fallback={<p className="ed-empty">Loading…</p>}>
                    <BlockSettings
                      block={block}
                      section={section}
                      index={index}
                      apply={apply}
                      pages={pages.data?.pages ?? []}
                      files={files.data?.files ?? []}
                    />
                  </Suspense>
                </details>
              )}
            </li>
          );
        })}
      </ol>
      <AddBlockMenu disabled={!canAddBlock({ ...state, selection: null })} onAdd={add} />
      {files.error && (
        <p className="ed-field-error" role="alert">
          {files.error}
        </p>
      )}
      {managing && (
        <FileManager files={files.data?.files ?? []} onClose={() => setManaging(false)} onChanged={files.reload} />
      )}
    </div>
  );
}

/** A text block's HTML as typed: one undo step per block while typing. */
function setText(apply: Apply, { block, section, index }: ListedBlock, html: string) {
  apply(
    'Edited text',
    [{ op: 'setBlockField', section, index, area: 'content', key: 'html', value: html }],
    undefined,
    `${block.id}:content.html`,
  );
}
