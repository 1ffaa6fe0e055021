import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type FileStorage, siteFileStorage } from '../../platform/storage/index.js';
import { importWordpress, WordpressImportError, type WordpressImportReport } from './wordpress-import.js';
import { WxrError } from './wordpress-wxr.js';
import { XmlSyntaxError } from '../../platform/xml/xml-read.js';
import { checkImportFile } from './command-file.js';

export const WORDPRESS_USAGE = `Usage: tessera import wordpress <export.xml> [--site <id>] [--blog <slug>] [--dry-run]
         [--fetch-media | --media <uploads folder>]
       (also: tessera import wxr …)

  Reads a WordPress export (WXR: Tools → Export) into a blog and the site's pages: posts, drafts,
  scheduled posts, excerpts, authors, categories, tags, comments and pages. Images keep their
  addresses unless one of the media options copies them into the site's files.
  --dry-run      show what would be created, updated and skipped (with line and reason); change nothing
  --site         the site to import into (needed when the install serves several sites)
  --blog         the blog page to fill (default: the site's first blog)
  --fetch-media  download the export's own pictures, MP3 and MP4 files (its wp-content/uploads, or
                 Squarespace's CDN) from their addresses
  --media        read them instead from a copy of the old site's wp-content/uploads folder`;

/** The largest export read (50 MB): a blog of a few thousand posts fits. */
export const MAX_WXR_BYTES = 50 * 1024 * 1024;

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The report as the command prints it: one line per post and per skipped item, then the totals. */
export function formatWordpressReport(report: WordpressImportReport): string {
  const verb = report.dryRun
    ? { create: 'would create', update: 'would update' }
    : { create: 'created', update: 'updated' };
  const lines = [`WordPress export "${report.siteTitle}" → blog /${report.blog}`];
  for (const p of report.planned) {
    const comments = p.newComments > 0 ? `, ${plural(p.newComments, 'new comment')}` : '';
    lines.push(`line ${p.post.line}: ${verb[p.action]} ${p.post.urlId} (${p.post.title}, ${p.post.status}${comments})`);
  }
  for (const p of report.pages) {
    const moved = p.slug !== p.page.slug ? `; /${p.page.slug} is taken` : '';
    lines.push(`line ${p.page.line}: ${verb[p.action]} page /${p.slug} (${p.page.title}, ${p.page.status}${moved})`);
  }
  for (const s of report.skipped) lines.push(`line ${s.line}: skipped: ${s.reason}`);
  const created = report.planned.filter((p) => p.action === 'create').length;
  const updated = report.planned.length - created;
  const skipped = report.skipped.length;
  const comments = report.planned.reduce((sum, p) => sum + p.newComments, 0);
  lines.push(
    report.dryRun
      ? `Dry run, nothing changed: ${created} to create, ${updated} to update, ${skipped} skipped; ${plural(comments, 'comment')} to add.`
      : `${created} created, ${updated} updated, ${skipped} skipped; ${plural(comments, 'comment')} added.`,
  );
  if (report.pages.length > 0) {
    const newPages = report.pages.filter((p) => p.action === 'create').length;
    const counts = `${newPages} ${report.dryRun ? 'to create' : 'created'}, ${report.pages.length - newPages} ${report.dryRun ? 'to update' : 'updated'}`;
    lines.push(`Pages: ${counts}; new pages are not linked in the navigation (place them in the editor).`);
  }
  if (report.redirects)
    lines.push(`${plural(report.redirects, 'old address', 'old addresses')} now redirect to the new posts and pages.`);
  if (report.redirectsLeftOut)
    lines.push(
      `${plural(report.redirectsLeftOut, 'old address', 'old addresses')} got no redirect (the redirect list holds at most 500 rules).`,
    );
  if (report.commentsSkipped > 0)
    lines.push(`${plural(report.commentsSkipped, 'comment')} left out (pingbacks, trackbacks, trash or empty).`);
  if (report.media) {
    const { addresses, copied, failed, warnings } = report.media;
    lines.push(
      report.dryRun
        ? `${plural(addresses, 'file')} of the export (pictures, sound, video) would be copied into the site's files.`
        : `${plural(copied, 'file')} copied into the site's files; posts and pages now show the copies.`,
    );
    for (const f of failed) lines.push(`file not copied: ${f.url}: ${f.reason}`);
    for (const w of warnings) lines.push(`warning: ${w}`);
  } else if (report.attachments + report.images > 0)
    lines.push(
      `${plural(report.attachments, 'attachment')} and ${plural(report.images, 'image address', 'image addresses')} in posts were not downloaded; the posts keep the addresses.`,
    );
  return lines.join('\n');
}

/** Runs `tessera import wordpress …`; `usageError` builds the exit-2 error of the import command. */
export async function wordpressCommand(
  db: Kysely<Database>,
  argv: string[],
  helpers: {
    siteFor: (db: Kysely<Database>, id: string | undefined) => Promise<string>;
    usage: (m: string) => Error;
    /** The site's file store, for the media options. */
    storage?: FileStorage;
  },
): Promise<string> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        site: { type: 'string' },
        blog: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'fetch-media': { type: 'boolean' },
        media: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw helpers.usage(`${(error as Error).message}\n\n${WORDPRESS_USAGE}`);
  }
  if (positionals.length !== 1) throw helpers.usage(WORDPRESS_USAGE);
  const fetchMedia = values['fetch-media'] === true;
  const mediaDir = values.media as string | undefined;
  if (fetchMedia && mediaDir) throw helpers.usage(`Use --fetch-media or --media, not both.\n\n${WORDPRESS_USAGE}`);
  if ((fetchMedia || mediaDir) && !helpers.storage) throw new Error('No file store to copy the pictures into.');
  const file = positionals[0] as string;
  checkImportFile(file, MAX_WXR_BYTES, '; export the blog in parts (WordPress can export by date range)');
  const siteId = await helpers.siteFor(db, values.site as string | undefined);
  // Pictures go into the site's own files.
  const media =
    (fetchMedia || mediaDir) && helpers.storage
      ? { storage: await siteFileStorage(db, helpers.storage, siteId), fetch: fetchMedia, dir: mediaDir }
      : undefined;
  try {
    const report = await importWordpress(db, {
      siteId,
      xml: readFileSync(file, 'utf8'),
      blog: values.blog as string | undefined,
      dryRun: values['dry-run'] === true,
      media,
    });
    return formatWordpressReport(report);
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof WxrError || error instanceof WordpressImportError) {
      throw new Error(`${file}: ${error.message} Nothing was imported.`);
    }
    throw error;
  }
}
