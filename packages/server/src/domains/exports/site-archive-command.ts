import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { hostName, SITE_USAGE, SiteUsageError } from '../sites/index.js';
import { exportSiteArchive } from './site-archive.js';
import { restoreSiteArchive } from './site-restore.js';

// `tessera site export` and `tessera site restore` (issue 19): the site commands that move a site
// between installs. Usage errors are the site commands' own (exit code 2).

function parse(argv: string[], names: string[], positionals: number) {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: positionals > 0 });
  } catch (error) {
    throw new SiteUsageError(`${(error as Error).message}\n\n${SITE_USAGE}`);
  }
  if (parsed.positionals.length !== positionals) throw new SiteUsageError(SITE_USAGE);
  return parsed;
}

export const isSiteArchiveCommand = (argv: readonly string[]) => argv[0] === 'export' || argv[0] === 'restore';

/** Runs `site export …` or `site restore …` (argv starts with the subcommand); answers the text to print. */
export async function siteArchiveCommand(
  context: { db: Kysely<Database>; storage: FileStorage },
  argv: string[],
): Promise<string> {
  const [command, ...rest] = argv;
  if (command === 'export') {
    const { values } = parse(rest, ['site', 'out'], 0);
    if (typeof values.site !== 'string' || !values.site)
      throw new SiteUsageError(`Give the --site id (see \`tessera site list\`).`);
    if (typeof values.out !== 'string' || !values.out) throw new SiteUsageError(`Give --out <dir>.\n\n${SITE_USAGE}`);
    const { dir, manifest } = await exportSiteArchive({ ...context, siteId: values.site, out: values.out });
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const missing =
      manifest.missingFiles.length > 0
        ? ` ${manifest.missingFiles.length} named file(s) were missing: ${manifest.missingFiles.join(', ')}.`
        : '';
    return `Site ${manifest.site.id} exported to ${dir}: ${rows} rows of ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files.${missing} Left out: sign-ins, open carts, pending mail and webhooks, and payment keys (connect the provider again after restoring).`;
  }
  if (command === 'restore') {
    const { values, positionals } = parse(rest, ['host'], 1);
    const host = values.host === undefined ? undefined : hostName(values.host as string);
    const result = await restoreSiteArchive({ ...context, archive: positionals[0] as string, host });
    return `Restored site ${result.siteId} (${result.manifest.site.title}) on ${result.host ?? '(any host)'}: ${result.rows} rows, ${result.filesStored} files stored. Owners sign in with their passwords; connect the payment provider again.`;
  }
  throw new SiteUsageError(SITE_USAGE);
}
