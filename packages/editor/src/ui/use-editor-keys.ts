import { useCallback, useEffect, useRef, useState } from 'react';
import { requestInlineEditing } from '../canvas/inline-events.js';
import type { Command, EditorState } from '../model/commands.js';
import { detectPlatform, type KeyContext, resolveKey, type ViewAction } from '../model/shortcuts.js';

// The page editor's keyboard: one window listener (and the preview frame's key presses, forwarded
// by Canvas through `onKey`) resolved by the shortcut table of `model/shortcuts.ts`.

/** This browser's platform, for key names (Ctrl or ⌘) in the sheet and the buttons' tooltips. */
export const PLATFORM = detectPlatform(typeof navigator === 'undefined' ? undefined : navigator);

/** The selected block's or section's form in the inspector. */
const SELECTION_FORM = '[data-selection-form]';
const FIELDS = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"]';
/** The preview frame (`Canvas`): where focus goes back to when editing stops. */
const CANVAS_FRAME = 'iframe.ed-frame';

const ACTIVATE = ['Enter', ' '];
const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
/** Widgets that move with the arrow keys themselves (tabs, sliders, lists, drag handles). */
const ARROW_ROLES = new Set([
  'tab',
  'option',
  'radio',
  'slider',
  'spinbutton',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
  'treeitem',
  'gridcell',
  'listbox',
  'combobox',
]);
const CONTROL_ROLES = new Set(['button', 'link', 'checkbox', 'switch']);
const CONTROL_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'file', 'color', 'image']);
const ARROW_INPUTS = new Set(['radio', 'range']);

/** Where focus is, for `resolveKey`: read from the element a key press went to (here or in the frame). */
export function focusContext(target: EventTarget | null, editorDocument: Document): KeyContext {
  const modalOpen = editorDocument.querySelector('[aria-modal="true"]') !== null;
  const el = (target as Node | null)?.nodeType === 1 ? (target as HTMLElement) : null;
  if (!el) return { typing: false, editing: false, ownKeys: [], modalOpen };
  // In the preview frame, links and buttons are not for using (a click selects): only text being edited there counts.
  if (el.ownerDocument !== editorDocument)
    return { typing: el.isContentEditable, editing: el.isContentEditable, ownKeys: [], modalOpen };
  const tag = el.tagName;
  const role = el.getAttribute('role') ?? '';
  const inputType = tag === 'INPUT' ? (el as HTMLInputElement).type : '';
  const control = inputType !== '' && CONTROL_INPUTS.has(inputType);
  const typing =
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    el.isContentEditable ||
    (tag === 'INPUT' && !control && !ARROW_INPUTS.has(inputType));
  const ownKeys =
    ARROW_ROLES.has(role) || ARROW_INPUTS.has(inputType) || el.hasAttribute('aria-roledescription')
      ? [...ACTIVATE, ...ARROWS]
      : control ||
          tag === 'BUTTON' ||
          tag === 'SUMMARY' ||
          (tag === 'A' && el.hasAttribute('href')) ||
          CONTROL_ROLES.has(role)
        ? ACTIVATE
        : [];
  return { typing, editing: el.closest(SELECTION_FORM) !== null, ownKeys, modalOpen };
}

/**
 * Focuses the first field of the selection's form (Enter on a block without text to edit in place);
 * a form part that loads on demand (the rich text) is waited for a few frames.
 */
function focusSelectionForm(tries = 30): void {
  const form = document.querySelector(SELECTION_FORM);
  const field = [...(form?.querySelectorAll<HTMLElement>(FIELDS) ?? [])].find(
    (el) => !(el as HTMLInputElement).disabled && el.getClientRects().length > 0,
  );
  if (field) field.focus();
  else if (tries > 0) requestAnimationFrame(() => focusSelectionForm(tries - 1));
}

function focusCanvas(): void {
  document.querySelector<HTMLIFrameElement>(CANVAS_FRAME)?.focus();
}

interface EditorKeysOptions {
  /** The editor's state now (undefined while a page loads). */
  getState: () => EditorState | undefined;
  runCommand: (command: Command) => void;
}

/** The keyboard of the page editor, and the shortcuts sheet's open state. `onKey` takes the frame's key presses. */
export function useEditorKeys({ getState, runCommand }: EditorKeysOptions) {
  const [sheetOpen, setSheetOpen] = useState(false);
  /** Where focus was when the sheet opened: it goes back there on close. */
  const before = useRef<HTMLElement | null>(null);

  const openSheet = useCallback(() => {
    before.current = document.activeElement as HTMLElement | null;
    setSheetOpen(true);
  }, []);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  // Once the sheet is gone (and no longer keeps focus inside), focus goes back to where it was.
  useEffect(() => {
    const back = before.current;
    if (sheetOpen || !back) return;
    before.current = null;
    if (back.isConnected && back !== document.body) back.focus();
    else focusCanvas();
  }, [sheetOpen]);

  const onKey = useCallback(
    (event: KeyboardEvent) => {
      const state = getState();
      if (!state || event.defaultPrevented || event.isComposing) return;
      const outcome = resolveKey(event, focusContext(event.target, document), state);
      if (!outcome) return;
      event.preventDefault();
      if (outcome.kind === 'command') runCommand(outcome.command);
      else if (outcome.kind === 'view') {
        const views: Record<ViewAction, () => void> = {
          // Text blocks, headings, quotes and buttons are edited on the canvas; the others in the side form.
          startEditing: () => requestInlineEditing('start') || focusSelectionForm(),
          stopEditing: () => {
            requestInlineEditing('stop');
            focusCanvas();
          },
          showShortcuts: openSheet,
        };
        views[outcome.action]();
      }
    },
    [getState, runCommand, openSheet],
  );

  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  return { onKey, sheetOpen, openSheet, closeSheet };
}
