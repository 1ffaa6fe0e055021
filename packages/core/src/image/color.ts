/** SPEC §9: a colour whose 24-bit value is above this is light. */
export const LIGHT_COLOR_CUTOFF = 8388607.5;

/** SPEC §9: a colour whose luminance is below this counts as dark. */
export const DARK_LUMINANCE_THRESHOLD = 166.4;

/** Reads '#abc', 'abc', '#aabbcc' or 'aabbcc' as a 24-bit number; other input has no result (SPEC §5). */
export function parseHexColor(hex: string | null | undefined): number | undefined {
  if (typeof hex !== 'string') return undefined;
  const digits = hex.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(digits)) return undefined;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return Number.parseInt(full, 16);
}

/** Red, green and blue channels (0–255) of a hex colour. */
export function hexToRgb(hex: string | null | undefined): { r: number; g: number; b: number } | undefined {
  const value = parseHexColor(hex);
  if (value === undefined) return undefined;
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

/** Whether a hex colour is light by its 24-bit value (above 8388607.5); undefined for bad input. */
export function isLightColor(hex: string | null | undefined): boolean | undefined {
  const value = parseHexColor(hex);
  return value === undefined ? undefined : value > LIGHT_COLOR_CUTOFF;
}

/** Perceived brightness 0–255 with the Rec. 601 weights (0.299 R + 0.587 G + 0.114 B). */
export function colorLuminance(hex: string | null | undefined): number | undefined {
  const rgb = hexToRgb(hex);
  return rgb ? 0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b : undefined;
}

/** Whether a hex colour is dark: luminance below 166.4; undefined for bad input. */
export function isDarkColor(hex: string | null | undefined): boolean | undefined {
  const luminance = colorLuminance(hex);
  return luminance === undefined ? undefined : luminance < DARK_LUMINANCE_THRESHOLD;
}
