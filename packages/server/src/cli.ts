#!/usr/bin/env node
// First, so that an unsupported Node.js gets a clear message before anything else loads.
import './require-node.js';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import {
  parseResetOwnerPasswordArgs,
  parseSetPublicUrlArgs,
  resetOwnerPasswordCommand,
  setPublicUrlCommand,
} from './domains/auth/account-commands.js';
import { createOwnerCommand, parseCreateOwnerArgs } from './domains/auth/create-owner-command.js';
import { loadConfig, type ServerConfig } from './platform/config.js';
import { openDatabase, sqliteFileFor } from './platform/db/connect.js';
import { migrateToLatest } from './platform/db/migrations.js';
import { seedDemoSite } from './seed/seed.js';
import { withStartupLock } from './platform/operations/migration-guard.js';
import { announceOutsideWrite } from './platform/cluster/create-bus.js';
import { createFileStorage } from './platform/storage/index.js';
import { installGracefulShutdown } from './platform/operations/shutdown.js';
import { printSetupAddresses } from './domains/sites/setup-address.js';
import { SiteUsageError } from './domains/sites/index.js';
import { siteCommand } from './site-cli.js';
import { ImportUsageError, importCommand } from './domains/imports/import-command.js';
import { backupCommand, restoreCommand } from './domains/exports/backup-command.js';
import { ExportUsageError, exportCommand } from './domains/exports/export-command.js';
import { isSiteArchiveCommand, siteArchiveCommand } from './domains/exports/site-archive-command.js';

const USAGE = `Usage: tessera <command>

Commands:
  start     migrate, seed the demo site if the database has none, and serve
  migrate   bring the database schema up to date
  seed      migrate, then seed the demo site if the database has none
  create-owner --email <address> --password <password> [--role admin]
            migrate, seed if empty, and add a site owner (the first admin)
  reset-owner-password --email <address> --password <password> [--site <id>]
            set an owner's password (a locked-out administrator's way back in)
  set-public-url --url <https://shop.example.com> [--site <id>]
            where mailed links point; the site then answers on that host only
  site list | create --host <name> [--template blank|shop|portfolio|blog|demo]
       | set-host --site <id> --host <name> | delete --site <id> [--yes]
       | export --site <id> --out <dir> | restore <archive-dir> [--host <name>]
            the sites this install serves, each on its own host; a site moved between installs
            (SQLite or PostgreSQL) as an archive of its data and files (see \`tessera site\`)
  import products <file.csv> [--site <id>] [--collection <slug>] [--dry-run] [--fetch-media]
            products from a Shopify or Squarespace CSV; a re-run updates them
  import wordpress <export.xml> [--site <id>] [--blog <slug>] [--dry-run] [--fetch-media | --media <dir>]
            posts, comments, categories and tags from a WordPress export (WXR)
  export products [--site <id>] [--format shopify|squarespace] [--out <file.csv>]
            products as a CSV that \`import products\` reads back
  export orders|customers [--site <id>] [--out <file.csv>]
            orders (one row per line) or customers (by e-mail address) as CSV
  export wordpress [--site <id>] [--blog <slug>] [--out <file.xml>]
            a blog's posts and comments as a WordPress export (WXR)
  backup --out <dir>
            SQLite: a consistent copy of the database and files while serving (PostgreSQL: pg_dump)
  restore <backup-dir> --yes
            check a backup's checksums and put it in place of this install's data (server stopped)

Environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (postgres://…),
DATABASE_PREPARED_STATEMENTS=off (for a pooler that cannot keep prepared statements),
REDIS_URL, SMTP_URL, PUBLIC_URL (https://… the address mailed links start with),
METRICS_TOKEN (enables GET /metrics), TESSERA_LOG=1 or LOG_FORMAT=json (JSON logs),
TESSERA_S3_BUCKET and TESSERA_S3_* (files in an S3-compatible bucket; docs/deploy.md).`;

function open(config: ServerConfig) {
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(config.filesDir, { recursive: true });
  return openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileFor(config.dataDir),
    preparedStatements: config.databasePreparedStatements,
  });
}

type Db = ReturnType<typeof open>['db'];

/** Bad arguments: the message on stderr, exit code 2. */
function usage(message: string): number {
  console.error(message);
  return 2;
}

/**
 * Runs a command on the migrated database and closes it afterwards; a usage error it throws (one of
 * `usageErrors`: bad arguments) is answered by `usage`.
 */
async function withDatabase(
  config: ServerConfig,
  run: (db: Db) => Promise<number>,
  usageErrors: readonly (new (...args: never[]) => Error)[] = [],
): Promise<number> {
  const { db } = open(config);
  try {
    await migrateToLatest(db);
    return await run(db);
  } catch (error) {
    if (!usageErrors.some((kind) => error instanceof kind)) throw error;
    return usage((error as Error).message);
  } finally {
    await db.destroy();
  }
}

/** After a command changed site data: running servers on this database drop their cached content now. */
async function announce(db: Db, config: ServerConfig): Promise<void> {
  await announceOutsideWrite(db, {
    redisUrl: config.redisUrl,
    log: { warn: (object, message) => console.error(message, object instanceof Error ? object.message : '') },
  }).catch((error: unknown) =>
    console.error(`Running servers were not told (${(error as Error).message}); they see the change within seconds.`),
  );
}

async function migrate(config: ServerConfig): Promise<void> {
  const { db } = open(config);
  try {
    const applied = await withStartupLock(db, () => migrateToLatest(db));
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.destroy();
  }
}

async function seed(config: ServerConfig): Promise<void> {
  await withDatabase(config, async (db) => {
    const result = await seedDemoSite(db, { filesDir: config.filesDir });
    console.log(result.created ? `Seeded the demo site (${result.siteId}).` : 'A site exists already; nothing seeded.');
    return 0;
  });
}

async function start(config: ServerConfig): Promise<void> {
  const { db } = open(config);
  // Nodes starting together take turns (a PostgreSQL advisory lock): migrations and the first seed run once.
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    await seedDemoSite(db, { filesDir: config.filesDir });
  }).catch(async (error: unknown) => {
    await db.destroy().catch(() => {});
    throw error;
  });
  const app = await buildApp({ db, config });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Tessera listening on http://localhost:${port}`);
  // First run (issue 19): a one-time setup address for each site that has no owner yet.
  await printSetupAddresses(db, port);
  // SIGTERM/SIGINT: finish requests and jobs under way, then exit 0 (issue 18).
  installGracefulShutdown(app, () => db.destroy());
}

/**
 * Runs an owner account command on the migrated database (`seed`: the demo site first when there is
 * none, as `create-owner` does) and tells running servers.
 */
async function accountCommand<T>(
  config: ServerConfig,
  parsed: { ok: true; input: T } | { ok: false; message: string },
  run: (db: Db, input: T) => Promise<string>,
  options: { seed?: boolean } = {},
): Promise<number> {
  if (!parsed.ok) return usage(parsed.message);
  return withDatabase(config, async (db) => {
    if (options.seed) await seedDemoSite(db, { filesDir: config.filesDir });
    console.log(await run(db, parsed.input));
    await announce(db, config);
    return 0;
  });
}

function site(config: ServerConfig, argv: string[]): Promise<number> {
  const run = async (db: Db) => {
    const storage = createFileStorage({ filesDir: config.filesDir, s3: config.s3 });
    if (isSiteArchiveCommand(argv)) console.log(await siteArchiveCommand({ db, storage }, argv));
    // `site delete` removes the site's files from the configured storage (disk folder or bucket).
    else console.log(await siteCommand({ db, filesDir: config.filesDir, storage }, argv));
    if (argv[0] !== 'list' && argv[0] !== 'export') await announce(db, config);
    return 0;
  };
  return withDatabase(config, run, [SiteUsageError]);
}

function importData(config: ServerConfig, argv: string[]): Promise<number> {
  const run = async (db: Db) => {
    const storage = createFileStorage({ filesDir: config.filesDir, s3: config.s3 });
    const server = { publicUrl: config.publicUrl, port: config.port };
    console.log(await importCommand(db, argv, { storage, server }));
    if (!argv.includes('--dry-run')) await announce(db, config);
    return 0;
  };
  return withDatabase(config, run, [ImportUsageError]);
}

function exportData(config: ServerConfig, argv: string[]): Promise<number> {
  const run = async (db: Db) => {
    const { stdout, stderr } = await exportCommand(db, argv, { publicUrl: config.publicUrl, port: config.port });
    if (stderr) console.error(stderr);
    process.stdout.write(stdout.endsWith('\n') ? stdout : `${stdout}\n`);
    return 0;
  };
  return withDatabase(config, run, [ExportUsageError]);
}

/** Runs a command whose usage errors (ExportUsageError) go to stderr with exit code 2. */
async function withUsage(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ExportUsageError)) throw error;
    return usage(error.message);
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'start';
  if (command === 'create-owner') {
    return accountCommand(loadConfig(), parseCreateOwnerArgs(argv.slice(1)), createOwnerCommand, { seed: true });
  }
  if (command === 'reset-owner-password') {
    return accountCommand(loadConfig(), parseResetOwnerPasswordArgs(argv.slice(1)), resetOwnerPasswordCommand);
  }
  if (command === 'set-public-url') {
    return accountCommand(loadConfig(), parseSetPublicUrlArgs(argv.slice(1)), setPublicUrlCommand);
  }
  if (command === 'site') return site(loadConfig(), argv.slice(1));
  if (command === 'import') return importData(loadConfig(), argv.slice(1));
  if (command === 'export') return exportData(loadConfig(), argv.slice(1));
  if (command === 'backup') return withUsage(() => backupCommand(loadConfig(), argv.slice(1)));
  if (command === 'restore') return withUsage(() => restoreCommand(loadConfig(), argv.slice(1)));
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  const commands: Record<string, (config: ServerConfig) => Promise<void>> = { start, migrate, seed };
  const run = commands[command];
  if (!run) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  await run(loadConfig());
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
