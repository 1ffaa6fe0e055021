/** A point inside an image as fractions of its width and height, 0 to 1. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** The centre, used when an image has no focal point (SPEC §9). */
export const DEFAULT_FOCAL_POINT: Readonly<FocalPoint> = Object.freeze({ x: 0.5, y: 0.5 });

/** A usable focal point: each coordinate clamped to 0–1, the default for missing or unreadable ones. */
export function focalPointOf(point: { x?: unknown; y?: unknown } | null | undefined): FocalPoint {
  const read = (value: unknown, fallback: number): number => {
    const n = typeof value === 'string' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
  };
  return { x: read(point?.x, DEFAULT_FOCAL_POINT.x), y: read(point?.y, DEFAULT_FOCAL_POINT.y) };
}

/** A focal point as the `data-image-focal-point` attribute writes it: '0.5,0.5'. */
export function formatFocalPoint(point: FocalPoint): string {
  return `${point.x},${point.y}`;
}
