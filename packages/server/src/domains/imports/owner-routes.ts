import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/owner-guard.js';
import { parseInput } from '../../platform/http/validate.js';
import { TesseraError } from '../../platform/errors/index.js';
import { XmlSyntaxError } from '../../platform/xml/xml-read.js';
import { CsvSyntaxError } from './csv-read.js';
import { formatReport, MAX_IMPORT_BYTES } from './import-command.js';
import { ProductCsvError } from './product-csv.js';
import { importProducts, ProductImportError } from './product-import.js';
import { formatWordpressReport, MAX_WXR_BYTES } from './wordpress-command.js';
import { importWordpress, WordpressImportError } from './wordpress-import.js';
import { WxrError } from './wordpress-wxr.js';

// The editor's Import panel (issue 19): the same imports as `tessera import products|wordpress`,
// with the file as the request body. `?dryRun=true` answers what would happen and changes nothing;
// without it the import runs in one transaction. One import per site at a time on this node.

const query = z
  .object({
    dryRun: z.enum(['true', 'false']).optional(),
    collection: z.string().trim().min(1).max(200).optional(),
    blog: z.string().trim().min(1).max(200).optional(),
    /** WordPress: copy the export's own pictures into the site's files (downloaded from their addresses). */
    fetchMedia: z.enum(['true', 'false']).optional(),
  })
  .strict();

const REFUSED_FILE = [
  CsvSyntaxError,
  ProductCsvError,
  ProductImportError,
  XmlSyntaxError,
  WxrError,
  WordpressImportError,
];

export default async function importsPlugin(app: FastifyInstance): Promise<void> {
  const running = new Set<string>();

  /** Runs one import for the owner's site, refusing a second at the same time and a bad file whole. */
  async function exclusive<T>(request: FastifyRequest, run: (siteId: string) => Promise<T>): Promise<T> {
    const siteId = request.owner!.websiteId;
    if (running.has(siteId)) throw new TesseraError('import-running');
    running.add(siteId);
    try {
      return await run(siteId);
    } catch (error) {
      if (REFUSED_FILE.some((kind) => error instanceof kind))
        throw new TesseraError('import-refused', `${(error as Error).message} Nothing was imported.`);
      throw error;
    } finally {
      running.delete(siteId);
    }
  }

  const text = (request: FastifyRequest) => {
    if (typeof request.body !== 'string' || request.body.length === 0)
      throw new TesseraError('import-refused', 'Choose a file to import. Nothing was imported.');
    return request.body;
  };

  await app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    scope.post('/api/config/imports/products', { preHandler: requireOwner('store') }, async (request) => {
      const input = parseInput(query, request.query, 'query');
      const csv = text(request);
      return exclusive(request, async (siteId) => {
        const report = await importProducts(app.db, {
          siteId,
          csv,
          collection: input.collection,
          dryRun: input.dryRun !== 'false',
        });
        const created = report.planned.filter((p) => p.action === 'create').length;
        return {
          format: report.format,
          dryRun: report.dryRun,
          collection: report.collection,
          created,
          updated: report.planned.length - created,
          planned: report.planned.map((p) => ({
            line: p.line,
            action: p.action,
            urlId: p.urlId,
            title: p.title,
            variants: p.input.variants.length,
            url: `/${report.collection}/p/${p.urlId}`,
          })),
          rejected: report.rejected,
          imagesNotImported: report.imagesNotImported,
          text: formatReport(report),
        };
      });
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'string', bodyLimit: MAX_WXR_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.post('/api/config/imports/wordpress', { preHandler: requireOwner('content') }, async (request) => {
      const input = parseInput(query, request.query, 'query');
      const xml = text(request);
      return exclusive(request, async (siteId) => {
        const report = await importWordpress(app.db, {
          siteId,
          xml,
          blog: input.blog,
          dryRun: input.dryRun !== 'false',
          media: input.fetchMedia === 'true' ? { storage: app.fileStorage, fetch: true } : undefined,
        });
        const created = report.planned.filter((p) => p.action === 'create').length;
        return {
          dryRun: report.dryRun,
          siteTitle: report.siteTitle,
          blog: report.blog,
          created,
          updated: report.planned.length - created,
          planned: report.planned.map((p) => ({
            line: p.post.line,
            action: p.action,
            urlId: p.post.urlId,
            title: p.post.title,
            status: p.post.status,
            newComments: p.newComments,
            url: `/${report.blog}/${p.post.urlId}`,
          })),
          pages: report.pages.map((p) => ({
            line: p.page.line,
            action: p.action,
            title: p.page.title,
            status: p.page.status,
            url: `/${p.slug}`,
          })),
          skipped: report.skipped,
          redirects: report.redirects ?? 0,
          media: report.media ?? null,
          text: formatWordpressReport(report),
        };
      });
    });
  });
}
