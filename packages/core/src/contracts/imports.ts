import { z } from 'zod';
import { errorAnswer } from './errors.js';
import { WEIGHT_UNITS } from '../product/weight.js';

// The editor's imports (issue 19, `/api/config/imports/*`): a product CSV (Shopify or Squarespace)
// or a WordPress / Squarespace export, sent as the request body. A dry run answers what would
// happen; the real run is a job whose progress the owner polls.

// ---- Requests -------------------------------------------------------------------------------------

const flag = z.enum(['true', 'false']);

/** `POST /api/config/imports/products` and `…/wordpress`: the query (the body is the file itself). */
export const importQuery = z
  .object({
    /** Default true: nothing changes until `dryRun=false`. */
    dryRun: flag.optional(),
    /** With `dryRun=false`: answer 202 at once with the import's progress instead of its summary at the end. */
    background: flag.optional(),
    /** Products: the products page to import into (its URL slug). */
    collection: z.string().trim().min(1).max(200).optional(),
    /** WordPress: the blog to import into (its URL slug). */
    blog: z.string().trim().min(1).max(200).optional(),
    /**
     * Copy the pictures into the site's files: WordPress, the export's own pictures, sound and video;
     * products, the pictures the CSV names by address.
     */
    fetchMedia: flag.optional(),
    /** The chosen file's name, shown with the import's progress. */
    name: z.string().trim().min(1).max(255).optional(),
  })
  .strict();

export const IMPORT_KINDS = ['products', 'wordpress'] as const;
export const importKind = z.enum(IMPORT_KINDS);

/** `GET /api/config/imports`: the site's recent imports, of one kind when given. */
export const importListQuery = z.object({ kind: importKind.optional() }).strict();

/** `GET /api/config/imports/:importId`. */
export const importParams = z
  .object({ importId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'importId is not an import id.') })
  .strict();

// ---- Answers --------------------------------------------------------------------------------------

const count = z.number().int().min(0);
const problem = z.object({ line: z.number().int(), reason: z.string() });
const action = z.enum(['create', 'update']);

/** The product import's answer: the summary of a real run, or what a dry run would do. */
export const productImportAnswer = z.object({
  format: z.enum(['shopify', 'squarespace']),
  dryRun: z.boolean(),
  collection: z.string(),
  created: count,
  updated: count,
  planned: z.array(
    z.object({
      line: z.number().int(),
      action,
      urlId: z.string(),
      title: z.string(),
      variants: count,
      url: z.string(),
      /** The pictures the file names for it, in order (fetched when the import copies pictures). */
      images: z.array(z.object({ url: z.string(), altText: z.string() })).optional(),
    }),
  ),
  rejected: z.array(problem),
  /** Picture addresses left as they are: the import was not asked to fetch pictures (`fetchMedia`). */
  imagesNotImported: count,
  /** Squarespace files: the unit their weights were read in (the store's weight unit); null for Shopify's grams. */
  weightUnit: z.enum(WEIGHT_UNITS).nullable().optional(),
  /**
   * With `fetchMedia=true`: the distinct picture addresses, how many were copied (0 in a dry run),
   * and each picture not imported with the line naming it and why (the import goes on without it).
   */
  images: z
    .object({
      addresses: count,
      copied: count,
      failed: z.array(z.object({ line: z.number().int(), url: z.string(), reason: z.string() })),
    })
    .nullable()
    .optional(),
  /** The report as `tessera import products` prints it. */
  text: z.string(),
});

/** The WordPress import's answer: the summary of a real run, or what a dry run would do. */
export const wordpressImportAnswer = z.object({
  dryRun: z.boolean(),
  siteTitle: z.string(),
  blog: z.string(),
  created: count,
  updated: count,
  planned: z.array(
    z.object({
      line: z.number().int(),
      action,
      urlId: z.string(),
      title: z.string(),
      status: z.string(),
      newComments: count,
      url: z.string(),
    }),
  ),
  pages: z.array(z.object({ line: z.number().int(), action, title: z.string(), status: z.string(), url: z.string() })),
  skipped: z.array(problem),
  redirects: count,
  media: z
    .object({
      addresses: count,
      copied: count,
      failed: z.array(z.object({ url: z.string(), reason: z.string() })),
      warnings: z.array(z.string()),
    })
    .nullable(),
  /** The report as `tessera import wordpress` prints it. */
  text: z.string(),
});

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** What the import is doing: waiting for a job runner, then each step in turn, then finished. */
export const IMPORT_PHASES = ['queued', 'reading', 'media', 'checking', 'writing', 'finished'] as const;

/** One import started in the editor, as the owner polls it. */
export const importProgress = z.object({
  id: z.string(),
  kind: importKind,
  state: z.enum(IMPORT_STATES),
  phase: z.enum(IMPORT_PHASES),
  /** How far the current phase is: `done` of `total` (files, products, posts and pages). */
  done: count,
  total: count,
  /** The whole import, 0 to 100; it only grows while one run goes on. */
  percent: z.number().int().min(0).max(100),
  warnings: z.array(z.string()),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Once done: the answer the same import gives without `background` (the summary with links). */
  summary: z.union([productImportAnswer, wordpressImportAnswer]).nullable(),
  /** Once failed: why, as the route without `background` would have refused it. Nothing was imported. */
  error: errorAnswer.nullable(),
});

/** `GET /api/config/imports`: newest first, without their summaries. */
export const importList = z.object({ imports: z.array(importProgress.omit({ summary: true })) });

export type ImportKindName = z.infer<typeof importKind>;
export type ImportState = (typeof IMPORT_STATES)[number];
export type ImportPhase = (typeof IMPORT_PHASES)[number];
export type ProductImportAnswer = z.infer<typeof productImportAnswer>;
export type WordpressImportAnswer = z.infer<typeof wordpressImportAnswer>;
export type ImportProgress = z.infer<typeof importProgress>;
export type ImportListAnswer = z.infer<typeof importList>;
