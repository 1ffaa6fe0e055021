// The popup overlay (page type 104) as the editor and the owner API see it: SPEC §2's 3×3 grid of
// positions (top, center, bottom crossed with left, center, right) and the limits of its text.
// The middle cell is stored as plain 'center', the others as '<row>-<column>', which is what the
// theme's `popup-overlay--<position>` classes read.

export const POPUP_ROWS = Object.freeze(['top', 'center', 'bottom'] as const);
export const POPUP_COLUMNS = Object.freeze(['left', 'center', 'right'] as const);
export type PopupRow = (typeof POPUP_ROWS)[number];
export type PopupColumn = (typeof POPUP_COLUMNS)[number];

/** The stored name of one cell: 'top-left' … 'center' … 'bottom-right'. */
export function popupPosition(row: PopupRow, column: PopupColumn): string {
  return row === 'center' && column === 'center' ? 'center' : `${row}-${column}`;
}

/** Every position, row by row from the top left. */
export const POPUP_POSITION_NAMES: readonly string[] = Object.freeze(
  POPUP_ROWS.flatMap((row) => POPUP_COLUMNS.map((column) => popupPosition(row, column))),
);

/** Where a stored position sits in the grid; unknown names fall back to the centre. */
export function popupCell(position: string): { row: PopupRow; column: PopupColumn } {
  const index = POPUP_POSITION_NAMES.indexOf(position);
  const at = index < 0 ? 4 : index;
  return { row: POPUP_ROWS[Math.floor(at / 3)], column: POPUP_COLUMNS[at % 3] };
}

/** A person's name for a cell: 'Top left', 'Center', 'Bottom right'. */
export function popupPositionLabel(position: string): string {
  const { row, column } = popupCell(position);
  if (row === 'center' && column === 'center') return 'Center';
  const text = `${row} ${column}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const POPUP_LIMITS = Object.freeze({
  titleMaxLength: 120,
  bodyMaxLength: 600,
  buttonLabelMaxLength: 60,
  imageAltMaxLength: 200,
});
