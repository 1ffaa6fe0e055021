import { describe, expect, it } from 'vitest';
import { DEFAULT_FOCAL_POINT, focalPointOf, formatFocalPoint } from './focal-point.js';

describe('focal point', () => {
  it('defaults to the centre', () => {
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
    expect(Object.isFrozen(DEFAULT_FOCAL_POINT)).toBe(true);
    expect(focalPointOf(undefined)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('reads, clamps and fills in coordinates', () => {
    expect(focalPointOf({ x: 0.2, y: '0.7' })).toEqual({ x: 0.2, y: 0.7 });
    expect(focalPointOf({ x: -1, y: 3 })).toEqual({ x: 0, y: 1 });
    expect(focalPointOf({ x: 'left' })).toEqual({ x: 0.5, y: 0.5 });
  });

  it('writes the attribute form', () => {
    expect(formatFocalPoint({ x: 0.25, y: 0.5 })).toBe('0.25,0.5');
  });
});
