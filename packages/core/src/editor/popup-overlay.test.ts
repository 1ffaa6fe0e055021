import { describe, expect, it } from 'vitest';
import { POPUP_POSITION_NAMES, popupCell, popupPosition, popupPositionLabel } from './popup-overlay.js';

describe('popup overlay positions', () => {
  it('names the nine cells of SPEC’s 3×3 grid, the middle one plain center', () => {
    expect(POPUP_POSITION_NAMES).toEqual([
      'top-left',
      'top-center',
      'top-right',
      'center-left',
      'center',
      'center-right',
      'bottom-left',
      'bottom-center',
      'bottom-right',
    ]);
    expect(popupPosition('bottom', 'right')).toBe('bottom-right');
    expect(popupPosition('center', 'center')).toBe('center');
  });

  it('finds a stored position in the grid and names it for people', () => {
    expect(popupCell('bottom-right')).toEqual({ row: 'bottom', column: 'right' });
    expect(popupCell('somewhere')).toEqual({ row: 'center', column: 'center' });
    expect(popupPositionLabel('top-left')).toBe('Top left');
    expect(popupPositionLabel('center')).toBe('Center');
    expect(popupPositionLabel('center-right')).toBe('Center right');
  });
});
