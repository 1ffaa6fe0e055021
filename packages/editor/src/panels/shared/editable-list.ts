import { useState } from 'react';

/** A row being edited, with a key that stays put while rows are added and removed. */
export type Keyed<R> = R & { key: number };

let nextKey = 1;

const keyed = <R extends object>(rows: R[]): Keyed<R>[] => rows.map((row) => ({ ...row, key: nextKey++ }));

export interface EditableListState<R extends object> {
  rows: Keyed<R>[];
  /** Changes some fields of the row with `key`. */
  set: (key: number, patch: Partial<R>) => void;
  add: (row: R) => void;
  remove: (key: number) => void;
  /** Starts over from `rows` (after a save answers the stored list). */
  reset: (rows: R[]) => void;
}

/** The rows of a list edited in place: change a field, add a row at the end, remove one. */
export function useEditableList<R extends object>(initial: () => R[]): EditableListState<R> {
  const [rows, setRows] = useState(() => keyed(initial()));
  return {
    rows,
    set: (key, patch) => setRows((old) => old.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: (row) => setRows((old) => [...old, { ...row, key: nextKey++ }]),
    remove: (key) => setRows((old) => old.filter((row) => row.key !== key)),
    reset: (next) => setRows(keyed(next)),
  };
}
