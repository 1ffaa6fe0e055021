#!/usr/bin/env node
// First, so that an unsupported Node.js gets a clear message before anything else loads.
import './require-node.js';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { createOwnerCommand, parseCreateOwnerArgs } from './auth/create-owner-command.js';
import { loadConfig, type ServerConfig } from './config.js';
import { openDatabase, sqliteFileFor } from './db/connect.js';
import { migrateToLatest } from './db/migrations.js';
import { seedDemoSite } from './db/seed.js';

const USAGE = `Usage: tessera <command>

Commands:
  start     migrate, seed the demo site if the database has none, and serve
  migrate   bring the database schema up to date
  seed      migrate, then seed the demo site if the database has none
  create-owner --email <address> --password <password> [--role admin]
            migrate, seed if empty, and add a site owner (the first admin)

Environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (postgres://…),
REDIS_URL, SMTP_URL.`;

function open(config: ServerConfig) {
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(config.filesDir, { recursive: true });
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileFor(config.dataDir) });
}

async function migrate(config: ServerConfig): Promise<void> {
  const { db } = open(config);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.destroy();
  }
}

async function seed(config: ServerConfig): Promise<void> {
  const { db } = open(config);
  try {
    await migrateToLatest(db);
    const result = await seedDemoSite(db, { filesDir: config.filesDir });
    console.log(result.created ? `Seeded the demo site (${result.siteId}).` : 'A site exists already; nothing seeded.');
  } finally {
    await db.destroy();
  }
}

async function start(config: ServerConfig): Promise<void> {
  const { db } = open(config);
  await migrateToLatest(db);
  await seedDemoSite(db, { filesDir: config.filesDir });
  const app = await buildApp({ db, config });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Tessera listening on http://localhost:${port}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function createOwner(config: ServerConfig, argv: string[]): Promise<number> {
  const parsed = parseCreateOwnerArgs(argv);
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const { db } = open(config);
  try {
    await migrateToLatest(db);
    await seedDemoSite(db, { filesDir: config.filesDir });
    console.log(await createOwnerCommand(db, parsed.input));
    return 0;
  } finally {
    await db.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'start';
  if (command === 'create-owner') return createOwner(loadConfig(), argv.slice(1));
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
