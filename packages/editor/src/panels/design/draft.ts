import { type ColorSlot, DESIGN_DIRTY_PATHS, type DesignDirtyPath, type FontUsage } from '@tessera/core';
import type { AnimationStyle, ButtonStyle, Design, FontUsageChoice } from '@tessera/core/contracts/design';

// The design being edited is a whole `Design`; what differs from the saved one decides what a save
// sends: the SPEC §3 dirty paths through PUT /api/config/design, buttons and animations through
// PUT /api/config/design/style.

/** JSON with object keys in order, so `{ a, b }` and `{ b, a }` compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export function valueAt(design: Design, path: DesignDirtyPath): unknown {
  const [group, key] = path.split('.') as ['colors' | 'fonts', string];
  return (design[group] as Record<string, unknown>)[key];
}

/** The dirty paths of `draft` against the saved design, in SPEC order. */
export function dirtyDesignPaths(saved: Design, draft: Design): DesignDirtyPath[] {
  return DESIGN_DIRTY_PATHS.filter((path) => canonical(valueAt(saved, path)) !== canonical(valueAt(draft, path)));
}

export interface StyleChanges {
  buttons?: Partial<ButtonStyle>;
  animations?: Partial<AnimationStyle>;
}

function changedFields<T extends object>(saved: T, draft: T): Partial<T> | undefined {
  const out: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (draft[key] !== saved[key]) out[key] = draft[key];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The buttons and animations fields that differ, or undefined when none does. */
export function styleChanges(saved: Design, draft: Design): StyleChanges | undefined {
  const buttons = changedFields(saved.buttons, draft.buttons);
  const animations = changedFields(saved.animations, draft.animations);
  if (!buttons && !animations) return undefined;
  return { ...(buttons && { buttons }), ...(animations && { animations }) };
}

export function isDirty(saved: Design, draft: Design): boolean {
  return dirtyDesignPaths(saved, draft).length > 0 || styleChanges(saved, draft) !== undefined;
}

/** The body of PUT /api/config/design: the version loaded and only the dirty paths; undefined when none. */
export function designSaveBody(saved: Design, draft: Design): Record<string, unknown> | undefined {
  const paths = dirtyDesignPaths(saved, draft);
  if (paths.length === 0) return undefined;
  return { version: saved.version, ...Object.fromEntries(paths.map((path) => [path, valueAt(draft, path)])) };
}

/** The body of POST /api/config/design/preview for the unsaved changes; undefined when there are none. */
export function previewBody(saved: Design, draft: Design): Record<string, unknown> | undefined {
  const paths = dirtyDesignPaths(saved, draft);
  const style = styleChanges(saved, draft);
  if (paths.length === 0 && !style) return undefined;
  return {
    ...Object.fromEntries(paths.map((path) => [path, valueAt(draft, path)])),
    ...(style && { style }),
  };
}

/** Everything a save covers, for the tweak `save` event: dirty paths, then `buttons` / `animations`. */
export function savedParts(saved: Design, draft: Design): string[] {
  const style = styleChanges(saved, draft);
  return [...dirtyDesignPaths(saved, draft), ...Object.keys(style ?? {})];
}

// ---- edits: each returns a new design ----

/** Where a colour edit goes: the site palette or one colour theme. */
export type ColorTarget = { kind: 'palette' } | { kind: 'theme'; id: string };

export function setColor(design: Design, target: ColorTarget, slot: ColorSlot, value: string | undefined): Design {
  const apply = (colors: Design['colors']['palette']) => {
    const next = { ...colors };
    if (value === undefined) delete next[slot];
    else next[slot] = value.toLowerCase();
    return next;
  };
  if (target.kind === 'palette')
    return { ...design, colors: { ...design.colors, palette: apply(design.colors.palette) } };
  return {
    ...design,
    colors: {
      ...design.colors,
      themes: design.colors.themes.map((t) => (t.id === target.id ? { ...t, colors: apply(t.colors) } : t)),
    },
  };
}

export function setActiveColorTheme(design: Design, id: string | null): Design {
  return { ...design, colors: { ...design.colors, activeThemeId: id } };
}

/** A theme id from a name: lower-case letters, digits and dashes, unique among `taken`. */
export function themeIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'theme';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Adds a colour theme named `name`, starting from the palette's colours; answers the design and its id. */
export function addColorTheme(design: Design, name: string): { design: Design; id: string } {
  const id = themeIdFor(
    name,
    design.colors.themes.map((t) => t.id),
  );
  const theme = { id, name: name.trim(), colors: { ...design.colors.palette } };
  return { design: { ...design, colors: { ...design.colors, themes: [...design.colors.themes, theme] } }, id };
}

/** The longest colour theme name the server keeps (design-model `colors.themes[].name`). */
export const THEME_NAME_MAX = 60;

/**
 * Renames colour theme `id` (the id, which the active choice points at, stays). A blank name is
 * refused with a message and the design is left as it was.
 */
export function renameColorTheme(
  design: Design,
  id: string,
  name: string,
): { ok: true; design: Design } | { ok: false; error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, error: 'Enter a name for this colour theme.' };
  if (trimmed.length > THEME_NAME_MAX)
    return { ok: false, error: `Use at most ${THEME_NAME_MAX} characters for a theme name.` };
  return {
    ok: true,
    design: {
      ...design,
      colors: {
        ...design.colors,
        themes: design.colors.themes.map((t) => (t.id === id ? { ...t, name: trimmed } : t)),
      },
    },
  };
}

export function removeColorTheme(design: Design, id: string): Design {
  return {
    ...design,
    colors: {
      ...design.colors,
      activeThemeId: design.colors.activeThemeId === id ? null : design.colors.activeThemeId,
      themes: design.colors.themes.filter((t) => t.id !== id),
    },
  };
}

/** The colours visitors would see for each slot the design sets: the palette, the active theme over it. */
export function effectiveColors(design: Design): Design['colors']['palette'] {
  const theme = design.colors.themes.find((t) => t.id === design.colors.activeThemeId);
  return { ...design.colors.palette, ...theme?.colors };
}

export function setActiveFontPack(design: Design, id: string | null): Design {
  return { ...design, fonts: { ...design.fonts, activeThemeId: id } };
}

/** Sets a usage's own family and weight (undefined: from the pack / the theme); drops empty entries. */
export function setUsageFont(design: Design, usage: FontUsage, choice: { family?: string; weight?: number }): Design {
  const others = design.fonts.fontUsageCategories.filter((c) => c.id !== usage);
  const current = design.fonts.fontUsageCategories.find((c) => c.id === usage);
  const next: FontUsageChoice = { id: usage };
  if (choice.family) next.family = choice.family;
  if (choice.weight) next.weight = choice.weight;
  if (current?.scale !== undefined) next.scale = current.scale;
  const keep = next.family !== undefined || next.weight !== undefined || next.scale !== undefined;
  return { ...design, fonts: { ...design.fonts, fontUsageCategories: keep ? [...others, next] : others } };
}

/**
 * The kinds of text whose size the design can change: the published stylesheet scales only button
 * text (`--button-font-size`; see design-model `USAGE_VARIABLES` on the server), so the panel
 * offers a size for those alone.
 */
export const SCALED_USAGES: readonly FontUsage[] = ['buttons'];

/** The sizes offered, relative to the theme's (1 = unchanged); the server takes 0.5 to 3. */
export const USAGE_SCALES: readonly number[] = [0.75, 0.875, 1.125, 1.25, 1.5, 2];

/** Sets a usage's size relative to the theme's (undefined: the theme's size), keeping its font and weight. */
export function setUsageScale(design: Design, usage: FontUsage, scale: number | undefined): Design {
  const categories = design.fonts.fontUsageCategories;
  const current = categories.find((c) => c.id === usage);
  const next: FontUsageChoice = { ...current, id: usage };
  if (scale === undefined || scale === 1) delete next.scale;
  else next.scale = Math.min(3, Math.max(0.5, scale));
  const keep = next.family !== undefined || next.weight !== undefined || next.scale !== undefined;
  // In place, so changing only the size leaves the other kinds of text where they were.
  const fontUsageCategories = current
    ? categories.flatMap((c) => (c.id !== usage ? [c] : keep ? [next] : []))
    : keep
      ? [...categories, next]
      : categories;
  return { ...design, fonts: { ...design.fonts, fontUsageCategories } };
}

/** "125%" for a scale of 1.25. */
export function scaleLabel(scale: number): string {
  return `${Math.round(scale * 1000) / 10}%`;
}

/** The family a usage shows: its own choice, else the active pack's; undefined means the theme's font. */
export function usageFamily(design: Design, usage: FontUsage): string | undefined {
  const own = design.fonts.fontUsageCategories.find((c) => c.id === usage)?.family;
  if (own) return own;
  return design.fonts.themes.find((t) => t.id === design.fonts.activeThemeId)?.fonts[usage];
}

export function setButtons(design: Design, change: Partial<ButtonStyle>): Design {
  return { ...design, buttons: { ...design.buttons, ...change } };
}

export function setAnimations(design: Design, change: Partial<AnimationStyle>): Design {
  return { ...design, animations: { ...design.animations, ...change } };
}

/** Reads a whole number typed into a field, within bounds; a message a person can act on otherwise. */
export function readWholeNumber(
  text: string,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: `Enter a whole number from ${min} to ${max}.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { ok: false, error: `Enter a whole number from ${min} to ${max}.` };
  return { ok: true, value };
}
