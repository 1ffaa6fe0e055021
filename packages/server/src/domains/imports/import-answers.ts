import type { ProductImportAnswer, WordpressImportAnswer } from '@tessera/core/contracts/imports';
import { CsvSyntaxError } from './csv-read.js';
import { formatReport } from './import-command.js';
import { ProductCsvError } from './product-csv.js';
import { ProductImportError, type ProductImportReport } from './product-import.js';
import { formatWordpressReport } from './wordpress-command.js';
import { WordpressImportError, type WordpressImportReport } from './wordpress-import.js';
import { WxrError } from './wordpress-wxr.js';
import { XmlSyntaxError } from '../../platform/xml/xml-read.js';

// What the editor's imports answer (issue 19): the same for a dry run, for the summary the import
// route answers at the end and for the summary an import job keeps for the owner's polls.

/** Failures that refuse the file whole (400 `import-refused`): its message says what is wrong. */
const REFUSED_FILE = [
  CsvSyntaxError,
  ProductCsvError,
  ProductImportError,
  XmlSyntaxError,
  WxrError,
  WordpressImportError,
];

/** The message of a failure that refuses the file, or undefined for any other failure. */
export function refusalOf(error: unknown): string | undefined {
  if (!REFUSED_FILE.some((kind) => error instanceof kind)) return undefined;
  return `${(error as Error).message} Nothing was imported.`;
}

export function productAnswer(report: ProductImportReport): ProductImportAnswer {
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
      images: p.draft.images.map((image) => ({ url: image.url, altText: image.altText })),
    })),
    rejected: report.rejected,
    imagesNotImported: report.imagesNotImported,
    weightUnit: report.weightUnit ?? null,
    images: report.images ?? null,
    text: formatReport(report),
  };
}

export function wordpressAnswer(report: WordpressImportReport): WordpressImportAnswer {
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
}
