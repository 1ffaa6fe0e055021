import { COMMANDS, type Command, type EditorState } from './commands.js';

/** What a key handler reads of a key press (a DOM `KeyboardEvent` fits). */
export interface KeyLike {
  key: string;
  /** The physical key: `Digit1` still names the 1 key when Alt (⌥) changes what it types. */
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  /** Held down: the browser repeats the key press. */
  repeat?: boolean;
}

/**
 * One key combination. `mod` is Ctrl, shown as ⌘ on a Mac; either is accepted on every platform.
 * `shift: 'any'` is for characters typed with Shift on some layouts and not on others (`?`).
 */
export interface Chord {
  key: string;
  code?: string;
  mod?: boolean;
  shift?: boolean | 'any';
  alt?: boolean;
}

/** Actions that move focus, start or stop editing on the canvas, or open the sheet (`ui/use-editor-keys.ts`). */
export type ViewAction = 'startEditing' | 'stopEditing' | 'showShortcuts';

export interface Shortcut {
  /** The name of a command in `COMMANDS`, or a view action. */
  action: string;
  description: string;
  group: 'Selection' | 'Blocks and sections' | 'History' | 'Preview' | 'Help';
  chords: readonly Chord[];
  /** `editing`: only while focus is in the selected item's form. Otherwise never while typing in a field. */
  when?: 'editing';
  /** Runs again while the key is held (moves, undo); the others run once per press. */
  repeats?: true;
}

/** Every shortcut of the page editor, in the order the sheet lists them. The handler reads the same table. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'selectPrevious',
    description: 'Select the previous block or section',
    group: 'Selection',
    chords: [{ key: 'ArrowUp' }],
    repeats: true,
  },
  {
    action: 'selectNext',
    description: 'Select the next block or section',
    group: 'Selection',
    chords: [{ key: 'ArrowDown' }],
    repeats: true,
  },
  {
    action: 'startEditing',
    description: 'Edit the selected block: its text on the page, else its first field',
    group: 'Selection',
    chords: [{ key: 'Enter' }],
  },
  {
    action: 'stopEditing',
    description: 'Stop editing, back to the page preview',
    group: 'Selection',
    chords: [{ key: 'Escape' }],
    when: 'editing',
  },
  { action: 'deselect', description: 'Clear the selection', group: 'Selection', chords: [{ key: 'Escape' }] },
  {
    action: 'duplicateBlock',
    description: 'Duplicate the selected block',
    group: 'Blocks and sections',
    chords: [{ key: 'd', mod: true }],
  },
  {
    action: 'deleteBlock',
    description: 'Delete the selected block',
    group: 'Blocks and sections',
    chords: [{ key: 'Delete' }, { key: 'Backspace' }],
  },
  {
    action: 'moveBlockUp',
    description: 'Move the block up (into the previous section at the top)',
    group: 'Blocks and sections',
    chords: [{ key: 'ArrowUp', alt: true }],
    repeats: true,
  },
  {
    action: 'moveBlockDown',
    description: 'Move the block down (into the next section at the end)',
    group: 'Blocks and sections',
    chords: [{ key: 'ArrowDown', alt: true }],
    repeats: true,
  },
  {
    action: 'moveSectionUp',
    description: 'Move the section up',
    group: 'Blocks and sections',
    chords: [{ key: 'ArrowUp', alt: true, shift: true }],
    repeats: true,
  },
  {
    action: 'moveSectionDown',
    description: 'Move the section down',
    group: 'Blocks and sections',
    chords: [{ key: 'ArrowDown', alt: true, shift: true }],
    repeats: true,
  },
  { action: 'undo', description: 'Undo', group: 'History', chords: [{ key: 'z', mod: true }], repeats: true },
  {
    action: 'redo',
    description: 'Redo',
    group: 'History',
    chords: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
    repeats: true,
  },
  ...(['desktop', 'tablet', 'phone'] as const).map(
    (device, i): Shortcut => ({
      action: `preview-${device}`,
      description: `Preview as ${device}`,
      group: 'Preview',
      chords: [{ key: String(i + 1), code: `Digit${i + 1}`, mod: true, alt: true }],
    }),
  ),
  { action: 'showShortcuts', description: 'Show these shortcuts', group: 'Help', chords: [{ key: '?', shift: 'any' }] },
];

/** Where focus is when a key is pressed (read from the DOM by `ui/use-editor-keys.ts`). */
export interface KeyContext {
  /** In a text field, select or rich-text area: its own keys and the browser's undo apply. */
  typing: boolean;
  /** In the selected block's or section's form. */
  editing: boolean;
  /** Keys the focused element handles itself: a button's Enter and Space, a tab list's or drag handle's arrows. */
  ownKeys: readonly string[];
  /** A modal dialog is open: its keys are its own. */
  modalOpen: boolean;
}

export const NO_FOCUS: KeyContext = { typing: false, editing: false, ownKeys: [], modalOpen: false };

export function matchesChord(event: KeyLike, chord: Chord): boolean {
  const key = event.key.toLowerCase() === chord.key.toLowerCase() || (!!chord.code && event.code === chord.code);
  return (
    key &&
    Boolean(event.ctrlKey || event.metaKey) === Boolean(chord.mod) &&
    Boolean(event.altKey) === Boolean(chord.alt) &&
    (chord.shift === 'any' || Boolean(event.shiftKey) === Boolean(chord.shift))
  );
}

/** A command or a view action to run, or `held`: a key held down that does not repeat (swallowed, nothing runs). */
export type KeyOutcome =
  | { kind: 'command'; command: Command }
  | { kind: 'view'; action: ViewAction }
  | { kind: 'held' };

const VIEW_ACTIONS: Record<ViewAction, (state: EditorState) => boolean> = {
  startEditing: (s) => s.selection !== null,
  stopEditing: () => true,
  showShortcuts: () => true,
};

function outcomeOf(action: string, state: EditorState): KeyOutcome | undefined {
  if (action in VIEW_ACTIONS) {
    const view = action as ViewAction;
    return VIEW_ACTIONS[view](state) ? { kind: 'view', action: view } : undefined;
  }
  const command = COMMANDS.find((c) => c.name === action);
  return command?.enabled(state) ? { kind: 'command', command } : undefined;
}

/** What a key press does in `state` with focus as `context`: the first enabled shortcut that fits, if any. */
export function resolveKey(event: KeyLike, context: KeyContext, state: EditorState): KeyOutcome | undefined {
  if (context.modalOpen) return undefined;
  for (const shortcut of SHORTCUTS) {
    if (shortcut.when === 'editing' ? !context.editing : context.typing) continue;
    const fits = shortcut.chords.some(
      (chord) => matchesChord(event, chord) && !(!chord.mod && !chord.alt && context.ownKeys.includes(chord.key)),
    );
    const outcome = fits ? outcomeOf(shortcut.action, state) : undefined;
    if (outcome) return event.repeat && !shortcut.repeats ? { kind: 'held' } : outcome;
  }
  return undefined;
}

export type Platform = 'mac' | 'other';

/** Mac-like systems show ⌘ for the modifier. Takes `navigator` (or anything shaped like it). */
export function detectPlatform(nav: { platform?: string; userAgent?: string } | undefined): Platform {
  return /mac|iphone|ipad|ipod/i.test(`${nav?.platform ?? ''} ${nav?.userAgent ?? ''}`) ? 'mac' : 'other';
}

/** One key of a chord as shown (`text`) and as read aloud (`name`). */
export interface KeyCap {
  text: string;
  name: string;
}

const KEY_CAPS: Record<string, KeyCap> = {
  ArrowUp: { text: '↑', name: 'Up arrow' },
  ArrowDown: { text: '↓', name: 'Down arrow' },
  Escape: { text: 'Esc', name: 'Esc' },
  '?': { text: '?', name: 'Question mark' },
};
const MAC_CAPS: Record<string, KeyCap> = {
  mod: { text: '⌘', name: 'Command' },
  alt: { text: '⌥', name: 'Option' },
  shift: { text: '⇧', name: 'Shift' },
  Enter: { text: '↩', name: 'Return' },
  Backspace: { text: '⌫', name: 'Delete' },
  Delete: { text: '⌦', name: 'Forward delete' },
};
const OTHER_CAPS: Record<string, KeyCap> = {
  mod: { text: 'Ctrl', name: 'Ctrl' },
  alt: { text: 'Alt', name: 'Alt' },
  shift: { text: 'Shift', name: 'Shift' },
};

/** The keys of a chord in the platform's order and names (Ctrl+Shift+Z; ⇧⌘Z on a Mac). */
export function chordCaps(chord: Chord, platform: Platform): KeyCap[] {
  const caps = platform === 'mac' ? MAC_CAPS : OTHER_CAPS;
  const cap = (k: string): KeyCap =>
    caps[k] ??
    KEY_CAPS[k] ?? { text: k.length === 1 ? k.toUpperCase() : k, name: k.length === 1 ? k.toUpperCase() : k };
  const order = platform === 'mac' ? (['alt', 'shift', 'mod'] as const) : (['mod', 'alt', 'shift'] as const);
  const held = { mod: !!chord.mod, alt: !!chord.alt, shift: chord.shift === true };
  return [...order.filter((m) => held[m]).map(cap), cap(chord.key)];
}

export function chordText(chord: Chord, platform: Platform): string {
  return chordCaps(chord, platform)
    .map((c) => c.text)
    .join(platform === 'mac' ? '' : '+');
}

/** A command's shortcuts as one line for a tooltip ("Ctrl+Shift+Z or Ctrl+Y"); undefined when it has none. */
export function shortcutText(action: string, platform: Platform): string | undefined {
  const shortcut = SHORTCUTS.find((s) => s.action === action);
  return shortcut?.chords.map((c) => chordText(c, platform)).join(' or ');
}
