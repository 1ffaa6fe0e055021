import type {
  ANIMATION_STYLES,
  BUTTON_SHAPES,
  BUTTON_SIZES,
  BUTTON_STYLES,
  ColorSlot,
  DesignDirtyPath,
  FontCategory,
  FontUsage,
} from '@tessera/core';

// The shapes of the design API (docs/api.md "Design") as the panel reads them.

export type ColorMap = Partial<Record<ColorSlot, string>>;

export interface ColorTheme {
  id: string;
  name: string;
  colors: ColorMap;
}

export interface FontPack {
  id: string;
  name: string;
  fonts: Partial<Record<FontUsage, string>>;
}

export interface FontUsageChoice {
  id: FontUsage;
  family?: string;
  weight?: number;
  scale?: number;
}

export interface ButtonStyle {
  shape: (typeof BUTTON_SHAPES)[number];
  size: (typeof BUTTON_SIZES)[number];
  style: (typeof BUTTON_STYLES)[number];
}

export interface AnimationStyle {
  style: (typeof ANIMATION_STYLES)[number];
  scrollOffset: number;
  tweenMs: number;
}

export interface Design {
  version: number;
  colors: { activeThemeId: string | null; palette: ColorMap; themes: ColorTheme[] };
  fonts: { activeThemeId: string | null; themes: FontPack[]; fontUsageCategories: FontUsageChoice[] };
  buttons: ButtonStyle;
  animations: AnimationStyle;
}

export interface DesignAnswer {
  design: Design;
  stylesheetUrl: string;
  dirtyPaths: DesignDirtyPath[];
  fontUsages: FontUsage[];
}

export interface FontInfo {
  id: string;
  family: string;
  category: FontCategory;
  weights: number[];
  styles: string[];
  previewUrl: string;
  /** An uploaded family ("Your fonts"), not one Tessera serves. */
  own?: boolean;
  /** A family of a connected font kit: the kit's stylesheet address (its faces are declared there). */
  kit?: string;
}

export interface FontsAnswer {
  categories: FontCategory[];
  fonts: FontInfo[];
  inUse: Partial<Record<FontUsage, string | null>>;
}

export interface FontFaceSpec {
  family: string;
  weight: number;
  url: string;
}

export interface PreviewAnswer {
  design: Design;
  variables: Record<string, string>;
  fontFaces: FontFaceSpec[];
  /** Font rules for buttons, navigation and details, which the theme has no variable for. */
  usageRules: { selector: string; fontFamily: string }[];
}

/** One uploaded font file (`GET /api/config/design/own-fonts`). */
export interface OwnFontFile {
  id: string;
  family: string;
  subfamily: string;
  weight: number;
  italic: boolean;
  format: string;
  size: number;
  url: string;
}

export interface OwnFontsAnswer {
  fonts: OwnFontFile[];
}
