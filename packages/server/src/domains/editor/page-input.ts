import {
  EDITOR_MESSAGES,
  type PageSettingsResult,
  slugFromTitle,
  validatePageSettings,
  validateSlug,
} from '@tessera/core';
import { fileName, fileParams, renameFileBody } from '@tessera/core/contracts/files';
import { createPageBody, draftBody, pageParams, pageSettingsBody } from '@tessera/core/contracts/pages';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/aliases.js';

// The editor's page and file input, parsed with the schemas the API publishes
// (`@tessera/core/contracts/pages`, `…/files`). Each refusal answers what the routes answered before
// they had schemas: the field's own text where the editor shows one, a bare `invalid-body` for a body
// of the wrong shape, `not-found` for an id that names no page.

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first problem of a field (`{ field }` names it), or a bare `invalid-body` for a body that is no object. */
function fieldRefusal(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path[0];
  if (issue === undefined || field === undefined) return new AppError('invalid-body');
  return new AppError('invalid-body', issue.message, { field: String(field) });
}

/** A page id from the address; one of another shape names no page. */
export function pageIdOf(params: unknown): string {
  const parsed = pageParams.safeParse(params);
  if (!parsed.success) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
  return parsed.data.id;
}

/** `POST /api/config/pages`: the title, the address (made from the title unless given), the folder. */
export function parseCreatePage(body: unknown): {
  title: string;
  slug: string;
  parentId: string | null;
  folder: boolean;
} {
  const parsed = createPageBody.safeParse(body);
  if (!parsed.success) throw fieldRefusal(parsed.error);
  const { title, slug, parentId, folder } = parsed.data;
  return { title, slug: slug || slugFrom(title), parentId: parentId ?? null, folder: folder === true };
}

function slugFrom(title: string): string {
  const slug = slugFromTitle(title);
  // Core's rule for an address made from a title as for one typed (it never fails for slugFromTitle's).
  const problem = validateSlug(slug);
  if (problem) throw new AppError('invalid-body', problem, { field: 'slug' });
  return slug;
}

/**
 * `PATCH /api/config/pages/:id`: the schema checks each field with the settings dialog's texts, then
 * core's `validatePageSettings` the fields together (a redirect folder's address, a scheduled page's
 * date). Refusals list every field, in the schema's order, those of the fields together last.
 * Undefined: the body is no JSON object.
 */
export function checkPageSettings(body: unknown): PageSettingsResult | undefined {
  if (!isObject(body)) return undefined;
  const parsed = pageSettingsBody.safeParse(body);
  if (parsed.success) return validatePageSettings(parsed.data);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === undefined) return undefined;
    errors[String(field)] ??= issue.message;
  }
  const taken = Object.fromEntries(Object.entries(body).filter(([field]) => !(field in errors)));
  const together = validatePageSettings(taken);
  if (!together.ok) for (const [field, message] of Object.entries(together.errors)) errors[field] ??= message;
  return { ok: false, errors };
}

/**
 * `PUT /api/config/pages/:id/draft`: the sections. A layout of more than 60 blocks and a block over its
 * type's limits say so; any other shape is a bare `invalid-body`.
 */
export function parseDraft(body: unknown): z.infer<typeof draftBody>['sections'] {
  const parsed = draftBody.safeParse(body);
  if (parsed.success) return parsed.data.sections;
  const issue = parsed.error.issues[0];
  const told = issue && (issue.code === 'custom' || issue.message === EDITOR_MESSAGES.tooManyBlocks);
  throw told ? new AppError('invalid-body', issue.message) : new AppError('invalid-body');
}

/** A file name from the address or a rename: core's file name rules, with their texts (`{ field: 'name' }`). */
export function parseFileName(value: unknown): string {
  const parsed = fileName.safeParse(value);
  if (!parsed.success) throw new AppError('invalid-body', parsed.error.issues[0]!.message, { field: 'name' });
  return parsed.data;
}

/** The file name in the address (`PATCH`, `DELETE /api/config/files/:name`). */
export function fileNameOf(params: unknown): string {
  const parsed = fileParams.safeParse(params);
  if (!parsed.success) throw fieldRefusal(parsed.error);
  return parsed.data.name;
}

/** `PATCH /api/config/files/:name`'s body: the new name (a missing or non-text one is an empty one). */
export function renameTarget(body: unknown): string {
  const parsed = renameFileBody.safeParse(body);
  if (!parsed.success) throw fieldRefusal(parsed.error);
  return parsed.data.name;
}
