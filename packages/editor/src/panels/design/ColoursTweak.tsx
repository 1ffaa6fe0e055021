import { COLOR_SLOTS, type ColorSlot } from '@tessera/core';
import { useEffect, useId, useState } from 'react';
import {
  addColorTheme,
  type ColorTarget,
  removeColorTheme,
  renameColorTheme,
  setActiveColorTheme,
  setColor,
  THEME_NAME_MAX,
} from './draft.js';
import type { ColorMap, Design } from '@tessera/core/contracts/design';

export const SLOT_LABELS: Record<ColorSlot, string> = {
  background: 'Background',
  surface: 'Surface',
  'surface-muted': 'Muted surface',
  text: 'Text',
  'text-muted': 'Muted text',
  border: 'Border',
  'border-strong': 'Strong border',
  accent: 'Accent',
  'accent-hover': 'Accent on hover',
  'on-accent': 'Text on accent',
  link: 'Links',
  sale: 'Sale badge',
  'on-sale': 'Text on sale badge',
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour as a picker and as typed text (#rrggbb), both labelled. */
function ColorField(props: {
  slot: ColorSlot;
  value: string | undefined;
  shown: string;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const label = SLOT_LABELS[props.slot];
  const [text, setText] = useState(props.value ?? '');
  const [error, setError] = useState('');
  useEffect(() => {
    setText(props.value ?? '');
    setError('');
  }, [props.value]);

  return (
    <div className="ds-color">
      <label htmlFor={`${id}-pick`}>{label}</label>
      <input
        id={`${id}-pick`}
        type="color"
        value={props.shown}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <input
        aria-label={`${label} hex value`}
        className="ds-color__hex"
        value={text}
        placeholder={props.shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value.trim();
          setText(event.target.value);
          if (HEX.test(next)) {
            setError('');
            props.onChange(next);
          }
        }}
        onBlur={() => {
          const next = text.trim();
          if (next === '') props.onChange(undefined);
          else if (!HEX.test(next)) setError('Use a colour such as #1d1b18.');
        }}
      />
      {props.value !== undefined && (
        <button type="button" onClick={() => props.onChange(undefined)} aria-label={`Clear ${label}`}>
          Clear
        </button>
      )}
      {error && (
        <span id={`${id}-error`} className="ed-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A colour theme's name, renamed as it is typed; a blank name stays unsaved with a message beside it. */
function ThemeNameField(props: {
  draft: Design;
  themeId: string;
  name: string;
  edit: (change: (design: Design) => Design, path: string) => void;
}) {
  const [text, setText] = useState(props.name);
  const [error, setError] = useState('');
  useEffect(() => {
    setText((current) => (current.trim() === props.name ? current : props.name));
  }, [props.name]);

  return (
    <div className="ed-form-row">
      <label htmlFor="ds-theme-name">Theme name</label>
      <input
        id="ds-theme-name"
        value={text}
        maxLength={THEME_NAME_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ds-theme-name-error' : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const checked = renameColorTheme(props.draft, props.themeId, next);
          setError(checked.ok ? '' : checked.error);
          if (!checked.ok) return;
          props.edit((d) => {
            const renamed = renameColorTheme(d, props.themeId, next);
            return renamed.ok ? renamed.design : d;
          }, 'colors.themes');
        }}
      />
      {error && (
        <span id="ds-theme-name-error" className="ed-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Colours: the active colour theme, and the colours of the palette or of one theme. */
export function ColoursTweak(props: {
  draft: Design;
  themeColors: ColorMap;
  edit: (change: (design: Design) => Design, path: string) => void;
}) {
  const { draft, edit } = props;
  const [targetId, setTargetId] = useState('');
  const [newName, setNewName] = useState('');
  const theme = draft.colors.themes.find((t) => t.id === targetId);
  const target: ColorTarget = theme ? { kind: 'theme', id: theme.id } : { kind: 'palette' };
  const colors = theme ? theme.colors : draft.colors.palette;
  const path = theme ? 'colors.themes' : 'colors.palette';

  return (
    <div className="ds-stack">
      <fieldset className="ds-fieldset">
        <legend>Colour theme in use</legend>
        {[{ id: '', name: 'Palette only' }, ...draft.colors.themes].map((t) => (
          <label key={t.id} className="ds-choice">
            <input
              type="radio"
              name="ds-active-colour-theme"
              checked={(draft.colors.activeThemeId ?? '') === t.id}
              onChange={() => edit((d) => setActiveColorTheme(d, t.id || null), 'colors.activeThemeId')}
            />
            {t.name}
          </label>
        ))}
      </fieldset>

      <div className="ed-form-row">
        <label htmlFor="ds-colour-target">Edit the colours of</label>
        <select id="ds-colour-target" value={theme?.id ?? ''} onChange={(event) => setTargetId(event.target.value)}>
          <option value="">The site palette</option>
          {draft.colors.themes.map((t) => (
            <option key={t.id} value={t.id}>
              Theme: {t.name}
            </option>
          ))}
        </select>
        <p className="ed-hint">
          {theme
            ? 'A theme’s colours replace the palette’s while the theme is in use.'
            : 'The palette applies to the whole site; a colour theme in use overrides it.'}
        </p>
      </div>

      {theme && <ThemeNameField key={theme.id} draft={draft} themeId={theme.id} name={theme.name} edit={edit} />}

      <fieldset className="ds-fieldset ds-colors">
        <legend>{theme ? `Colours of ${theme.name}` : 'Palette colours'}</legend>
        {(COLOR_SLOTS as readonly ColorSlot[]).map((slot) => (
          <ColorField
            key={`${target.kind}-${theme?.id ?? ''}-${slot}`}
            slot={slot}
            value={colors[slot]}
            shown={colors[slot] ?? draft.colors.palette[slot] ?? props.themeColors[slot] ?? '#000000'}
            onChange={(value) => edit((d) => setColor(d, target, slot, value), path)}
          />
        ))}
      </fieldset>

      <div className="ds-row">
        {theme ? (
          <button
            type="button"
            onClick={() => {
              edit((d) => removeColorTheme(d, theme.id), 'colors.themes');
              setTargetId('');
            }}
          >
            Delete theme {theme.name}
          </button>
        ) : (
          <form
            className="ds-row"
            onSubmit={(event) => {
              event.preventDefault();
              if (!newName.trim()) return;
              let id = '';
              edit((d) => {
                const added = addColorTheme(d, newName);
                id = added.id;
                return added.design;
              }, 'colors.themes');
              setNewName('');
              setTargetId(id);
            }}
          >
            <label htmlFor="ds-new-theme">New colour theme from the palette</label>
            <input
              id="ds-new-theme"
              value={newName}
              maxLength={60}
              onChange={(event) => setNewName(event.target.value)}
            />
            <button type="submit" disabled={!newName.trim()}>
              Add theme
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
