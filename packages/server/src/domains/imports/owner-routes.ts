import {
  type ImportKindName,
  importList,
  importListQuery,
  importParams,
  importProgress,
  importQuery,
  productImportAnswer,
  wordpressImportAnswer,
} from '@tessera/core/contracts/imports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { rolesAllow } from '@tessera/core';
import { parseInput } from '../../platform/http/validate.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import { type ErrorCode, isErrorCode, TesseraError } from '../../platform/errors/index.js';
import { productAnswer, refusalOf, wordpressAnswer } from './import-answers.js';
import { MAX_IMPORT_BYTES } from './import-command.js';
import { IMPORT_JOB, type ImportJobDeps, runDueImports } from './import-jobs.js';
import {
  type ImportChoices,
  importEnded,
  importRunning,
  listImports,
  progressOf,
  queueImport,
  readImport,
} from './import-store.js';
import { importProducts } from './product-import.js';
import { MAX_WXR_BYTES } from './wordpress-command.js';
import { importWordpress } from './wordpress-import.js';

// The editor's Import panel (issue 19): the same imports as `tessera import products|wordpress`,
// with the file as the request body. `?dryRun=true` (the default) answers what would happen and
// changes nothing. `dryRun=false` queues the import as a job (import-jobs.ts) that any node may run;
// with `background=true` the answer is 202 and the import's progress at once (the owner polls
// `GET /api/config/imports/:importId`), without it the answer waits for the end and is the summary,
// as before. One import per site at a time, across nodes (409 `import-running`).

/** The group that may start (and see) each kind of import. */
const GROUP_OF: Record<ImportKindName, 'store' | 'content'> = { products: 'store', wordpress: 'content' };

const ERRORS: ErrorCode[] = ['import-refused', 'import-running', 'import-failed'];

export default async function importsPlugin(app: FastifyInstance): Promise<void> {
  const siteBaseUrl = (siteId: string) => siteBaseUrlById(app, siteId);
  const deps: ImportJobDeps = { db: app.db, fileStorage: app.fileStorage, log: app.log, siteBaseUrl };
  const jobs = app.services.jobs;
  // Each occurrence runs the imports waiting; the timer's occurrences take back lapsed claims.
  await jobs?.add({ name: IMPORT_JOB, expireInSeconds: 3600, retryLimit: 1, run: () => runDueImports(deps) });

  /** Asks a job runner (any node) to run the queued imports now. */
  async function wake(): Promise<void> {
    const queue = jobs?.queue;
    if (!queue) {
      void runDueImports(deps).catch((error: unknown) => app.log.error({ err: error }, 'imports failed'));
      return;
    }
    // An occurrence per start; a slot the timer queued already only needs the next millisecond.
    for (let later = 0; later < 3; later++) if (await queue.enqueue(IMPORT_JOB, new Date(Date.now() + later))) return;
  }

  /** Dry runs under way on this node, per site (one at a time; they read only). */
  const previewing = new Set<string>();

  async function preview<T>(siteId: string, run: () => Promise<T>): Promise<T> {
    if (previewing.has(siteId) || (await importRunning(app.db, siteId))) throw new TesseraError('import-running');
    previewing.add(siteId);
    try {
      return await run();
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) throw new TesseraError('import-refused', refused);
      throw error;
    } finally {
      previewing.delete(siteId);
    }
  }

  /** The real run: queued as a job; 202 with its progress, or its summary once it has ended. */
  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKindName,
    source: string,
    input: { background?: string; name?: string },
    choices: ImportChoices,
  ) {
    const siteId = request.owner!.websiteId;
    const queued = await queueImport(app.db, {
      siteId,
      kind,
      choices,
      source,
      fileName: input.name,
      ownerId: request.owner!.id,
    });
    if (!queued) throw new TesseraError('import-running');
    await wake();
    if (input.background === 'true') {
      return reply.code(202).header('location', `/api/config/imports/${queued.id}`).send(progressOf(queued));
    }
    const aborted = new AbortController();
    reply.raw.once('close', () => aborted.abort());
    const ended = await importEnded(app.db, siteId, queued.id, aborted.signal);
    if (!ended) return reply;
    const { summary, error } = progressOf(ended);
    if (error) throw new TesseraError(isErrorCode(error.error) ? error.error : 'import-failed', error.message);
    return summary;
  }

  const text = (request: FastifyRequest) => {
    if (typeof request.body !== 'string' || request.body.length === 0)
      throw new TesseraError('import-refused', 'Choose a file to import. Nothing was imported.');
    return request.body;
  };

  const parseQuery = (request: FastifyRequest) => {
    const input = parseInput(importQuery, request.query, 'query');
    if (input.background === 'true' && input.dryRun !== 'false')
      throw new TesseraError('invalid-body', 'background: a background import needs dryRun=false.');
    return input;
  };

  await app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    const contract = {
      summary: 'Preview or import a product CSV (Shopify or Squarespace)',
      query: importQuery,
      response: { 200: productImportAnswer, 202: importProgress },
      errors: ERRORS,
    };
    scope.post(
      '/api/config/imports/products',
      { preHandler: requireOwner('store'), config: { contract } },
      async (request, reply) => {
        const input = parseQuery(request);
        const csv = text(request);
        const siteId = request.owner!.websiteId;
        const fetchMedia = input.fetchMedia === 'true';
        if (input.dryRun !== 'false') {
          const media = fetchMedia ? { storage: await app.siteFiles(siteId) } : undefined;
          const args = { siteId, csv, collection: input.collection, dryRun: true, media };
          return preview(siteId, async () => productAnswer(await importProducts(app.db, args)));
        }
        return start(request, reply, 'products', csv, input, { collection: input.collection, fetchMedia });
      },
    );
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'string', bodyLimit: MAX_WXR_BYTES },
      (_r, body, done) => done(null, body),
    );
    const contract = {
      summary: 'Preview or import a WordPress or Squarespace export',
      query: importQuery,
      response: { 200: wordpressImportAnswer, 202: importProgress },
      errors: ERRORS,
    };
    scope.post(
      '/api/config/imports/wordpress',
      { preHandler: requireOwner('content'), config: { contract } },
      async (request, reply) => {
        const input = parseQuery(request);
        const xml = text(request);
        const siteId = request.owner!.websiteId;
        const fetchMedia = input.fetchMedia === 'true';
        if (input.dryRun !== 'false') {
          const media = fetchMedia ? { storage: await app.siteFiles(siteId), fetch: true } : undefined;
          return preview(siteId, async () =>
            wordpressAnswer(await importWordpress(app.db, { siteId, xml, blog: input.blog, dryRun: true, media })),
          );
        }
        return start(request, reply, 'wordpress', xml, input, { blog: input.blog, fetchMedia });
      },
    );
  });

  /** The kinds of import the signed-in owner may see. */
  const visibleKinds = (request: FastifyRequest) =>
    (Object.keys(GROUP_OF) as ImportKindName[]).filter((kind) => rolesAllow(request.owner!.roles, GROUP_OF[kind]));

  app.get(
    '/api/config/imports',
    {
      preHandler: requireOwner('imports'),
      config: { contract: { summary: "The site's recent imports", query: importListQuery, response: importList } },
    },
    async (request, reply) => {
      const { kind } = parseInput(importListQuery, request.query ?? {}, 'query');
      const kinds = visibleKinds(request).filter((k) => !kind || k === kind);
      const rows = await listImports(app.db, request.owner!.websiteId, kinds);
      const imports = rows.map((row) => {
        const { summary: _summary, ...rest } = progressOf(row);
        return rest;
      });
      return reply.header('cache-control', 'no-store').send({ imports });
    },
  );

  app.get(
    '/api/config/imports/:importId',
    {
      preHandler: requireOwner('imports'),
      config: {
        contract: {
          summary: "An import's progress, then its summary or why it failed",
          params: importParams,
          response: importProgress,
          errors: ['import-not-found'],
        },
      },
    },
    async (request, reply) => {
      const { importId } = parseInput(importParams, request.params, 'address');
      const row = await readImport(app.db, request.owner!.websiteId, importId);
      // Another site's import, or a kind this owner may not start, is as good as none.
      if (!row || !visibleKinds(request).includes(row.kind as ImportKindName))
        throw new TesseraError('import-not-found');
      return reply.header('cache-control', 'no-store').send(progressOf(row));
    },
  );
}
