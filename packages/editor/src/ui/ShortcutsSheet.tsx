import { Fragment, useEffect, useId, useRef } from 'react';
import { chordCaps, type Platform, SHORTCUTS, type Shortcut } from '../model/shortcuts.js';
import './shortcuts-sheet.css';

interface ShortcutsSheetProps {
  platform: Platform;
  onClose: () => void;
}

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The table's rows by group, in the table's order. */
function groups(): [Shortcut['group'], Shortcut[]][] {
  const byGroup = new Map<Shortcut['group'], Shortcut[]>();
  for (const shortcut of SHORTCUTS) byGroup.set(shortcut.group, [...(byGroup.get(shortcut.group) ?? []), shortcut]);
  return [...byGroup];
}

function Keys({ shortcut, platform }: { shortcut: Shortcut; platform: Platform }) {
  return shortcut.chords.map((chord, c) => (
    <Fragment key={`${chord.key}${chord.mod}${chord.shift}${chord.alt}`}>
      {c > 0 && ' or '}
      <span className="ed-chord">
        {chordCaps(chord, platform).map((cap, k) => (
          <Fragment key={cap.name}>
            {k > 0 && platform !== 'mac' && '+'}
            <kbd>
              {cap.text === cap.name ? (
                cap.text
              ) : (
                <>
                  <span aria-hidden="true">{cap.text}</span>
                  <span className="ed-sr">{cap.name}</span>
                </>
              )}
            </kbd>
          </Fragment>
        ))}
      </span>
    </Fragment>
  ));
}

/**
 * The keyboard shortcuts sheet (`?`): a modal dialog listing `SHORTCUTS` with the platform's key names.
 * Tab stays inside it; Escape, the close button or a click beside it closes it.
 */
export function ShortcutsSheet({ platform, onClose }: ShortcutsSheetProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    close.current?.focus();
    // Focus that leaves the sheet some other way (a script, the frame) is brought back; a click beside it closes it.
    const keepFocus = (event: FocusEvent) => {
      if (!dialog.current?.contains(event.target as Node)) close.current?.focus();
    };
    const clickBeside = (event: MouseEvent) => {
      if (!dialog.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('focusin', keepFocus);
    document.addEventListener('mousedown', clickBeside);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      document.removeEventListener('mousedown', clickBeside);
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  };

  return (
    <div className="ed-sheet-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="ed-dialog ed-sheet"
        onKeyDown={onKeyDown}
      >
        <div className="ed-sheet__head">
          <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
          <button type="button" ref={close} onClick={onClose}>
            Close
          </button>
        </div>
        <p id={`${id}-text`} className="ed-hint">
          They work on the page preview and in the panels. While you type in a field, the field keeps its own keys and
          its own undo; Escape takes you back to the preview.
        </p>
        {groups().map(([group, rows]) => (
          <table key={group} className="ed-table ed-sheet__table">
            <caption>{group}</caption>
            <thead className="ed-sr">
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Keys</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((shortcut) => (
                <tr key={shortcut.action}>
                  <td>{shortcut.description}</td>
                  <td>
                    <Keys shortcut={shortcut} platform={platform} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
