// The usage text and host-name check of `tessera site …` (site-cli.ts runs the commands; the archive
// commands, domains/exports/site-archive-command.ts, share them).

export const SITE_USAGE = `Usage: tessera site <command>

  site list
  site create --host <shop.example.com> [--template blank|shop|portfolio|blog|demo] [--title <title>]
  site set-host --site <id> --host <shop.example.com>
  site delete --site <id> [--yes]     asks you to type the site's host (or id) unless --yes
  site export --site <id> --out <dir> the site's data and the files it names, for \`site restore\`
  site restore <archive-dir> [--host <shop.example.com>]
                                      loads an exported site into this install (SQLite or PostgreSQL)`;

/** A usage error: printed to stderr, exit code 2. */
export class SiteUsageError extends Error {}

const HOST = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** A host name as the site commands take it (lower case, no trailing dot), or a usage error. */
export function hostName(value: string | undefined): string {
  const name = (value ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(name)) throw new SiteUsageError(`Give a --host name such as shop.example.com.\n\n${SITE_USAGE}`);
  return name;
}
