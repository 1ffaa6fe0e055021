/** SPEC §5's message when an image's originalSize cannot be read. */
export const INVALID_ORIGINAL_SIZE = "Invalid source parameter. Pass in 'originalSize'.";

export type OriginalSizeResult = { ok: true; width: number; height: number } | { ok: false; message: string };

/** Reads an image's originalSize, two numbers joined by x ('1500x983'). */
export function parseOriginalSize(value: unknown): OriginalSizeResult {
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)\s*$/.exec(value) : null;
  if (!match) return { ok: false, message: INVALID_ORIGINAL_SIZE };
  return { ok: true, width: Number(match[1]), height: Number(match[2]) };
}
