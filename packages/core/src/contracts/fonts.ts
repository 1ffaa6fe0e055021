import { z } from 'zod';

// Fonts of the site's own (issue 21): uploaded font files (`/api/config/design/own-fonts*`, content
// group) and font kits connected by their stylesheet address (`/api/config/design/font-kits*`: list for
// the content group, changes for admins). Each change answers the whole list, as a read does.

// ---- Requests -------------------------------------------------------------------------------------

/** `DELETE /api/config/design/own-fonts/:id`, `…/font-kits/:id` and `…/font-kits/:id/reread`. */
export const fontIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();

/**
 * `POST /api/config/design/own-fonts` (multipart/form-data): one font file, read by parsing it (a
 * .woff2, .woff, .ttf or .otf file whose content is that format; at most 5 MB, 40 fonts a site).
 */
export const ownFontUpload = z.object({
  file: z.file().describe('The font file, as a part with its file name (.woff2, .woff, .ttf or .otf)'),
});

// ---- Answers --------------------------------------------------------------------------------------

/** One uploaded font file, as read from its own name table. */
export const ownFont = z
  .object({
    id: z.string(),
    family: z.string(),
    subfamily: z.string(),
    weight: z.int(),
    italic: z.boolean(),
    format: z.enum(['woff2', 'woff', 'ttf', 'otf']),
    /** Bytes. */
    size: z.int().nonnegative(),
    /** Where visitors load it from (`/_fonts/<id>.<format>`, long-cached). */
    url: z.string(),
  })
  .strict();

/** `GET`, `POST` (201) and `DELETE /api/config/design/own-fonts*`: the site's uploaded fonts, by family and weight. */
export const ownFontsAnswer = z.object({ fonts: z.array(ownFont) }).strict();

/** One connected font kit, with the families read from its stylesheet. */
export const fontKit = z
  .object({
    id: z.string(),
    /** The https address of the kit's stylesheet. */
    url: z.string(),
    origin: z.string(),
    families: z.array(z.string()),
    /**
     * The other origins its `@font-face` files come from (https, read when connected; empty for a kit
     * connected before they were recorded): the site's `font-src` allows them, `style-src` does not.
     */
    fontOrigins: z.array(z.string()),
    /**
     * The other origins of the stylesheets its stylesheet `@import`s (read when connected or re-read):
     * the site's `style-src` allows them, `font-src` does not.
     */
    styleOrigins: z.array(z.string()),
  })
  .strict();

/** `GET`, `POST` (201), re-read and `DELETE /api/config/design/font-kits*`: the kits, oldest first, and how many a site may connect. */
export const fontKitsAnswer = z.object({ kits: z.array(fontKit), limit: z.int().positive() }).strict();

export type OwnFont = z.infer<typeof ownFont>;
export type OwnFontsAnswer = z.infer<typeof ownFontsAnswer>;
export type FontKit = z.infer<typeof fontKit>;
export type FontKitsAnswer = z.infer<typeof fontKitsAnswer>;
