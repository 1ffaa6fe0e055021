import {
  fileAnswer,
  fileDeletedAnswer,
  fileListAnswer,
  fileParams,
  renameFileBody,
  uploadFilesBody,
} from '@tessera/core/contracts/files';
import {
  createPageBody,
  deletedPageAnswer,
  doneAnswer,
  draftBody,
  draftSavedAnswer,
  pageAnswer,
  pageDocument,
  pageListAnswer,
  pageOrderBody,
  pageParams,
  pageRestoreBody,
  pageSettingsBody,
  previewContext,
  themeSource,
} from '@tessera/core/contracts/pages';
import type { RouteContract } from '../../platform/http/openapi.js';

// What `/api/openapi.json` says of the editor's page and file routes (issue 16). The schemas are the
// editor's own (`@tessera/core/contracts/pages`, `…/files`); the routes parse with them
// (`page-input.ts`) and refuse with the texts the editor shows beside each field.

export { pageOrderBody, pageRestoreBody };

const PAGE: RouteContract['errors'] = ['not-found'];
const FILE: RouteContract['errors'] = ['not-found', 'unsupported-file', 'image-too-large'];

export const EDITOR_CONTRACTS = {
  listPages: { summary: "The site's pages and folders", response: pageListAnswer },
  createPage: {
    summary: 'Create a page or a folder (title, slug, parent)',
    body: createPageBody,
    response: pageAnswer,
    errors: PAGE,
  },
  orderPages: {
    summary: 'Reorder pages and move them between folders',
    body: pageOrderBody,
    response: pageListAnswer,
    errors: PAGE,
  },
  restorePage: {
    summary: 'Undo the deletion of a page',
    body: pageRestoreBody,
    response: pageAnswer,
    errors: PAGE,
  },
  page: {
    summary: 'One page: its settings, published sections and draft',
    params: pageParams,
    response: pageDocument,
    errors: PAGE,
  },
  saveDraft: {
    summary: "Replace a page's draft sections (owner HTML cleaned)",
    params: pageParams,
    body: draftBody,
    response: draftSavedAnswer,
    errors: PAGE,
  },
  discardDraft: { summary: "Drop a page's draft", params: pageParams, response: doneAnswer, errors: PAGE },
  publishPage: { summary: "Publish a page's draft", params: pageParams, response: pageDocument, errors: PAGE },
  pageSettings: {
    summary: "Change a page's settings (title, address, SEO, access)",
    params: pageParams,
    body: pageSettingsBody,
    response: pageDocument,
    errors: PAGE,
  },
  duplicatePage: { summary: 'Copy a page', params: pageParams, response: pageAnswer, errors: PAGE },
  deletePage: {
    summary: 'Delete a page (undo with its token)',
    params: pageParams,
    response: deletedPageAnswer,
    errors: PAGE,
  },
  theme: { summary: "The theme's templates and partials, for the editor's previews", response: themeSource },
  previewContext: {
    summary: "The render context of a page's draft, for the editor's canvas",
    params: pageParams,
    response: previewContext,
    errors: PAGE,
  },
  listFiles: { summary: 'The files of the file manager', response: fileListAnswer },
  uploadFiles: {
    summary: 'Upload files (multipart)',
    body: uploadFilesBody,
    bodyType: 'multipart/form-data',
    response: fileListAnswer,
    errors: ['unsupported-media-type', 'unsupported-file', 'file-too-large', 'image-too-large'],
  },
  renameFile: {
    summary: 'Rename a file',
    params: fileParams,
    body: renameFileBody,
    response: fileAnswer,
    errors: FILE,
  },
  deleteFile: {
    summary: 'Delete a file and its resized copies',
    params: fileParams,
    response: fileDeletedAnswer,
    errors: FILE,
  },
} as const satisfies Record<string, RouteContract>;
