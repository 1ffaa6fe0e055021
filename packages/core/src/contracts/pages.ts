import { z } from 'zod';
import { blockLimitProblem } from '../blocks/block-rules.js';
import { EDITOR_LIMITS, EDITOR_MESSAGES } from '../editor/editor-limits.js';
import { PAGE_STATUSES } from '../editor/page-settings.js';
import { validateSlug } from '../editor/page-slugs.js';

// The owner page API (`/api/config/pages`, `/api/config/theme`): what the editor sends and what it is
// answered. Each schema carries the message the editor shows beside the field where the API has one;
// rules that need more than the field (a slug another page holds, a behaviour only folders have, a
// scheduled page's date) stay in the server and in core's `validatePageSettings`.

/** Any JSON value: block settings and content are JSON objects whose keys depend on the block type. */
export const jsonValue: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), jsonObject]))
  .meta({ id: 'JsonValue' });
const jsonObject = z.record(z.string(), jsonValue).meta({ id: 'JsonObject' });
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Page ids are generated (24 hex) or seeded tokens: an id of another shape names no page (404). */
export const pageParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const notAnOption = (issue: { input?: unknown }) => EDITOR_MESSAGES.notAnOption(String(issue.input));
const invalidPageUrl = (issue: { input?: unknown }) => EDITOR_MESSAGES.invalidPageUrl(String(issue.input));
const atMost = (max: number) => `Use at most ${max} characters.`;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page address: lower-case letters, digits and single hyphens, at most 120 characters, not the server's own. */
const slugChecks = (field: z.ZodString, orEmpty = false) =>
  field
    .max(120, { error: invalidPageUrl })
    .regex(orEmpty ? /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/ : SLUG, { error: invalidPageUrl })
    .refine((value) => (orEmpty && value === '') || validateSlug(value) === undefined, { error: invalidPageUrl });

/** `POST /api/config/pages`: a page (or a folder), its address made from the title unless given. */
export const createPageBody = z.object({
  title: z.string({ error: EDITOR_MESSAGES.titleRequired }).trim().min(1, { error: EDITOR_MESSAGES.titleRequired }),
  slug: slugChecks(z.string({ error: invalidPageUrl }), true)
    .optional()
    .describe('The address; empty or absent: made from the title'),
  parentId: z.string({ error: notAnOption }).nullable().optional().describe('The folder it goes in'),
  folder: z.boolean({ error: notAnOption }).optional(),
});
export type CreatePageInput = z.input<typeof createPageBody>;

const text = (max: number) =>
  z
    .string({ error: notAnOption })
    .trim()
    .max(max, { error: atMost(max) });
const chooseDate = 'Choose a date and time.';

/**
 * `PATCH /api/config/pages/:id`: the settings to change, each optional. The field order is the order
 * the answer lists refusals in; core's `validatePageSettings` then checks the fields together.
 */
export const pageSettingsBody = z.object({
  title: text(EDITOR_LIMITS.titleMaxLength).min(1, { error: EDITOR_MESSAGES.titleRequired }).optional(),
  slug: slugChecks(z.string({ error: invalidPageUrl }).trim()).optional(),
  navigationTitle: text(EDITOR_LIMITS.titleMaxLength).optional(),
  seoTitle: text(EDITOR_LIMITS.titleMaxLength).optional(),
  seoDescription: text(EDITOR_LIMITS.seoDescriptionMaxLength).optional(),
  password: z
    .string({ error: atMost(256) })
    .max(256, { error: atMost(256) })
    .optional()
    .describe("A new password; '' removes the protection"),
  membersOnly: z.boolean({ error: notAnOption }).optional(),
  status: z.enum(PAGE_STATUSES, { error: notAnOption }).optional(),
  publishAt: z
    .string({ error: chooseDate })
    .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), { error: chooseDate })
    .nullable()
    .optional()
    .describe("A date and time (required with status 'scheduled'); null or '' clears it"),
  folderBehavior: z
    .literal([1, 2, 3], { error: notAnOption })
    .optional()
    .describe('Folders only: 1 opens the first page, 2 redirects, 3 nothing'),
  redirectUrl: z
    .string({ error: EDITOR_MESSAGES.linkFormat })
    .trim()
    .max(2000, { error: EDITOR_MESSAGES.linkFormat })
    .regex(/^(|\/(?![/\\])\S*|https?:\/\/\S+)$/i, { error: EDITOR_MESSAGES.linkFormat })
    .optional()
    .describe("Where a redirect folder sends visitors: a site path or an http(s) address ('' clears it)"),
  feedContent: z.enum(['full', 'excerpt'], { error: notAnOption }).optional(),
  hideFromSearch: z.boolean({ error: notAnOption }).optional(),
});
export type PageSettingsChange = z.input<typeof pageSettingsBody>;

/** A block as the content model stores it: its type code, and settings and content by type. */
export const blockData = z
  .looseObject({
    id: z.string().optional(),
    type: z.int(),
    variant: z.string().optional(),
    settings: jsonObject.optional(),
    content: jsonObject.optional(),
  })
  .superRefine((block, context) => {
    // Per-type counts (tracks in an album, links in a social block …): core's block rules.
    const problem = blockLimitProblem(block);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: block });
  });

/** A section: its settings (theme, width, layout …) and at most 60 blocks. */
export const sectionData = z.looseObject({
  id: z.string().optional(),
  settings: jsonObject.optional(),
  blocks: z.array(blockData).max(EDITOR_LIMITS.maxBlocksPerLayout, { error: EDITOR_MESSAGES.tooManyBlocks }),
});
export type SectionData = z.infer<typeof sectionData>;

/** `PUT /api/config/pages/:id/draft`: the draft's sections, at most 60. */
export const draftBody = z.object({ sections: z.array(sectionData).max(EDITOR_LIMITS.maxSectionsPerPage) });

/** `PUT /api/config/pages/order`: every page with its parent, at most 1000. */
export const pageOrderBody = z.object({
  order: z
    .array(z.object({ id: z.string(), parentId: z.string().nullish() }))
    .max(1000)
    .describe('Every page in its new order, each with the id of the folder it sits in (null: the top level)'),
});
export type PageOrderInput = z.input<typeof pageOrderBody>;

/** `POST /api/config/pages/restore`: a token of another shape finds no deleted page (404 `not-found`). */
export const pageRestoreBody = z.object({
  token: z.string().max(64).describe('The token the delete answered'),
});

// ---- answers ----

/** One row of the pages panel: the collection tree flattened, parents before children. */
export const pageSummary = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  kind: z.string(),
  type: z.int(),
  parentId: z.string().nullable(),
  position: z.number(),
  status: z.string(),
  hasDraft: z.boolean(),
  isFolder: z.boolean(),
  folderBehavior: z.int().nullable(),
  navVisible: z.boolean(),
});
export type PageSummary = z.infer<typeof pageSummary>;

/** A page's settings as the settings dialog shows them. */
export const pageSettingsView = z.object({
  title: z.string(),
  slug: z.string(),
  navigationTitle: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  passwordProtected: z.boolean(),
  membersOnly: z.boolean(),
  status: z.string(),
  publishAt: z.string().nullable(),
  folderBehavior: z.int().nullable().describe('Folders only (SPEC §3): index 1, redirect 2, none 3; null for pages'),
  redirectUrl: z.string().describe("Where a redirect folder sends visitors ('' when none)"),
  feedContent: z.enum(['full', 'excerpt']).describe('Blogs and events: what their RSS feed carries'),
  hideFromSearch: z.boolean().describe('Search engines are asked to leave the page out'),
});
export type PageSettingsView = z.infer<typeof pageSettingsView>;

const sections = z.object({ sections: z.array(sectionData) });

/** One page as the editor opens it: what visitors see and the draft the editor works on. */
export const pageDocument = z.object({
  summary: pageSummary,
  settings: pageSettingsView,
  published: sections,
  draft: sections.describe('The draft (the published sections when there is none)'),
  draftUpdatedAt: z.string().nullable(),
});
export type PageDocument = z.infer<typeof pageDocument>;

export const pageListAnswer = z.object({ pages: z.array(pageSummary) });
export type PageList = z.infer<typeof pageListAnswer>;
export const pageAnswer = z.object({ page: pageSummary });
export type PageAnswer = z.infer<typeof pageAnswer>;
export const draftSavedAnswer = z.object({ savedAt: z.string() });
export const doneAnswer = z.object({ ok: z.literal(true) });
export const deletedPageAnswer = z.object({
  deleted: z.string(),
  restoreToken: z.string().describe('Restores the page for 30 minutes (POST /api/config/pages/restore)'),
});
export type DeletedPage = z.infer<typeof deletedPageAnswer>;

/** `GET /api/config/theme`: the theme's templates and block partials, by name. */
export const themeSource = z.object({
  templates: z.record(z.string(), z.string()),
  partials: z.record(z.string(), z.string()),
});
export type ThemeSource = z.infer<typeof themeSource>;

/** `GET /api/config/pages/:id/preview-context`: what the editor's canvas renders a page's draft with. */
export const previewContext = z.object({
  template: z.string(),
  settings: z.object({ locale: z.string(), timeZone: z.string() }),
  context: jsonObject.describe('The page context every theme page shares (site, page, navigation …)'),
});
export type PreviewContext = z.infer<typeof previewContext>;
