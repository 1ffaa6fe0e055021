import {
  themeCompareAnswer,
  themeDraftAnswer,
  themeFileAnswer,
  themeListing,
  themePublishAnswer,
  themeSavedAnswer,
  themeVersionAnswer,
} from '@tessera/core/contracts/site-themes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { fail } from '../../platform/errors/index.js';
import { diffVersions } from './line-diff.js';
import { filesOf, type SiteThemeStore, type VersionRow } from './store.js';
import {
  compileErrors,
  type DefaultThemeFiles,
  fileProblems,
  MAX_FILE_CHARS,
  MAX_VERSION_CHARS,
  MAX_VERSIONS,
  onlyChanged,
} from './theme-files.js';

/** A body may carry one file at its largest, in UTF-8, with room for JSON escapes. */
const BODY_LIMIT = MAX_FILE_CHARS * 6;
const BASE = '/api/config/theme';

const path = z.string().min(1).max(300);
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Send a version id.');
const draftBody = z
  .object({
    /** Changed files by path; null puts a file back to the default theme's. */
    files: z.record(
      path,
      z.string().max(MAX_FILE_CHARS, `A file can have at most ${MAX_FILE_CHARS} characters.`).nullable(),
    ),
    /** True: replace the whole draft with `files` (null entries ignored) instead of merging. */
    replace: z.boolean().optional(),
  })
  .strict();
const saveBody = z.object({ label: z.string().trim().max(100).optional() }).strict();
const publishBody = z.object({ versionId: id.nullable() }).strict();
const fileQuery = z.object({ path }).strict();
const versionParams = z.object({ id });
const compareQuery = z.object({ from: z.union([id, z.literal('default')]), to: z.union([id, z.literal('default')]) });

function versionJson(row: VersionRow, live: string | null) {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    files: Object.keys(filesOf(row)).sort(),
    live: row.id === live,
    createdAt: row.created_at,
  };
}

/**
 * Owner API of the theme editor (issue 21, group `admin`): the file list, one file's default and
 * draft text, the draft (merged per file), saving the draft as a numbered version, publishing a
 * version (or the default theme), and comparing two versions. Every write compiles the changed
 * templates and partials and answers their errors; publishing refuses a version that has any.
 */
export function registerThemeRoutes(app: FastifyInstance, store: SiteThemeStore, defaults: DefaultThemeFiles): void {
  const admin = { preHandler: requireOwner('admin') };
  const writes = { ...admin, bodyLimit: BODY_LIMIT };

  /** Refuses files the default theme does not have, or too large ones (naming the first five). */
  function refuseProblems(files: Record<string, string>): void {
    const problems = fileProblems(defaults, files);
    if (problems.length > 0) fail('theme-files-refused', problems.slice(0, 5).join(' '));
  }

  function checkedFiles(files: Record<string, string>): Record<string, string> {
    refuseProblems(files);
    return onlyChanged(defaults, files);
  }

  /** A saved version of the site with its files, or 404 `theme-version-not-found`. */
  async function savedVersion(siteId: string, versionId: string) {
    const row = await store.version(siteId, versionId);
    if (row?.kind !== 'saved') return fail('theme-version-not-found');
    return { row, files: filesOf(row) };
  }

  /** The draft as answered: its changed files, when it was written, and the compile errors of its files. */
  const draftAnswer = (files: Record<string, string>, updatedAt: string | null) => ({
    draft: { files: Object.keys(files).sort(), updatedAt },
    errors: compileErrors(defaults, files),
  });

  async function versionOrDefault(siteId: string, which: string): Promise<Record<string, string>> {
    if (which === 'default') return {};
    const row = await store.version(siteId, which);
    if (!row) fail('theme-version-not-found');
    return filesOf(row);
  }

  // `GET /api/config/theme` itself is the editor canvas's theme source (domains/editor/plugin.ts).
  app.get(
    `${BASE}/editor`,
    {
      ...admin,
      config: {
        contract: {
          summary: "The theme editor's state: files, draft, versions, errors, limits",
          response: themeListing,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const siteId = request.owner!.websiteId;
      const [live, draft, saved] = await Promise.all([store.live(siteId), store.draft(siteId), store.saved(siteId)]);
      const draftFiles = draft ? filesOf(draft) : {};
      return {
        files: defaults.entries.map((entry) => ({ ...entry, changed: draftFiles[entry.path] !== undefined })),
        live,
        ...draftAnswer(draftFiles, draft?.updated_at ?? null),
        versions: saved.map((row) => versionJson(row, live)),
        limits: { fileChars: MAX_FILE_CHARS, versionChars: MAX_VERSION_CHARS, versions: MAX_VERSIONS },
      };
    },
  );

  // One file: the default theme's text and the draft's own, if it changed it.
  app.get(
    `${BASE}/file`,
    {
      ...admin,
      config: {
        contract: {
          summary: "One theme file: the default text and the draft's own",
          query: fileQuery,
          response: themeFileAnswer,
          errors: ['theme-files-refused'],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = parseInput(fileQuery, request.query, 'query');
      if (!defaults.has(query.path))
        fail('theme-files-refused', `${query.path.slice(0, 120)}: there is no such theme file.`);
      const draft = await store.draft(request.owner!.websiteId);
      const own = draft ? filesOf(draft)[query.path] : undefined;
      return {
        path: query.path,
        kind: defaults.kindOf(query.path),
        default: defaults.source(query.path),
        draft: own ?? null,
      };
    },
  );

  app.put(
    `${BASE}/draft`,
    {
      ...writes,
      config: {
        contract: {
          summary: 'Change files of the theme draft',
          body: draftBody,
          response: themeDraftAnswer,
          errors: ['theme-files-refused'],
        },
      },
    },
    async (request) => {
      const input = parseInput(draftBody, request.body);
      const siteId = request.owner!.websiteId;
      const current = input.replace ? {} : filesOf((await store.draft(siteId)) ?? { files: '{}' });
      for (const [file, source] of Object.entries(input.files)) {
        if (source === null) delete current[file];
        else current[file] = source;
      }
      const files = checkedFiles(current);
      const row = await store.writeDraft(siteId, files, request.owner!.id);
      return draftAnswer(files, row.updated_at);
    },
  );

  // The draft becomes the next numbered version (saved even with errors; they are answered).
  app.post(
    `${BASE}/versions`,
    {
      ...admin,
      config: {
        contract: {
          summary: 'Save the draft as the next numbered theme version',
          body: saveBody,
          response: { 201: themeSavedAnswer },
          errors: ['theme-files-refused'],
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(saveBody, request.body ?? {});
      const siteId = request.owner!.websiteId;
      const draft = await store.draft(siteId);
      const files = checkedFiles(draft ? filesOf(draft) : {});
      const row = await store.saveVersion(siteId, files, input.label ?? '', request.owner!.id);
      reply.code(201);
      return { version: versionJson(row, await store.live(siteId)), errors: compileErrors(defaults, files) };
    },
  );

  app.get(
    `${BASE}/versions/:id`,
    {
      ...admin,
      config: {
        contract: {
          summary: 'A saved theme version with its sources',
          params: versionParams,
          response: themeVersionAnswer,
          errors: ['theme-version-not-found'],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const params = parseInput(versionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const { row, files } = await savedVersion(siteId, params.id);
      return {
        version: { ...versionJson(row, await store.live(siteId)), sources: files },
        errors: compileErrors(defaults, files),
      };
    },
  );

  // Opens a saved version in the draft, to edit it further or to start again from it.
  app.post(
    `${BASE}/versions/:id/edit`,
    {
      ...admin,
      config: {
        contract: {
          summary: 'Open a saved theme version in the draft',
          params: versionParams,
          response: themeDraftAnswer,
          errors: ['theme-version-not-found'],
        },
      },
    },
    async (request) => {
      const params = parseInput(versionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const { files } = await savedVersion(siteId, params.id);
      const draft = await store.writeDraft(siteId, files, request.owner!.id);
      return draftAnswer(files, draft.updated_at);
    },
  );

  // Makes a saved version live; `versionId: null` goes back to the default theme. Rollback is the same.
  app.post(
    `${BASE}/publish`,
    {
      ...admin,
      config: {
        contract: {
          summary: 'Make a saved theme version live (null: the default theme)',
          body: publishBody,
          response: themePublishAnswer,
          errors: ['theme-version-not-found', 'theme-files-refused', 'theme-not-publishable'],
        },
      },
    },
    async (request) => {
      const input = parseInput(publishBody, request.body);
      const siteId = request.owner!.websiteId;
      if (input.versionId !== null) {
        const { row, files } = await savedVersion(siteId, input.versionId);
        refuseProblems(files);
        const errors = compileErrors(defaults, files);
        if (errors.length > 0) {
          const first = errors[0]!;
          fail(
            'theme-not-publishable',
            `Version ${row.number} cannot be published: ${errors.length} template error${errors.length === 1 ? '' : 's'}, the first in ${first.file} at line ${first.line}, column ${first.column}: ${first.message}`,
            { extra: { errors } },
          );
        }
      }
      await store.publish(siteId, input.versionId);
      app.services.content.invalidate(siteId);
      return { live: input.versionId };
    },
  );

  app.get(
    `${BASE}/compare`,
    {
      ...admin,
      config: {
        contract: {
          summary: 'Line differences between two theme versions',
          query: compareQuery,
          response: themeCompareAnswer,
          errors: ['theme-version-not-found'],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = parseInput(compareQuery, request.query, 'query');
      const siteId = request.owner!.websiteId;
      const [older, newer] = await Promise.all([
        versionOrDefault(siteId, query.from),
        versionOrDefault(siteId, query.to),
      ]);
      return { from: query.from, to: query.to, files: diffVersions(older, newer, (file) => defaults.source(file)) };
    },
  );
}
