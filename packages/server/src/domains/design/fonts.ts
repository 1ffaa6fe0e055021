import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FontCategory } from '@tessera/core';

export { FONT_CATEGORIES } from '@tessera/core';

/** A font family Tessera serves itself, from an installed `@fontsource/<id>` package. */
export interface FontFamily {
  /** The package name after `@fontsource/` (`inter`), also the path segment under `/fonts/`. */
  id: string;
  /** CSS family name (`Inter`). */
  family: string;
  category: FontCategory;
  weights: number[];
  styles: string[];
  /** Where the package's `files/` folder is. */
  filesDir: string;
  /** An owner-uploaded family (issue 21): its file address for each weight, served from `/_fonts/`. */
  files?: Readonly<Record<number, string>>;
  /** A family from a connected font kit: its `@font-face` rules are in the kit's stylesheet, not `/site.css`. */
  kitUrl?: string;
}

const CATEGORY_OF_FONTSOURCE: Record<string, FontCategory> = {
  'sans-serif': 'Sans Serif',
  serif: 'Serif',
  display: 'Display',
  handwriting: 'Script',
  monospace: 'Mono',
};

/** CSS fallbacks after a family, by category. */
const FALLBACK: Record<FontCategory, string> = {
  'Sans Serif': 'ui-sans-serif, system-ui, sans-serif',
  Serif: 'ui-serif, Georgia, serif',
  Display: 'ui-sans-serif, system-ui, sans-serif',
  Script: 'cursive',
  'Slab Serif': 'ui-serif, Georgia, serif',
  Mono: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  Other: 'sans-serif',
};

/** Every `node_modules/@fontsource` folder from this module's folder up to the file system root. */
function fontsourceDirs(): string[] {
  const found: string[] = [];
  let dir = import.meta.dirname;
  for (;;) {
    const candidate = join(dir, 'node_modules', '@fontsource');
    if (existsSync(candidate)) found.push(candidate);
    const parent = dirname(dir);
    if (parent === dir) return found;
    dir = parent;
  }
}

function readFamily(packageDir: string, id: string): FontFamily | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(packageDir, 'metadata.json'), 'utf8')) as {
      family?: unknown;
      category?: unknown;
      weights?: unknown;
      styles?: unknown;
    };
    if (typeof meta.family !== 'string') return undefined;
    const filesDir = join(packageDir, 'files');
    if (!existsSync(filesDir)) return undefined;
    return {
      id,
      family: meta.family,
      category: CATEGORY_OF_FONTSOURCE[String(meta.category)] ?? 'Other',
      weights: Array.isArray(meta.weights) ? meta.weights.filter((w): w is number => Number.isInteger(w)) : [400],
      styles: Array.isArray(meta.styles) ? meta.styles.filter((s): s is string => typeof s === 'string') : ['normal'],
      filesDir,
    };
  } catch {
    return undefined;
  }
}

/** The installed font families, sorted by name. Read once: installing a font needs a restart. */
export function loadFontCatalogue(): FontFamily[] {
  const byId = new Map<string, FontFamily>();
  for (const root of fontsourceDirs()) {
    for (const id of readdirSync(root)) {
      if (byId.has(id) || !/^[a-z0-9-]+$/.test(id)) continue;
      const family = readFamily(join(root, id), id);
      if (family) byId.set(id, family);
    }
  }
  return [...byId.values()].sort((a, b) => a.family.localeCompare(b.family));
}

/** The family's public JSON (no file system path). */
export function fontJson(font: FontFamily) {
  return {
    id: font.id,
    family: font.family,
    category: font.category,
    weights: font.weights,
    styles: font.styles,
    previewUrl: fontFileUrl(font, 400),
  };
}

/** Families whose name, id or category contains the words of `q` (all of them, any case). */
export function searchFonts(catalogue: readonly FontFamily[], q: string | undefined, category?: string): FontFamily[] {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return catalogue.filter((font) => {
    if (category && font.category !== category) return false;
    const haystack = `${font.family} ${font.id} ${font.category}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The nearest weight the family has (ties go to the heavier one). */
export function nearestWeight(font: FontFamily, weight: number): number {
  let best = font.weights[0] ?? 400;
  for (const w of font.weights) {
    if (
      Math.abs(w - weight) < Math.abs(best - weight) ||
      (Math.abs(w - weight) === Math.abs(best - weight) && w > best)
    ) {
      best = w;
    }
  }
  return best;
}

export function fontFileName(font: FontFamily, weight: number, style = 'normal'): string {
  return `${font.id}-latin-${nearestWeight(font, weight)}-${style}.woff2`;
}

export function fontFileUrl(font: FontFamily, weight: number, style = 'normal'): string {
  const own = font.files?.[nearestWeight(font, weight)];
  if (own) return own;
  return `/fonts/${font.id}/${fontFileName(font, weight, style)}`;
}

/** `"Lora", ui-serif, Georgia, serif` */
export function fontStack(font: FontFamily): string {
  return `"${font.family}", ${FALLBACK[font.category]}`;
}

/** The absolute path of a woff2 file of a family, or undefined when the name is not one of its files. */
export function fontFilePath(font: FontFamily, file: string): string | undefined {
  if (!/^[a-z0-9-]+\.woff2$/.test(file) || !file.startsWith(`${font.id}-`)) return undefined;
  const path = join(font.filesDir, file);
  return existsSync(path) ? path : undefined;
}
