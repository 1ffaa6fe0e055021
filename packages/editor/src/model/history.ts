import { applyPatches, enablePatches, type Patch, produceWithPatches } from 'immer';
import type { PageDoc } from './document.js';
import { applyOperation, type Operation } from './operations.js';

enablePatches();

/** One undoable step: the patches that made it and the patches that take it back. */
export interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  /** Consecutive steps with the same key (typing in one field) merge into one undo step. */
  coalesce?: string;
}

export interface History {
  doc: PageDoc;
  past: HistoryEntry[];
  future: HistoryEntry[];
}

/** Steps kept for undo; the oldest are forgotten first. */
export const HISTORY_LIMIT = 2000;

export function createHistory(doc: PageDoc): History {
  return { doc, past: [], future: [] };
}

/**
 * Applies operations as one undoable step. Answers the same history when nothing changed, and
 * throws (leaving the history as it was) when an operation does not fit.
 */
export function perform(history: History, label: string, operations: Operation[], coalesce?: string): History {
  const [doc, patches, inverse] = produceWithPatches(history.doc, (draft) => {
    for (const operation of operations) applyOperation(draft as PageDoc, operation);
  });
  if (patches.length === 0) return history;
  const last = history.past.at(-1);
  if (coalesce && last?.coalesce === coalesce && history.future.length === 0) {
    const merged = { label, coalesce, patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse] };
    return { doc, past: [...history.past.slice(0, -1), merged], future: [] };
  }
  const past = [...history.past, { label, patches, inverse, ...(coalesce ? { coalesce } : {}) }];
  if (past.length > HISTORY_LIMIT) past.shift();
  return { doc, past, future: [] };
}

export function canUndo(history: History): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

export function undo(history: History): History {
  const entry = history.past.at(-1);
  if (!entry) return history;
  return {
    doc: applyPatches(history.doc, entry.inverse),
    past: history.past.slice(0, -1),
    future: [...history.future, entry],
  };
}

export function redo(history: History): History {
  const entry = history.future.at(-1);
  if (!entry) return history;
  return {
    doc: applyPatches(history.doc, entry.patches),
    past: [...history.past, entry],
    future: history.future.slice(0, -1),
  };
}
