// Site admin rules shared by the editor's design, commerce and settings panels and the owner API
// (issue 11): SPEC §3 site aesthetics, font categories and currencies, §4 tweak lifecycle, §8
// editor messages, §9 limits and animation defaults.

/** SPEC §3 "Site aesthetics dirty paths": the only parts of the design a save sends. */
export const DESIGN_DIRTY_PATHS = Object.freeze([
  'colors.activeThemeId',
  'fonts.activeThemeId',
  'colors.palette',
  'colors.themes',
  'fonts.themes',
  'fonts.fontUsageCategories',
] as const);
export type DesignDirtyPath = (typeof DESIGN_DIRTY_PATHS)[number];

/** SPEC §3 font categories. */
export const FONT_CATEGORIES = Object.freeze([
  'Sans Serif',
  'Serif',
  'Display',
  'Script',
  'Slab Serif',
  'Mono',
  'Other',
] as const);
export type FontCategory = (typeof FONT_CATEGORIES)[number];

/** Colour slots of a palette or colour theme: each is the theme variable `--color-<slot>`. */
export const COLOR_SLOTS = Object.freeze([
  'background',
  'surface',
  'surface-muted',
  'text',
  'text-muted',
  'border',
  'border-strong',
  'accent',
  'accent-hover',
  'on-accent',
  'link',
  'sale',
  'on-sale',
] as const);
export type ColorSlot = (typeof COLOR_SLOTS)[number];

/** Font usage categories: the kinds of text a font pack assigns a family to. */
export const FONT_USAGES = Object.freeze(['heading', 'body', 'buttons', 'navigation', 'meta'] as const);
export type FontUsage = (typeof FONT_USAGES)[number];

export const BUTTON_SHAPES = Object.freeze(['square', 'rounded', 'pill'] as const);
export const BUTTON_SIZES = Object.freeze(['small', 'medium', 'large'] as const);
export const BUTTON_STYLES = Object.freeze(['solid', 'outline'] as const);
export const ANIMATION_STYLES = Object.freeze(['none', 'fade', 'slide', 'scale'] as const);

/** SPEC §9: scroll animation offset and tween duration (ms) by default. */
export const ANIMATION_DEFAULTS = Object.freeze({ scrollOffset: 30, tweenMs: 300 });

/** SPEC §9 editor limits of collections. */
export const COLLECTION_LIMITS = Object.freeze({ productsPerCollection: 200, itemsInOrderableCollection: 250 });

/** SPEC §4 tweak (design panel) lifecycle events. */
export const TWEAK_EVENTS = Object.freeze([
  'change',
  'close',
  'save',
  'reset',
  'before open',
  'after show',
  'after close',
] as const);
export type TweakEvent = (typeof TWEAK_EVENTS)[number];

/** SPEC §4: a font-pack change is tracked by whether the design had unsaved changes before it. */
export function fontPackChange(wasDirty: boolean): 'clean-to-dirty' | 'dirty-to-dirty' {
  return wasDirty ? 'dirty-to-dirty' : 'clean-to-dirty';
}

/** Share links the blog offers; none chosen shows them all. */
export const SHARE_SERVICES = Object.freeze(['facebook', 'twitter', 'linkedin', 'email'] as const);
export const COOKIE_POLICIES = Object.freeze(['standard', 'restrictive'] as const);

/** SPEC §8 editor messages of the design and settings panels, word for word. */
export const SITE_ADMIN_MESSAGES = Object.freeze({
  timeZone: (timeZone: string) => `Failed to load timezone ${timeZone}. Retry connection or verify site availability.`,
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists. Please create one before continuing",
  unableToLoadFonts: 'Unable to load fonts',
  unableToLoadFontPreview: (fontName: string) => `Unable to load preview for ${fontName}`,
});
