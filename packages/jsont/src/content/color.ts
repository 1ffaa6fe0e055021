/** Colour helpers for templates: light/dark weight, HSL(A) text, image colour averages. */
import { asNumber, asString, field } from '../values/json.js';

/** SPEC §9: above this value (half of 0xffffff) a colour counts as light. */
export const LIGHT_CUTOFF = 0xffffff / 2;

/** SPEC §5: 3 or 6 hex digits, with or without '#'; undefined otherwise. */
export function hexColorToInt(text: string): number | undefined {
  const hex = text.startsWith('#') ? text.slice(1) : text;
  if (!/^[0-9a-f]{3}$|^[0-9a-f]{6}$/i.test(hex)) return undefined;
  const full = hex.length === 3 ? [...hex].map((ch) => ch + ch).join('') : hex;
  return Number.parseInt(full, 16);
}

export function colorWeight(text: string): 'light' | 'dark' | undefined {
  const value = hexColorToInt(text);
  if (value === undefined) return undefined;
  return value > LIGHT_CUTOFF ? 'light' : 'dark';
}

const round2 = (n: number) => Number.parseFloat(n.toFixed(2));

/** `hsl(…)`/`hsla(…)` from a website colour `{hue, saturation, lightness, alpha?}`, or a message naming what is wrong. */
export function websiteColor(color: unknown): string {
  const hueNode = field(color, 'hue');
  const saturationNode = field(color, 'saturation');
  const lightnessNode = field(color, 'lightness');
  if (hueNode === undefined || saturationNode === undefined || lightnessNode === undefined) {
    return 'Missing an H/S/L value.';
  }
  const hue = asNumber(hueNode);
  const saturation = asNumber(saturationNode);
  const lightness = asNumber(lightnessNode);
  const alphaNode = field(color, 'alpha');
  const alpha = alphaNode === undefined ? undefined : asNumber(alphaNode);
  let errors = '';
  if (hue < 0 || hue > 360) errors += 'Hue out of bounds. ';
  if (!(saturation >= 0 && saturation <= 1)) errors += 'Saturation out of bounds. ';
  if (!(lightness >= 0 && lightness <= 1)) errors += 'Lightness out of bounds. ';
  if (alpha !== undefined && (alpha < 0 || alpha > 1)) errors += 'Alpha out of bounds.';
  if (errors) return errors;
  const body = `${round2(hue)}, ${round2(saturation * 100)}%, ${round2(lightness * 100)}%`;
  return alpha === undefined ? `hsl(${body})` : `hsla(${body}, ${round2(alpha)})`;
}

/** Image regions with colour averages (SPEC §3 image colorData). */
export const COLOR_REGIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/**
 * One region as `#rgb` (optionally prefixed `name: `), or all regions as
 * `data-color-*` attributes; SPEC §8: an unknown region prints '"name" not found.'.
 */
export function imageColor(image: unknown, args: readonly string[]): string | undefined {
  const colorData = field(image, 'colorData');
  if (colorData === undefined) return undefined;
  const [region, label] = args;
  if (region !== undefined) {
    const color = asString(field(colorData, `${region}Average`));
    if (color === '') return `"${region}" not found.`;
    return `${label !== undefined ? `${label}: ` : ''}#${color}`;
  }
  return COLOR_REGIONS.map((name) => `data-color-${name}="#${asString(field(colorData, `${name}Average`))}" `).join('');
}
