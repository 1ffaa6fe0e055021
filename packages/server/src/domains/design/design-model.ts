import {
  ANIMATION_DEFAULTS,
  type ColorSlot,
  DESIGN_DIRTY_PATHS,
  type DesignDirtyPath,
  FONT_USAGES,
  type FontUsage,
} from '@tessera/core';
import {
  colorMap,
  colorThemes,
  type Design,
  designDirtyPaths,
  type DesignFontFace,
  fontPacks,
  fontUsageChoices,
  styleBody,
} from '@tessera/core/contracts/design';
import type { z } from 'zod';
import { type FontFamily, fontFileUrl, fontStack, nearestWeight } from './fonts.js';

/**
 * Site aesthetics (SPEC §3): colours (a palette and colour themes, one active), fonts (font packs
 * called font themes, one active, and the font usage categories: which family and weight each
 * kind of text uses), buttons and animations. Stored in the site settings at `website.design`;
 * published as CSS custom properties (`/site.css`) that override the theme's defaults.
 */

// The shared constants live in @tessera/core (the editor uses them too).
export const DIRTY_PATHS = DESIGN_DIRTY_PATHS;
export type DirtyPath = DesignDirtyPath;
export type { Design };

/** The design of a site that never saved one: the theme's own look, with two packs to start from. */
export function defaultDesign(): Design {
  return {
    version: 0,
    colors: {
      activeThemeId: null,
      palette: {},
      themes: [
        { id: 'light', name: 'Light', colors: {} },
        {
          id: 'dusk',
          name: 'Dusk',
          colors: {
            background: '#1d1f24',
            surface: '#262931',
            'surface-muted': '#2f333c',
            text: '#f3f1ec',
            'text-muted': '#c5c1b8',
            border: '#3b3f49',
            'border-strong': '#8d8a83',
            accent: '#e7c873',
            'accent-hover': '#f0d893',
            'on-accent': '#1d1f24',
            link: '#e7c873',
          },
        },
      ],
    },
    fonts: {
      activeThemeId: null,
      themes: [
        { id: 'modern', name: 'Modern', fonts: { heading: 'inter', body: 'inter', buttons: 'inter' } },
        { id: 'classic', name: 'Classic', fonts: { heading: 'lora', body: 'inter', buttons: 'inter' } },
      ],
      fontUsageCategories: [],
    },
    buttons: { shape: 'pill', size: 'medium', style: 'solid' },
    animations: { style: 'none', ...ANIMATION_DEFAULTS },
  };
}

/** The stored design merged over the defaults (stored JSON may be partial or from an older version). */
export function readDesign(stored: unknown): Design {
  const base = defaultDesign();
  if (stored === null || typeof stored !== 'object') return base;
  const s = stored as Record<string, any>;
  const pick = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const parsed = schema.safeParse(value);
    return parsed.success && value !== undefined ? parsed.data : fallback;
  };
  const style = pick(styleBody, { buttons: s.buttons, animations: s.animations }, {});
  return {
    version: Number.isInteger(s.version) ? s.version : 0,
    colors: {
      activeThemeId: pick(
        designDirtyPaths['colors.activeThemeId'] as z.ZodType<string | null>,
        s.colors?.activeThemeId,
        null,
      ),
      palette: pick(colorMap, s.colors?.palette, base.colors.palette),
      themes: pick(colorThemes, s.colors?.themes, base.colors.themes),
    },
    fonts: {
      activeThemeId: pick(
        designDirtyPaths['fonts.activeThemeId'] as z.ZodType<string | null>,
        s.fonts?.activeThemeId,
        null,
      ),
      themes: pick(fontPacks, s.fonts?.themes, base.fonts.themes),
      fontUsageCategories: pick(fontUsageChoices, s.fonts?.fontUsageCategories, []),
    },
    buttons: { ...base.buttons, ...style.buttons },
    animations: { ...base.animations, ...style.animations },
  };
}

/** The effective colours: the palette, then the active theme's colours over it. */
export function effectiveColors(design: Design): Partial<Record<ColorSlot, string>> {
  const theme = design.colors.themes.find((t) => t.id === design.colors.activeThemeId);
  return { ...design.colors.palette, ...theme?.colors };
}

/** The effective font of each usage: the active pack's family, then the usage category's own choices. */
export function effectiveFonts(
  design: Design,
): Partial<Record<FontUsage, { family?: string; weight?: number; scale?: number }>> {
  const pack = design.fonts.themes.find((t) => t.id === design.fonts.activeThemeId);
  const out: Partial<Record<FontUsage, { family?: string; weight?: number; scale?: number }>> = {};
  for (const usage of FONT_USAGES) {
    const category = design.fonts.fontUsageCategories.find((c) => c.id === usage);
    const family = category?.family ?? pack?.fonts[usage];
    if (family || category) out[usage] = { family, weight: category?.weight, scale: category?.scale };
  }
  return out;
}

/** Where a design uses a font family: usage names (`heading`) and font packs (`pack “Modern”`). */
export function fontUsesIn(design: Design, familyId: string): string[] {
  const uses = design.fonts.fontUsageCategories.filter((c) => c.family === familyId).map((c) => c.id as string);
  for (const pack of design.fonts.themes) {
    if (Object.values(pack.fonts).includes(familyId)) uses.push(`font pack “${pack.name}”`);
  }
  return uses;
}

const BUTTON_RADIUS = { square: '0', rounded: '6px', pill: '999px' } as const;
const BUTTON_PADDING = {
  small: ['0.625rem', '1.25rem', 'var(--font-size-sm)'],
  medium: ['0.875rem', '1.75rem', 'var(--font-size-base)'],
  large: ['1.125rem', '2.25rem', 'var(--font-size-lg)'],
} as const;
const USAGE_VARIABLES: Record<FontUsage, { family: string; weight: string; size?: string }> = {
  heading: { family: '--font-heading', weight: '--font-weight-heading' },
  body: { family: '--font-body', weight: '--font-weight-body' },
  buttons: { family: '--font-button', weight: '--button-font-weight', size: '--button-font-size' },
  navigation: { family: '--font-navigation', weight: '--font-weight-navigation' },
  meta: { family: '--font-meta', weight: '--font-weight-meta' },
};

/**
 * What a design sets: custom properties (name → value) over the theme's, and the font faces they
 * need. The published stylesheet prints them; the editor's live preview applies the same values
 * with `style.setProperty` and the `FontFace` API (both allowed by the CSP).
 */
export function designVariables(
  design: Design,
  fonts: ReadonlyMap<string, FontFamily>,
): { variables: Record<string, string>; fontFaces: DesignFontFace[] } {
  const variables: Record<string, string> = {};
  const fontFaces: DesignFontFace[] = [];
  for (const [slot, value] of Object.entries(effectiveColors(design))) variables[`--color-${slot}`] = value;
  const usages = effectiveFonts(design);
  for (const [usage, choice] of Object.entries(usages) as [
    FontUsage,
    { family?: string; weight?: number; scale?: number },
  ][]) {
    const names = USAGE_VARIABLES[usage];
    const font = choice.family ? fonts.get(choice.family) : undefined;
    if (font) {
      variables[names.family] = fontStack(font);
      // A font kit's family: its faces are in the kit's own stylesheet (issue 21).
      const faceWeights = font.kitUrl ? [] : [choice.weight ?? 400, 400, 600];
      for (const weight of new Set(faceWeights.map((w) => nearestWeight(font, w)))) {
        if (!fontFaces.some((f) => f.family === font.family && f.weight === weight)) {
          fontFaces.push({ family: font.family, weight, url: fontFileUrl(font, weight) });
        }
      }
    }
    if (choice.weight) variables[names.weight] = String(choice.weight);
    if (choice.scale && names.size) variables[names.size] = `calc(var(--font-size-base) * ${choice.scale})`;
  }
  const [padY, padX, size] = BUTTON_PADDING[design.buttons.size];
  variables['--button-radius'] = BUTTON_RADIUS[design.buttons.shape];
  variables['--button-padding-y'] = padY;
  variables['--button-padding-x'] = padX;
  if (!usages.buttons?.scale) variables['--button-font-size'] = size;
  if (design.buttons.style === 'outline') {
    variables['--button-primary-background'] = 'transparent';
    variables['--button-primary-color'] = 'var(--color-accent)';
    variables['--button-primary-background-hover'] = 'var(--color-surface-muted)';
  }
  variables['--animation-style'] = design.animations.style;
  variables['--animation-scroll-offset'] = String(design.animations.scrollOffset);
  variables['--animation-duration'] = `${design.animations.tweenMs}ms`;
  return { variables, fontFaces };
}

/** Theme selectors for the font usages `theme.css` has no variable for (only when the design picks a family). */
const USAGE_SELECTORS: Partial<Record<FontUsage, string>> = {
  buttons: '.button, .sqs-add-to-cart-button',
  navigation: '.site-nav, .site-header nav',
  meta: '.meta, time, .tessera-meta',
};

/**
 * The rules the design adds for those usages: `{ selector, fontFamily }` for each usage whose family
 * variable it sets. The stylesheet prints them; the editor's preview sets them on matching elements.
 */
export function designUsageRules(variables: Record<string, string>): { selector: string; fontFamily: string }[] {
  return (Object.entries(USAGE_SELECTORS) as [FontUsage, string][])
    .filter(([usage]) => variables[USAGE_VARIABLES[usage].family])
    .map(([usage, selector]) => ({ selector, fontFamily: `var(${USAGE_VARIABLES[usage].family})` }));
}

/** `format()` of a font file by its extension (uploaded fonts may be WOFF, TTF or OTF: issue 21). */
const FACE_FORMATS: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' };

/**
 * The published stylesheet of a design: `@font-face` rules for the families it uses (files served
 * by Tessera under `/fonts/`), and `:root` custom properties overriding the theme's.
 */
export function designCss(design: Design, fonts: ReadonlyMap<string, FontFamily>): string {
  const { variables, fontFaces } = designVariables(design, fonts);
  const lines: string[] = [`/* Tessera site design, version ${design.version}. */`];
  for (const face of fontFaces) {
    const format = FACE_FORMATS[/\.([a-z0-9]+)$/.exec(face.url)?.[1] ?? ''] ?? 'woff2';
    lines.push(
      `@font-face { font-family: "${face.family}"; font-style: normal; font-weight: ${face.weight}; font-display: swap; src: url("${face.url}") format("${format}"); }`,
    );
  }
  lines.push(':root {', ...Object.entries(variables).map(([name, value]) => `  ${name}: ${value};`), '}');
  for (const rule of designUsageRules(variables)) lines.push(`${rule.selector} { font-family: ${rule.fontFamily}; }`);
  lines.push('');
  return lines.join('\n');
}
