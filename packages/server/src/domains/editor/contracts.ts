import { z } from 'zod';
import type { RouteContract } from '../../platform/http/openapi.js';

// What `/api/openapi.json` says of the editor's page and file routes (issue 16). Most of their input is
// checked by hand with core's editor rules (`validateSlug`, `validatePageSettings`, `validateFileName`,
// `checkSections`), whose texts the editor shows beside the field; those routes publish a summary and
// their error codes. The page order and the restore token have schemas of their own: the routes check
// with them and refuse with the same answers as before (a bare `invalid-body`; `not-found`).

/** `PUT /api/config/pages/order`: every page with its parent, at most 1000. */
export const pageOrderBody = z.object({
  order: z
    .array(z.object({ id: z.string(), parentId: z.string().nullish() }))
    .max(1000)
    .describe('Every page in its new order, each with the id of the folder it sits in (null: the top level)'),
});

/** `POST /api/config/pages/restore`: a token of another shape finds no deleted page (404 `not-found`). */
export const pageRestoreBody = z.object({
  token: z.string().max(64).describe('The token the delete answered'),
});

const PAGE: RouteContract['errors'] = ['not-found'];
const FILE: RouteContract['errors'] = ['not-found', 'unsupported-file', 'image-too-large'];

export const EDITOR_CONTRACTS = {
  listPages: { summary: "The site's pages and folders" },
  createPage: { summary: 'Create a page or a folder (title, slug, parent)', errors: PAGE },
  orderPages: { summary: 'Reorder pages and move them between folders', body: pageOrderBody, errors: PAGE },
  restorePage: { summary: 'Undo the deletion of a page', body: pageRestoreBody, errors: PAGE },
  page: { summary: 'One page: its settings, published sections and draft', errors: PAGE },
  saveDraft: { summary: "Replace a page's draft sections (owner HTML cleaned)", errors: PAGE },
  discardDraft: { summary: "Drop a page's draft", errors: PAGE },
  publishPage: { summary: "Publish a page's draft", errors: PAGE },
  pageSettings: { summary: "Change a page's settings (title, address, SEO, access)", errors: PAGE },
  duplicatePage: { summary: 'Copy a page', errors: PAGE },
  deletePage: { summary: 'Delete a page (undo with its token)', errors: PAGE },
  theme: { summary: "The theme's templates and partials, for the editor's previews" },
  previewContext: { summary: "The render context of a page's draft, for the editor's canvas", errors: PAGE },
  listFiles: { summary: 'The files of the file manager' },
  uploadFiles: {
    summary: 'Upload files (multipart)',
    errors: ['unsupported-media-type', 'unsupported-file', 'file-too-large', 'image-too-large'],
  },
  renameFile: { summary: 'Rename a file', errors: FILE },
  deleteFile: { summary: 'Delete a file and its resized copies', errors: FILE },
} as const satisfies Record<string, RouteContract>;
