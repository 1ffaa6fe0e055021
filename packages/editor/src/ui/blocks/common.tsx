import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FileEntry } from '@tessera/core/contracts/files';
import type { PageSummary } from '@tessera/core/contracts/pages';
import type { EditorState } from '../../model/commands.js';
import { type Block, blockLabel } from '../../model/document.js';
import type { Operation } from '../../model/operations.js';

export type Apply = (
  label: string,
  operations: Operation[],
  selection?: EditorState['selection'],
  coalesce?: string,
) => void;
export type Area = 'settings' | 'content';

/** What every block form gets: the block, where it is, the one way to change it, and pages and files. */
export interface BlockFormProps {
  block: Block;
  section: number;
  index: number;
  apply: Apply;
  pages: PageSummary[];
  files: FileEntry[];
}

export const IMAGE_FILE = /\.(jpe?g|png|webp|gif)$/i;

/** The block's name in menus and headings. */
export function labelOf(block: Block): string {
  return blockLabel(block);
}

/**
 * Edits of one block through `apply`, so undo and redo cover them. Changes to one key coalesce
 * into one undo step while typing (`coalesce` names the block and key).
 */
export function blockEdits({
  block,
  section,
  index,
  apply,
}: Pick<BlockFormProps, 'block' | 'section' | 'index' | 'apply'>) {
  const label = `Edited ${labelOf(block)}`;
  return {
    set(area: Area, key: string, value: unknown, coalesce = true) {
      apply(
        label,
        [{ op: 'setBlockField', section, index, area, key, value }],
        undefined,
        coalesce ? `${block.id}:${area}.${key}` : undefined,
      );
    },
    /** Several keys in one undo step. */
    setMany(changes: [Area, string, unknown][], coalesceKey?: string) {
      apply(
        label,
        changes.map(([area, key, value]) => ({ op: 'setBlockField' as const, section, index, area, key, value })),
        undefined,
        coalesceKey ? `${block.id}:${coalesceKey}` : undefined,
      );
    },
    variant(variant: string, what = 'layout') {
      apply(`Changed ${labelOf(block).toLowerCase()} ${what}`, [{ op: 'setBlockVariant', section, index, variant }]);
    },
  };
}

export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  rows = 4,
  hint,
  error,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  hint?: ReactNode;
  error?: string;
  type?: 'text' | 'url' | 'number';
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ed-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          rows={rows}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type={type}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint && (
        <p className="ed-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ed-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="ed-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function RangeField({
  label,
  value,
  min,
  max,
  unit = '',
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  return (
    <label>
      {label} ({value}
      {unit}, {min}–{max})
      <input type="range" min={min} max={max} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}

/** Move up, move down and remove buttons for one item of a list, named after the item. */
export function ItemTools({
  name,
  index,
  count,
  canRemove,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  canRemove: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div role="toolbar" aria-label={`Arrange ${name}`} className="ed-toolbar">
      <button type="button" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        Up
      </button>
      <button
        type="button"
        aria-label={`Move ${name} down`}
        disabled={index >= count - 1}
        onClick={() => onMove(index + 1)}
      >
        Down
      </button>
      <button type="button" aria-label={`Remove ${name}`} disabled={!canRemove} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/**
 * Text an owner is typing that reaches the block only when valid. `written` records what this field
 * last stored; when the stored value changes otherwise (undo, redo), the text follows it.
 */
export function useDraftText(stored: string): [string, (text: string) => void, (written: string) => void] {
  const [text, setText] = useState(stored);
  const written = useRef(stored);
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    setText(stored);
  }, [stored]);
  return [text, setText, (value: string) => (written.current = value)];
}
