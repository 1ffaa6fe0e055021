import { describe, expect, it } from 'vitest';
import {
  addColorTheme,
  designSaveBody,
  dirtyDesignPaths,
  effectiveColors,
  isDirty,
  previewBody,
  readWholeNumber,
  removeColorTheme,
  renameColorTheme,
  SCALED_USAGES,
  savedParts,
  scaleLabel,
  setActiveColorTheme,
  setActiveFontPack,
  setAnimations,
  setButtons,
  setColor,
  setUsageFont,
  setUsageScale,
  styleChanges,
  usageFamily,
} from './draft.js';
import type { Design } from '@tessera/core/contracts/design';

function saved(): Design {
  return {
    version: 4,
    colors: {
      activeThemeId: null,
      palette: { accent: '#112233', background: '#ffffff' },
      themes: [
        { id: 'light', name: 'Light', colors: {} },
        { id: 'dusk', name: 'Dusk', colors: { background: '#1d1f24' } },
      ],
    },
    fonts: {
      activeThemeId: null,
      themes: [{ id: 'classic', name: 'Classic', fonts: { heading: 'lora', body: 'inter' } }],
      fontUsageCategories: [],
    },
    buttons: { shape: 'pill', size: 'medium', style: 'solid' },
    animations: { style: 'none', scrollOffset: 30, tweenMs: 300 },
  };
}

describe('design draft', () => {
  it('is clean until something differs, and key order alone is no change', () => {
    const base = saved();
    expect(isDirty(base, saved())).toBe(false);
    const reordered = { ...base, colors: { ...base.colors, palette: { background: '#ffffff', accent: '#112233' } } };
    expect(dirtyDesignPaths(base, reordered)).toEqual([]);
    expect(previewBody(base, reordered)).toBeUndefined();
    expect(designSaveBody(base, reordered)).toBeUndefined();
  });

  it('saves only the dirty paths with the version it loaded', () => {
    const base = saved();
    let draft = setColor(base, { kind: 'palette' }, 'accent', '#7A1F4B');
    draft = setUsageFont(draft, 'heading', { family: 'lora', weight: 700 });
    expect(dirtyDesignPaths(base, draft)).toEqual(['colors.palette', 'fonts.fontUsageCategories']);
    expect(designSaveBody(base, draft)).toEqual({
      version: 4,
      'colors.palette': { accent: '#7a1f4b', background: '#ffffff' },
      'fonts.fontUsageCategories': [{ id: 'heading', family: 'lora', weight: 700 }],
    });
    // A change undone is clean again.
    const undone = setUsageFont(setColor(draft, { kind: 'palette' }, 'accent', '#112233'), 'heading', {});
    expect(isDirty(base, undone)).toBe(false);
  });

  it('keeps buttons and animations apart from the dirty paths, sending only changed fields', () => {
    const base = saved();
    const draft = setAnimations(setButtons(base, { shape: 'square' }), { tweenMs: 450 });
    expect(dirtyDesignPaths(base, draft)).toEqual([]);
    expect(styleChanges(base, draft)).toEqual({ buttons: { shape: 'square' }, animations: { tweenMs: 450 } });
    expect(designSaveBody(base, draft)).toBeUndefined();
    expect(previewBody(base, draft)).toEqual({ style: { buttons: { shape: 'square' }, animations: { tweenMs: 450 } } });
    const both = setActiveColorTheme(draft, 'dusk');
    expect(previewBody(base, both)).toEqual({
      'colors.activeThemeId': 'dusk',
      style: { buttons: { shape: 'square' }, animations: { tweenMs: 450 } },
    });
    expect(savedParts(base, both)).toEqual(['colors.activeThemeId', 'buttons', 'animations']);
  });

  it('edits theme colours, adds a theme from the palette and removes it, clearing it if active', () => {
    const base = saved();
    const dark = setColor(base, { kind: 'theme', id: 'dusk' }, 'accent', '#e7c873');
    expect(dark.colors.themes[1].colors).toEqual({ background: '#1d1f24', accent: '#e7c873' });
    expect(setColor(dark, { kind: 'theme', id: 'dusk' }, 'accent', undefined).colors.themes[1].colors).toEqual({
      background: '#1d1f24',
    });
    expect(effectiveColors(setActiveColorTheme(dark, 'dusk'))).toEqual({
      accent: '#e7c873',
      background: '#1d1f24',
    });
    const added = addColorTheme(base, 'Dusk');
    expect(added.id).toBe('dusk-2');
    expect(added.design.colors.themes[2]).toEqual({ id: 'dusk-2', name: 'Dusk', colors: base.colors.palette });
    const active = setActiveColorTheme(added.design, 'dusk-2');
    const removed = removeColorTheme(active, 'dusk-2');
    expect(removed.colors.activeThemeId).toBeNull();
    expect(removed.colors.themes.map((t) => t.id)).toEqual(['light', 'dusk']);
  });

  it('resolves a usage font from its own choice, else the active pack', () => {
    const base = saved();
    expect(usageFamily(base, 'heading')).toBeUndefined();
    const classic = setActiveFontPack(base, 'classic');
    expect(usageFamily(classic, 'heading')).toBe('lora');
    expect(usageFamily(setUsageFont(classic, 'heading', { family: 'inter' }), 'heading')).toBe('inter');
    expect(dirtyDesignPaths(base, classic)).toEqual(['fonts.activeThemeId']);
  });

  it('reads whole numbers within bounds for the animation fields', () => {
    expect(readWholeNumber(' 45 ', 0, 100)).toEqual({ ok: true, value: 45 });
    expect(readWholeNumber('4.5', 0, 100)).toEqual({ ok: false, error: 'Enter a whole number from 0 to 100.' });
    expect(readWholeNumber('101', 0, 100).ok).toBe(false);
    expect(readWholeNumber('', 0, 5000).ok).toBe(false);
  });

  it('renames a colour theme under the same id, so the theme in use stays in use', () => {
    const base = setActiveColorTheme(saved(), 'dusk');
    const renamed = renameColorTheme(base, 'dusk', '  Evening  ');
    expect(renamed.ok).toBe(true);
    if (!renamed.ok) return;
    expect(renamed.design.colors.themes[1]).toEqual({ id: 'dusk', name: 'Evening', colors: { background: '#1d1f24' } });
    expect(renamed.design.colors.activeThemeId).toBe('dusk');
    expect(dirtyDesignPaths(base, renamed.design)).toEqual(['colors.themes']);
    expect(designSaveBody(base, renamed.design)).toEqual({ version: 4, 'colors.themes': renamed.design.colors.themes });
    expect(renameColorTheme(base, 'dusk', '   ')).toEqual({ ok: false, error: 'Enter a name for this colour theme.' });
    expect(renameColorTheme(base, 'dusk', 'x'.repeat(61))).toEqual({
      ok: false,
      error: 'Use at most 60 characters for a theme name.',
    });
  });

  it('sets a text size relative to the theme, keeping the font and weight, and drops it at 100%', () => {
    expect(SCALED_USAGES).toEqual(['buttons']);
    const base = setUsageFont(saved(), 'buttons', { family: 'lora', weight: 600 });
    const bigger = setUsageScale(base, 'buttons', 1.25);
    expect(bigger.fonts.fontUsageCategories).toEqual([{ id: 'buttons', family: 'lora', weight: 600, scale: 1.25 }]);
    expect(designSaveBody(base, bigger)?.['fonts.fontUsageCategories']).toEqual([
      { id: 'buttons', family: 'lora', weight: 600, scale: 1.25 },
    ]);
    // A later font choice keeps the size.
    expect(setUsageFont(bigger, 'buttons', { family: 'inter' }).fonts.fontUsageCategories).toEqual([
      { id: 'buttons', family: 'inter', scale: 1.25 },
    ]);
    // Back to the theme's size: only the font and weight remain; a size alone goes away entirely.
    expect(setUsageScale(bigger, 'buttons', undefined)).toEqual(base);
    const onlySize = setUsageScale(saved(), 'buttons', 0.875);
    expect(onlySize.fonts.fontUsageCategories).toEqual([{ id: 'buttons', scale: 0.875 }]);
    expect(isDirty(saved(), setUsageScale(onlySize, 'buttons', 1))).toBe(false);
    // Kept within the server's 0.5 to 3.
    expect(setUsageScale(saved(), 'buttons', 9).fonts.fontUsageCategories[0].scale).toBe(3);
    expect(scaleLabel(0.875)).toBe('87.5%');
    expect(scaleLabel(1.25)).toBe('125%');
  });
});
