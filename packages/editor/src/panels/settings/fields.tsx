import type { ReactNode } from 'react';

// Labelled controls of the settings and owners panels: every control has a label, its hint and
// error are tied to it with aria-describedby, and an error marks it aria-invalid.

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Extras({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="st-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="ed-field-error">
          {error}
        </span>
      )}
    </>
  );
}

export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'url';
  maxLength?: number;
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
}) {
  const common = {
    id: props.id,
    value: props.value,
    maxLength: props.maxLength,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(props.id, props.hint, props.error),
  };
  return (
    <div className="ed-form-row">
      <label htmlFor={props.id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <Extras id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

export function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="ed-form-row st-check">
      <span>
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={describedBy(props.id, props.hint, props.error)}
          onChange={(e) => props.onChange(e.target.checked)}
        />{' '}
        <label htmlFor={props.id}>{props.label}</label>
      </span>
      <Extras id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
  group?: string;
}

export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** A first, empty choice ("Choose a list"). */
  placeholder?: string;
  disabled?: boolean;
}) {
  const groups = new Map<string, Choice[]>();
  for (const choice of props.choices) {
    const key = choice.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), choice]);
  }
  const options = (list: Choice[]) =>
    list.map((c) => (
      <option key={c.value} value={c.value}>
        {c.label}
      </option>
    ));
  return (
    <div className="ed-form-row">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {[...groups].map(([group, list]) =>
          group ? (
            <optgroup key={group} label={group}>
              {options(list)}
            </optgroup>
          ) : (
            options(list)
          ),
        )}
      </select>
      <Extras id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

/** The save row at the end of a section's form: Save, Discard and whether anything is unsaved. */
export function SaveBar(props: { dirty: boolean; saving: boolean; onDiscard: () => void; label?: string }) {
  return (
    <div className="st-savebar">
      <button type="submit" className="ed-primary" disabled={props.saving}>
        {props.saving ? 'Saving…' : (props.label ?? 'Save')}
      </button>
      <button type="button" onClick={props.onDiscard} disabled={!props.dirty || props.saving}>
        Discard changes
      </button>
      <span className="st-hint">{props.dirty ? 'Unsaved changes' : 'All changes saved'}</span>
    </div>
  );
}
