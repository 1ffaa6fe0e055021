import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type FileStorage, siteFileStorage } from '../../platform/storage/index.js';
import { CsvSyntaxError } from './csv-read.js';
import { ProductCsvError, WEIGHT_UNIT_NAMES } from './product-csv.js';
import { importProducts, ProductImportError, type ProductImportReport } from './product-import.js';
import { WORDPRESS_USAGE, wordpressCommand } from './wordpress-command.js';
import { commandSite } from '../../platform/db/command-site.js';
import { checkImportFile } from './command-file.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';

export const IMPORT_USAGE = `Usage: tessera import products <file.csv> [--site <id>] [--collection <slug>] [--dry-run] [--fetch-media]

  Reads a Shopify or Squarespace product CSV (the format is detected from its header).
  --dry-run   show what would be created, updated and rejected (with line and reason); change nothing
  --fetch-media  download the pictures the file names by address (Image Src, Variant Image, Hosted
              Image URLs) into the site's files; one that cannot be fetched is a warning
  --site      the site to import into (needed when the install serves several sites)
  --collection  the products page to fill (default: the site's first products page)

${WORDPRESS_USAGE}`;

/** A usage error: printed to stderr, exit code 2. */
export class ImportUsageError extends Error {}

/** The largest file read (50 MB): a CSV of many thousand products fits easily. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const siteFor = (db: Kysely<Database>, id: string | undefined) =>
  commandSite(db, id, (message) => new ImportUsageError(message));

/** The report as the command prints it: one line per product and per rejected row, then the totals. */
export function formatReport(report: ProductImportReport): string {
  const verb = report.dryRun
    ? { create: 'would create', update: 'would update' }
    : { create: 'created', update: 'updated' };
  const lines = [
    `${report.format === 'shopify' ? 'Shopify' : 'Squarespace'} product CSV → products page /${report.collection}`,
  ];
  if (report.weightUnit) {
    lines.push(
      `Weights read in ${WEIGHT_UNIT_NAMES[report.weightUnit]}, the store's weight unit (Store settings): Squarespace writes them in its site's unit without naming it.`,
    );
  }
  for (const p of report.planned) {
    lines.push(
      `line ${p.line}: ${verb[p.action]} ${p.urlId} (${p.title}, ${p.input.variants.length} variant${p.input.variants.length === 1 ? '' : 's'})`,
    );
    // A dry run lists the pictures the import would fetch for the product.
    if (report.dryRun && report.images) {
      for (const image of p.draft.images)
        lines.push(`  picture ${image.url}${image.altText ? ` (alt text: ${image.altText})` : ''}`);
    }
  }
  for (const r of report.rejected) lines.push(`line ${r.line}: rejected: ${r.reason}`);
  for (const f of report.images?.failed ?? [])
    lines.push(`line ${f.line}: picture ${f.url} ${report.dryRun ? 'will not be' : 'not'} imported: ${f.reason}`);
  const created = report.planned.filter((p) => p.action === 'create').length;
  const updated = report.planned.length - created;
  const rejected = report.rejected.length;
  lines.push(
    report.dryRun
      ? `Dry run, nothing changed: ${created} to create, ${updated} to update, ${rejected} rejected.`
      : `${created} created, ${updated} updated, ${rejected} rejected.`,
  );
  if (report.imagesNotImported > 0) {
    lines.push(
      `${report.imagesNotImported} image address(es) ${report.dryRun ? 'will not be' : 'were not'} imported; add the pictures in the editor, or import with --fetch-media (in the editor: tick "Copy the products' pictures") to fetch them.`,
    );
  }
  if (report.images) {
    lines.push(
      report.dryRun
        ? `${report.images.addresses} picture address(es) to fetch.`
        : `${report.images.copied} of ${report.images.addresses} picture address(es) fetched into the site's files.`,
    );
  }
  return lines.join('\n');
}

/** Runs `tessera import …`; answers the text to print, or throws (ImportUsageError: exit 2). */
export async function importCommand(
  db: Kysely<Database>,
  argv: string[],
  options: { storage?: FileStorage; env?: NodeJS.ProcessEnv; server?: { publicUrl?: string; port: number } } = {},
): Promise<string> {
  const [what, ...rest] = argv;
  if (what === 'wordpress' || what === 'wxr')
    return wordpressCommand(db, rest, {
      siteFor,
      usage: (message) => new ImportUsageError(message),
      storage: options.storage,
    });
  if (what !== 'products') throw new ImportUsageError(IMPORT_USAGE);
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: {
        site: { type: 'string' },
        collection: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'fetch-media': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw new ImportUsageError(`${(error as Error).message}\n\n${IMPORT_USAGE}`);
  }
  if (positionals.length !== 1) throw new ImportUsageError(IMPORT_USAGE);
  const file = positionals[0] as string;
  checkImportFile(file, MAX_IMPORT_BYTES);
  const siteId = await siteFor(db, values.site as string | undefined);
  const fetchMedia = values['fetch-media'] === true;
  if (fetchMedia && !options.storage) throw new Error('No file store to copy the pictures into.');
  // The site's public address, as its product export writes picture addresses: its own pictures stay.
  const site = await db.selectFrom('sites').select(['public_url', 'host']).where('id', '=', siteId).executeTakeFirst();
  const ownBaseUrl = publicBaseUrl({ publicUrl: site?.public_url, host: site?.host }, options.server ?? { port: 3000 });
  try {
    const report = await importProducts(db, {
      siteId,
      csv: readFileSync(file, 'utf8'),
      collection: values.collection as string | undefined,
      dryRun: values['dry-run'] === true,
      media:
        fetchMedia && options.storage
          ? { storage: await siteFileStorage(db, options.storage, siteId), env: options.env, ownBaseUrl }
          : undefined,
    });
    return formatReport(report);
  } catch (error) {
    if (error instanceof CsvSyntaxError || error instanceof ProductCsvError || error instanceof ProductImportError) {
      throw new Error(`${file}: ${error.message} Nothing was imported.`);
    }
    throw error;
  }
}
