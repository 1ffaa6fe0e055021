import { writeFileSync } from 'node:fs';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { customerCsv, orderCsv } from './order-export.js';
import { type ExportFormat, exportProducts } from './product-export.js';
import { exportWordpress } from './wordpress-export.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { commandSite } from '../../platform/db/command-site.js';

export const EXPORT_USAGE = `Usage: tessera export products [--site <id>] [--collection <slug>] [--format shopify|squarespace] [--out <file.csv>]
       tessera export orders|customers [--site <id>] [--out <file.csv>]
       tessera export wordpress [--site <id>] [--blog <slug>] [--out <file.xml>]

  Writes the site's products as a CSV that \`tessera import products\` reads back (default: to stdout).
  --format      shopify (default: weights in grams) or squarespace (keeps service products and sale prices;
                weights in the store's weight unit)
  --collection  one products page only (default: every products page of the site)
  Anything a format cannot carry is listed on stderr, product by product.
  orders      one row per order line, the order's columns on each (the editor's Orders › Export CSV)
  customers   one row per e-mail address and currency: orders paid and money kept, account or not
  wordpress   a blog's posts, categories, tags and threaded comments as a WordPress export (WXR) that
              WordPress's importer and \`tessera import wordpress\` read`;

export const BACKUP_USAGE = `Usage: tessera backup --out <dir>
       tessera restore <backup-dir> --yes

  backup   a consistent copy of the SQLite database (while the server runs) and DATA_DIR/files, with a
           manifest.json of checksums; <dir> is created, or a tessera-backup-<time> folder is made in it
  restore  checks the backup's checksums and migration level, moves the current data aside into
           DATA_DIR/before-restore-<time>/ and puts the backup in place (stop the server first)
  PostgreSQL installs: back up with pg_dump plus the files (docs/deploy.md, "Backups").`;

/** A usage error: printed to stderr, exit code 2. */
export class ExportUsageError extends Error {}

function parse(args: string[], options: ParseArgsOptionsConfig, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new ExportUsageError(`${(error as Error).message}\n\n${usage}`);
  }
}

const siteFor = (db: Kysely<Database>, id: string | undefined) =>
  commandSite(db, id, (message) => new ExportUsageError(message));

/** Runs `tessera export …`: the CSV goes to --out or is answered as `stdout`; notes go to stderr. */
export async function exportCommand(
  db: Kysely<Database>,
  argv: string[],
  server: { publicUrl?: string; port: number } = { port: 3000 },
): Promise<{ stdout: string; stderr: string }> {
  const [what, ...rest] = argv;
  if (what === 'wordpress') return exportBlog(db, rest, server);
  if (what === 'orders' || what === 'customers') return exportSales(db, what, rest);
  if (what !== 'products') throw new ExportUsageError(EXPORT_USAGE);
  const { values, positionals } = parse(
    rest,
    {
      site: { type: 'string' },
      collection: { type: 'string' },
      format: { type: 'string', default: 'shopify' },
      out: { type: 'string' },
    },
    EXPORT_USAGE,
  );
  if (positionals.length > 0) throw new ExportUsageError(EXPORT_USAGE);
  const format = values.format as string;
  if (format !== 'shopify' && format !== 'squarespace')
    throw new ExportUsageError(`--format is shopify or squarespace, not "${format}".\n\n${EXPORT_USAGE}`);
  const siteId = await siteFor(db, values.site as string | undefined);
  const result = await exportProducts(db, {
    siteId,
    format: format as ExportFormat,
    collection: values.collection as string | undefined,
    server,
  });
  const summary = `${result.exported} product(s) exported as a ${format} CSV.`;
  const notes = result.notes.map((n) => `note: ${n}`);
  if (values.out) {
    writeFileSync(values.out as string, result.csv);
    return { stdout: `${summary} Written to ${values.out}.`, stderr: notes.join('\n') };
  }
  return { stdout: result.csv, stderr: [...notes, summary].join('\n') };
}

async function exportBlog(
  db: Kysely<Database>,
  rest: string[],
  server: { publicUrl?: string; port: number },
): Promise<{ stdout: string; stderr: string }> {
  const { values, positionals } = parse(
    rest,
    { site: { type: 'string' }, blog: { type: 'string' }, out: { type: 'string' } },
    EXPORT_USAGE,
  );
  if (positionals.length > 0) throw new ExportUsageError(EXPORT_USAGE);
  const siteId = await siteFor(db, values.site as string | undefined);
  const site = await db
    .selectFrom('sites')
    .select(['public_url', 'host'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const baseUrl = publicBaseUrl({ publicUrl: site.public_url, host: site.host }, server);
  const result = await exportWordpress(db, { siteId, baseUrl, blog: values.blog as string | undefined });
  const leftOut = result.blocksLeftOut
    ? ` ${result.blocksLeftOut} block(s) with no WordPress form (forms, products, summaries…) were left out.`
    : '';
  const summary = `${result.posts} post(s), ${result.comments} comment(s) and ${result.pages} page(s) exported as a WordPress export (WXR).${leftOut}`;
  if (values.out) {
    writeFileSync(values.out as string, result.xml);
    return { stdout: `${summary} Written to ${values.out}.`, stderr: '' };
  }
  return { stdout: result.xml, stderr: summary };
}

async function exportSales(
  db: Kysely<Database>,
  what: 'orders' | 'customers',
  rest: string[],
): Promise<{ stdout: string; stderr: string }> {
  const { values, positionals } = parse(rest, { site: { type: 'string' }, out: { type: 'string' } }, EXPORT_USAGE);
  if (positionals.length > 0) throw new ExportUsageError(EXPORT_USAGE);
  const siteId = await siteFor(db, values.site as string | undefined);
  let csv = '';
  if (what === 'orders') for await (const chunk of orderCsv(db, siteId)) csv += chunk;
  else csv = await customerCsv(db, siteId);
  const rows = csv.split('\r\n').length - 2;
  const summary = `${rows} ${what === 'orders' ? 'order line' : 'customer'} row(s) exported.`;
  if (values.out) {
    writeFileSync(values.out as string, csv);
    return { stdout: `${summary} Written to ${values.out}.`, stderr: '' };
  }
  return { stdout: csv, stderr: summary };
}

export function parseBackupArgs(argv: string[]): { out: string } {
  const { values, positionals } = parse(argv, { out: { type: 'string' } }, BACKUP_USAGE);
  if (positionals.length > 0 || !values.out) throw new ExportUsageError(BACKUP_USAGE);
  return { out: values.out as string };
}

export function parseRestoreArgs(argv: string[]): { backup: string } {
  const { values, positionals } = parse(argv, { yes: { type: 'boolean' } }, BACKUP_USAGE);
  if (positionals.length !== 1) throw new ExportUsageError(BACKUP_USAGE);
  if (values.yes !== true)
    throw new ExportUsageError(
      "restore replaces this install's database and files (they are moved aside into DATA_DIR/before-restore-<time>/). Stop the server, then run it again with --yes.",
    );
  return { backup: positionals[0] as string };
}
