import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { EditorState } from '../model/commands.js';
import type { PageDoc } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';
import {
  INLINE_EDIT_LABEL,
  type InlineChange,
  type InlineField,
  inlineField,
  inlineOperations,
  inlineValue,
} from './inline.js';
import { onInlineRequest } from './inline-events.js';

/** A block's text being edited in the preview frame. */
export interface InlineSession {
  blockId: string;
  /** The block's place in the preview (`block-1-2`). */
  domId: string;
  field: InlineField;
  /** The stored text when editing started. */
  value: string;
  /** The element in the frame that Lexical edits (the caret starts at the end of its text). */
  root: HTMLElement;
}

/** What the Lexical session hands back when it ends: the burst's text and level. */
export interface InlineControl {
  finish: () => InlineChange | undefined;
}

export type ApplyEdit = (label: string, operations: Operation[]) => void;

interface Options {
  frame: RefObject<HTMLIFrameElement | null>;
  getDoc: () => PageDoc;
  selection: EditorState['selection'];
  apply: ApplyEdit;
  /** Canvas: leave this block's DOM alone while it is edited. */
  hold: (domId: string) => void;
  /** Canvas: draw the block again from the template (editing is over). */
  release: (domId: string) => void;
}

/** The module with Lexical: fetched when an editable block is first selected, so typing starts at once. */
export const loadInlineEditor = () => import('./InlineEditor.js');

/**
 * Starts and stops editing text on the canvas. Each burst (start → stop, blur or pause) is stored as
 * one undoable edit through `apply`, so undo, autosave and publish treat it like any other change.
 */
export function useInlineEditing({ frame, getDoc, selection, apply, hold, release }: Options) {
  const [session, setSession] = useState<InlineSession | undefined>();
  const current = useRef<InlineSession | undefined>(undefined);
  const control = useRef<InlineControl | undefined>(undefined);

  const commit = useCallback(
    (blockId: string, change: InlineChange) => {
      const operations = inlineOperations(getDoc(), blockId, change);
      if (operations.length) apply(INLINE_EDIT_LABEL, operations);
    },
    [apply, getDoc],
  );

  const stop = useCallback((): boolean => {
    const ending = current.current;
    if (!ending) return false;
    const change = control.current?.finish();
    current.current = undefined;
    control.current = undefined;
    setSession(undefined);
    if (change) commit(ending.blockId, change);
    release(ending.domId);
    return true;
  }, [commit, release]);

  const start = useCallback(
    (blockId: string): boolean => {
      const doc = getDoc();
      const path = findBlock(doc, blockId);
      const block = path && doc.sections[path.section]?.blocks[path.index];
      const field = block && inlineField(block);
      const d = frame.current?.contentDocument;
      if (!path || !block || !field || !d) return false;
      if (current.current?.blockId === blockId) return true;
      stop();
      // The block's place in the preview, as the renderer names it (`preview/renderer.ts` blockDomId).
      const domId = `block-${path.section + 1}-${path.index + 1}`;
      const root = d.querySelector<HTMLElement>(`[data-tessera-block="${domId}"] ${field.selector}`);
      if (!root) return false;
      hold(domId);
      const next: InlineSession = { blockId, domId, field, value: inlineValue(block, field), root };
      current.current = next;
      setSession(next);
      return true;
    },
    [frame, getDoc, hold, stop],
  );

  // Enter and Escape from the keyboard hook.
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  useEffect(
    () =>
      onInlineRequest((action) => {
        if (action === 'stop') return stop();
        const selected = selectionRef.current;
        return selected?.kind === 'block' ? start(selected.id) : false;
      }),
    [start, stop],
  );

  // Another block selected (in the layers, by the arrows): the burst ends. An editable block
  // selected: Lexical is fetched now, so the first key typed in it is not lost.
  useEffect(() => {
    if (current.current && (selection?.kind !== 'block' || selection.id !== current.current.blockId)) stop();
    if (selection?.kind === 'block') {
      const doc = getDoc();
      const path = findBlock(doc, selection.id);
      const block = path && doc.sections[path.section]?.blocks[path.index];
      if (block && inlineField(block)) void loadInlineEditor();
    }
  }, [selection, stop, getDoc]);

  // The page's layout redrawn under the session (its element gone): end it, keeping what was typed.
  const checkAttached = useCallback(() => {
    if (current.current && !current.current.root.isConnected) stop();
  }, [stop]);

  /** A pause in typing: what is typed so far is stored (one step), editing goes on. */
  const pause = useCallback(
    (change: InlineChange) => {
      const editing = current.current;
      if (editing) commit(editing.blockId, change);
    },
    [commit],
  );

  /** The heading level changed: the burst is stored and editing goes on in the redrawn heading. */
  const restart = useCallback(() => {
    const editing = current.current;
    if (!editing) return;
    stop();
    requestAnimationFrame(() => start(editing.blockId));
  }, [start, stop]);

  return { session, control, start, stop, pause, restart, checkAttached };
}
