import { POPUP_COLUMNS, POPUP_ROWS, popupCell, popupPosition } from '@tessera/core';

// Keyboard movement on the popup's 3×3 position grid, as a radio group in two dimensions: the
// arrow keys move one cell (stopping at the edges), Home and End go to the first and last cell.

/** The position `key` moves to from `position`, or undefined when the key does not move. */
export function movePosition(position: string, key: string): string | undefined {
  const { row, column } = popupCell(position);
  let r = POPUP_ROWS.indexOf(row);
  let c = POPUP_COLUMNS.indexOf(column);
  switch (key) {
    case 'ArrowUp':
      r = Math.max(0, r - 1);
      break;
    case 'ArrowDown':
      r = Math.min(2, r + 1);
      break;
    case 'ArrowLeft':
      c = Math.max(0, c - 1);
      break;
    case 'ArrowRight':
      c = Math.min(2, c + 1);
      break;
    case 'Home':
      r = 0;
      c = 0;
      break;
    case 'End':
      r = 2;
      c = 2;
      break;
    default:
      return undefined;
  }
  return popupPosition(POPUP_ROWS[r], POPUP_COLUMNS[c]);
}
