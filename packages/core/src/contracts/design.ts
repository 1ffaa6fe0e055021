import { z } from 'zod';
import {
  ANIMATION_STYLES,
  BUTTON_SHAPES,
  BUTTON_SIZES,
  BUTTON_STYLES,
  COLOR_SLOTS,
  DESIGN_DIRTY_PATHS,
  type DesignDirtyPath,
  FONT_CATEGORIES,
  FONT_USAGES,
} from '../editor/site-admin.js';

// The design API (`/api/config/design*`, docs/api.md "Design"): site aesthetics (SPEC §3) as the
// owner saves them and as the server answers them.

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1d1b18.');
const themeId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ in ids.');
const familyId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/, 'Use a font id from GET /api/config/design/fonts.');
const weight = z.number().int().min(100).max(900).multipleOf(100);

/** Colour slot → `#rrggbb`: the palette, and each colour theme's colours. */
export const colorMap = z.partialRecord(z.enum(COLOR_SLOTS), hex);
export const colorTheme = z.object({ id: themeId, name: z.string().trim().min(1).max(60), colors: colorMap }).strict();
export const colorThemes = z.array(colorTheme).max(30);
/** A font pack (a "font theme"): the family of each kind of text. */
export const fontPack = z
  .object({
    id: themeId,
    name: z.string().trim().min(1).max(60),
    fonts: z.partialRecord(z.enum(FONT_USAGES), familyId),
  })
  .strict();
export const fontPacks = z.array(fontPack).max(30);
/** A font usage category's own choices, over the active pack's. */
export const fontUsageChoice = z
  .object({
    id: z.enum(FONT_USAGES),
    family: familyId.optional(),
    weight: weight.optional(),
    /** Size relative to the theme's (1 = unchanged). */
    scale: z.number().min(0.5).max(3).optional(),
  })
  .strict();
export const fontUsageChoices = z.array(fontUsageChoice).max(FONT_USAGES.length);

/** What each SPEC §3 dirty path of a `PUT /api/config/design` body must be. */
export const designDirtyPaths: Readonly<Record<DesignDirtyPath, z.ZodType>> = {
  'colors.activeThemeId': themeId.nullable(),
  'fonts.activeThemeId': themeId.nullable(),
  'colors.palette': colorMap,
  'colors.themes': colorThemes,
  'fonts.themes': fontPacks,
  'fonts.fontUsageCategories': fontUsageChoices,
};

const buttonShape = z.enum(BUTTON_SHAPES);
const buttonSize = z.enum(BUTTON_SIZES);
const buttonStyleName = z.enum(BUTTON_STYLES);
const animationStyleName = z.enum(ANIMATION_STYLES);
const scrollOffset = z.number().int().min(0).max(100);
const tweenMs = z.number().int().min(0).max(5000);

/** `PUT /api/config/design/style` (and `style` of a preview): the button and animation fields to change. */
export const styleBody = z
  .object({
    buttons: z
      .object({ shape: buttonShape.optional(), size: buttonSize.optional(), style: buttonStyleName.optional() })
      .strict()
      .optional(),
    animations: z
      .object({
        style: animationStyleName.optional(),
        scrollOffset: scrollOffset.optional(),
        tweenMs: tweenMs.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type StyleBody = z.infer<typeof styleBody>;

/** The refusal of a design body: `error` is the catalogue code, `message` exactly what the route answers. */
export const DESIGN_REFUSAL = { notObject: 'Send the changed design paths as a JSON object.' } as const;

/** A zod failure in words, each problem after the field it concerns (the server's `describeZodError`). */
function problemsText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join(' ');
}

/** The checked changes of a design body: the version the editor loaded, and each dirty path's value. */
export interface DesignChanges {
  version: number | undefined;
  parsed: Partial<Record<DesignDirtyPath, unknown>>;
}

type Refusal = (message: string, error?: 'invalid-design-path') => typeof z.NEVER;

/**
 * Reads `{ "<dirty path>": value, …, version? }`: only SPEC §3 dirty paths (else `invalid-design-path`),
 * at least one unless `allowEmpty`, `version` a whole number, each path's value by its schema, in the
 * order sent; the first problem is the refusal.
 */
function readChanges(input: Record<string, unknown>, allowEmpty: boolean, refuse: Refusal): DesignChanges {
  const { version, ...changes } = input;
  const unknown = Object.keys(changes).filter((key) => !(DESIGN_DIRTY_PATHS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    return refuse(
      `${unknown.slice(0, 5).join(', ')}: not a design path that can be saved. Send only ${DESIGN_DIRTY_PATHS.join(', ')}.`,
      'invalid-design-path',
    );
  }
  if (Object.keys(changes).length === 0 && !allowEmpty)
    return refuse(`Send at least one of ${DESIGN_DIRTY_PATHS.join(', ')}.`);
  if (version !== undefined && !Number.isInteger(version)) return refuse('version: Send a whole number.');
  const parsed: DesignChanges['parsed'] = {};
  for (const [path, value] of Object.entries(changes) as [DesignDirtyPath, unknown][]) {
    const result = designDirtyPaths[path].safeParse(value);
    if (!result.success) return refuse(`${path}: ${problemsText(result.error)}`);
    parsed[path] = result.data;
  }
  return { version: version as number | undefined, parsed };
}

/** A JSON object (else the refusal `notObject`), then `read` with a refusal that stops at the first problem. */
function designBody<T>(description: string, read: (input: Record<string, unknown>, refuse: Refusal) => T) {
  return z
    .record(z.string(), z.unknown(), { error: DESIGN_REFUSAL.notObject })
    .describe(description)
    .transform((input, ctx) => {
      let refused = false;
      const refuse: Refusal = (message, error) => {
        if (!refused) ctx.addIssue({ code: 'custom', message, input, params: { error: error ?? 'invalid-body' } });
        refused = true;
        return z.NEVER;
      };
      const value = read(input, refuse);
      return refused ? z.NEVER : value;
    });
}

const dirtyPathsText = `${DESIGN_DIRTY_PATHS.join(', ')}`;

/**
 * `PUT /api/config/design`: `{ "<dirty path>": value, … }`, only the SPEC §3 dirty paths, at least one;
 * `version` (optional) is the version the editor loaded, refused with 409 when someone saved since.
 */
export const designChangesBody = designBody(
  `The changed design paths (${dirtyPathsText}), each as GET /api/config/design answers it, and optionally the version loaded.`,
  (input, refuse) => readChanges(input, false, refuse),
);

/**
 * `POST /api/config/design/preview`: the same changes as `PUT /api/config/design` (`version` ignored),
 * and `style` (optional, as `PUT /api/config/design/style` takes it) for unsaved buttons and
 * animations; with `style`, no path is needed. Nothing is stored.
 */
export const designPreviewBody = designBody(
  `The unsaved design paths (${dirtyPathsText}) and style (buttons and animations) to preview.`,
  (input, refuse): DesignChanges & { style: StyleBody | undefined } => {
    const { style: styleInput, ...paths } = input;
    let style: StyleBody | undefined;
    if (styleInput === null) return refuse('The style is missing; send a JSON object.');
    if (styleInput !== undefined) {
      const result = styleBody.safeParse(styleInput);
      if (!result.success) return refuse(problemsText(result.error));
      style = result.data;
    }
    return { ...readChanges(paths, style !== undefined, refuse), style };
  },
);

/** `GET /api/config/design/fonts`'s query. */
export const fontsQuery = z
  .object({
    q: z.string().max(100).optional(),
    category: z.enum(FONT_CATEGORIES).optional(),
  })
  .strict();

/** `POST /api/config/design/events`: a design panel event (SPEC §4). */
export const designEventBody = z
  .object({
    event: z.literal('font-pack-change', { message: 'Send "font-pack-change" as the event.' }),
    transition: z.enum(['clean-to-dirty', 'dirty-to-dirty'], {
      message: 'Send "clean-to-dirty" or "dirty-to-dirty" as the transition.',
    }),
    /** The font pack chosen, or null for none (the theme's fonts). */
    fontPackId: z
      .string()
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Use the id of a font pack.')
      .nullable(),
  })
  .strict();
/** Its 202 answer: whether the event was stored (not when the site switched tracking off). */
export const designEventAnswer = z.object({ stored: z.boolean() }).strict();

export const buttonStyle = z.object({ shape: buttonShape, size: buttonSize, style: buttonStyleName }).strict();
export const animationStyle = z.object({ style: animationStyleName, scrollOffset, tweenMs }).strict();

/** A site's whole design as the server answers it (the stored one merged over the defaults). */
export const design = z
  .object({
    version: z.number().int().min(0),
    colors: z.object({ activeThemeId: themeId.nullable(), palette: colorMap, themes: colorThemes }).strict(),
    fonts: z
      .object({ activeThemeId: themeId.nullable(), themes: fontPacks, fontUsageCategories: fontUsageChoices })
      .strict(),
    buttons: buttonStyle,
    animations: animationStyle,
  })
  .strict();

/** `GET` and `PUT /api/config/design`, `PUT /api/config/design/style`. */
export const designAnswer = z
  .object({
    design,
    /** `/site.css?v=<version>`: the published stylesheet of this version. */
    stylesheetUrl: z.string(),
    dirtyPaths: z.array(z.enum(DESIGN_DIRTY_PATHS)),
    fontUsages: z.array(z.enum(FONT_USAGES)),
  })
  .strict();

/** One `@font-face` the design needs. */
export const designFontFace = z.object({ family: z.string(), weight: z.number().int(), url: z.string() }).strict();

/** `POST /api/config/design/preview`: what the editor applies to its preview frame. Nothing is stored. */
export const previewAnswer = z
  .object({
    design,
    /** Custom property → value, over the theme's. */
    variables: z.record(z.string(), z.string()),
    fontFaces: z.array(designFontFace),
    /** Font rules for buttons, navigation and details, which the theme has no variable for. */
    usageRules: z.array(z.object({ selector: z.string(), fontFamily: z.string() }).strict()),
  })
  .strict();

/** A font family the design may use. */
export const fontInfo = z
  .object({
    id: z.string(),
    family: z.string(),
    category: z.enum(FONT_CATEGORIES),
    weights: z.array(z.number().int()),
    styles: z.array(z.string()),
    previewUrl: z.string(),
    /** An uploaded family ("Your fonts"), not one Tessera serves. */
    own: z.literal(true).optional(),
    /** A family of a connected font kit: the kit's stylesheet address (its faces are declared there). */
    kit: z.string().optional(),
  })
  .strict();

/** `GET /api/config/design/fonts`: the site's uploaded families first, then the installed ones. */
export const fontsAnswer = z
  .object({
    categories: z.array(z.enum(FONT_CATEGORIES)),
    fonts: z.array(fontInfo),
    /** The family each usage shows now (null: the theme's own). */
    inUse: z.partialRecord(z.enum(FONT_USAGES), z.string().nullable()),
  })
  .strict();

export type ColorMap = z.infer<typeof colorMap>;
export type ColorTheme = z.infer<typeof colorTheme>;
export type FontPack = z.infer<typeof fontPack>;
export type FontUsageChoice = z.infer<typeof fontUsageChoice>;
export type ButtonStyle = z.infer<typeof buttonStyle>;
export type AnimationStyle = z.infer<typeof animationStyle>;
export type Design = z.infer<typeof design>;
export type DesignAnswer = z.infer<typeof designAnswer>;
export type DesignFontFace = z.infer<typeof designFontFace>;
export type PreviewAnswer = z.infer<typeof previewAnswer>;
export type FontInfo = z.infer<typeof fontInfo>;
export type FontsAnswer = z.infer<typeof fontsAnswer>;
