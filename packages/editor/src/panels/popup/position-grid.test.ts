import { describe, expect, it } from 'vitest';
import { movePosition } from './position-grid.js';

describe('moving on the popup position grid by keyboard', () => {
  it('moves one cell in each direction through the middle cell', () => {
    expect(movePosition('center', 'ArrowUp')).toBe('top-center');
    expect(movePosition('center', 'ArrowDown')).toBe('bottom-center');
    expect(movePosition('center', 'ArrowLeft')).toBe('center-left');
    expect(movePosition('center', 'ArrowRight')).toBe('center-right');
    expect(movePosition('bottom-center', 'ArrowRight')).toBe('bottom-right');
    expect(movePosition('top-center', 'ArrowDown')).toBe('center');
  });

  it('stops at the edges and jumps with Home and End', () => {
    expect(movePosition('bottom-right', 'ArrowDown')).toBe('bottom-right');
    expect(movePosition('bottom-right', 'ArrowRight')).toBe('bottom-right');
    expect(movePosition('top-left', 'ArrowUp')).toBe('top-left');
    expect(movePosition('center', 'Home')).toBe('top-left');
    expect(movePosition('center', 'End')).toBe('bottom-right');
    expect(movePosition('center', 'Enter')).toBeUndefined();
  });
});
