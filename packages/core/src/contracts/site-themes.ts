import { z } from 'zod';

// The theme editor's API (`/api/config/theme/*` but `/api/config/theme` itself, admin group; issue 21):
// a site's own copies of the default theme's files, as a draft, numbered saved versions and the live
// one. Every write answers the compile errors of the templates and partials it holds.

/** A template error: the file, where in it (1-based) and what jsont says. */
export const themeCompileError = z
  .object({ file: z.string(), line: z.int(), column: z.int(), message: z.string() })
  .strict();

export const themeFileKind = z.enum(['template', 'partial', 'css']);

/** A file of the default theme the site may have its own copy of, and whether the draft has one. */
export const themeFileInfo = z.object({ path: z.string(), kind: themeFileKind, changed: z.boolean() }).strict();

/** A saved version: its number, label, the files it changes and whether it is the live one. */
export const themeVersion = z
  .object({
    id: z.string(),
    number: z.int().positive(),
    label: z.string(),
    files: z.array(z.string()),
    live: z.boolean(),
    createdAt: z.string(),
  })
  .strict();

const draftFiles = z.object({ files: z.array(z.string()), updatedAt: z.string().nullable() }).strict();

/** `GET /api/config/theme/editor`: the files, the live version (null: the default theme), the draft, the versions. */
export const themeListing = z
  .object({
    files: z.array(themeFileInfo),
    live: z.string().nullable(),
    draft: draftFiles,
    errors: z.array(themeCompileError),
    versions: z.array(themeVersion),
    limits: z.object({ fileChars: z.int(), versionChars: z.int(), versions: z.int() }).strict(),
  })
  .strict();

/** `GET /api/config/theme/file?path=`: the default theme's text and the draft's own (null: unchanged). */
export const themeFileAnswer = z
  .object({ path: z.string(), kind: themeFileKind, default: z.string(), draft: z.string().nullable() })
  .strict();

/** `PUT /api/config/theme/draft` and `POST …/versions/:id/edit`: the draft's changed files and their errors. */
export const themeDraftAnswer = z
  .object({ draft: draftFiles.extend({ updatedAt: z.string() }).strict(), errors: z.array(themeCompileError) })
  .strict();

/** `POST /api/config/theme/versions` (201): the version saved, with the errors it was saved with. */
export const themeSavedAnswer = z.object({ version: themeVersion, errors: z.array(themeCompileError) }).strict();

/** `GET /api/config/theme/versions/:id`: a saved version with the sources of its files. */
export const themeVersionAnswer = z
  .object({
    version: themeVersion.extend({ sources: z.record(z.string(), z.string()) }).strict(),
    errors: z.array(themeCompileError),
  })
  .strict();

/** `POST /api/config/theme/publish`: the live version now (null: the default theme). */
export const themePublishAnswer = z.object({ live: z.string().nullable() }).strict();

/** The line differences of one file between two versions. */
export const themeFileDiff = z
  .object({
    path: z.string(),
    /** 'added': only in the newer version; 'removed': back to the default. */
    status: z.enum(['changed', 'added', 'removed']),
    lines: z.array(z.object({ op: z.enum([' ', '-', '+']), text: z.string() }).strict()),
  })
  .strict();

/** `GET /api/config/theme/compare?from=&to=` (a version id or `default`). */
export const themeCompareAnswer = z
  .object({ from: z.string(), to: z.string(), files: z.array(themeFileDiff) })
  .strict();

export type ThemeCompileError = z.infer<typeof themeCompileError>;
export type ThemeFileInfo = z.infer<typeof themeFileInfo>;
export type ThemeVersion = z.infer<typeof themeVersion>;
export type ThemeListing = z.infer<typeof themeListing>;
export type ThemeFileAnswer = z.infer<typeof themeFileAnswer>;
export type ThemeDraftAnswer = z.infer<typeof themeDraftAnswer>;
export type ThemeSavedAnswer = z.infer<typeof themeSavedAnswer>;
export type ThemeVersionAnswer = z.infer<typeof themeVersionAnswer>;
export type ThemePublishAnswer = z.infer<typeof themePublishAnswer>;
export type ThemeFileDiff = z.infer<typeof themeFileDiff>;
export type ThemeCompareAnswer = z.infer<typeof themeCompareAnswer>;
