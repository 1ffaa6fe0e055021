// The demo shop for the money benchmarks (bench/cart, bench/checkout, bench/postgres): the built
// server on a fresh SQLite DATA_DIR or a fresh PostgreSQL database of its own (loopback TCP, or a
// Unix socket), the sticker pack's ids and a crumb read from its page, and open carts written
// straight into its database (so the cart routes' rate limits play no part in the figures).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startNodeFlags, startServer } from '../../e2e/support/server.mjs';
import { processCpuSeconds } from './measure.mjs';

export const ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement as the administrator (creates and drops the benchmark databases). */
export async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used (a message), or undefined when it answers. */
export async function postgresMissing() {
  try {
    await admin('select 1');
    return undefined;
  } catch (error) {
    return `no PostgreSQL at ${ADMIN} (${error.message})`;
  }
}

/** CPU seconds of a database's backends so far, per pid in `seen` (a backend that is gone counts as what it had). */
export async function backendCpu(database, seen) {
  const { rows } = await admin(`select pid from pg_stat_activity where datname = '${database}'`);
  for (const { pid } of rows) {
    const s = processCpuSeconds(pid);
    if (Number.isFinite(s)) seen.set(pid, s);
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

let address = 0;
/** A fresh address per request: each simulated visitor meets the per-address limits on its own. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

let serial = 0;

/**
 * Starts one shop. Options: `cli` (another build's cli.js, for before/after in one run), `label`
 * (names it in messages and CPU profile folders; CPU_PROF_DIR adds --cpu-prof), `env` (more
 * variables for the server). Answers the URL, the sticker pack's `addBody`, `headers(cartToken)`
 * with the crumb and a fresh address, `newCarts(n)` and `stop()` (which drops the database too).
 */
export async function startShopServer(dialect, { cli, label = dialect, env: more = {} } = {}) {
  const env = { TRUST_PROXY: '1', ...more };
  const nodeFlags = [...startNodeFlags()];
  if (process.env.CPU_PROF_DIR) nodeFlags.push('--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}/${label}`);
  // More V8 or Node flags for both servers, e.g. `--perf-basic-prof` for `perf record` (%d: the label).
  if (process.env.BENCH_NODE_FLAGS)
    nodeFlags.push(...process.env.BENCH_NODE_FLAGS.replaceAll('%d', label).split(/\s+/).filter(Boolean));
  const database = dialect === 'postgres' ? `tessera_bench_${process.pid}_${serial++}` : undefined;
  if (database) {
    await admin(`drop database if exists ${database}`);
    await admin(`create database ${database}`);
    const socket = process.env.BENCH_PG_SOCKET;
    const url = new URL(ADMIN);
    url.pathname = `/${database}`;
    env.DATABASE_URL = socket
      ? `postgres://${url.username || 'postgres'}@localhost/${database}?host=${socket}`
      : String(url);
  } else env.DATABASE_URL = '';
  const dropDatabase = async () => {
    if (database) await admin(`drop database if exists ${database} with (force)`).catch(() => {});
  };
  let server;
  try {
    // Start-up seeds the demo shop and draws its pictures: slow on a busy machine.
    server = await startServer({ env, cli, nodeFlags, timeoutMs: 240_000 });
    const shop = await readShop(label, server.url);
    return {
      dialect,
      label,
      database,
      server,
      base: server.url,
      addBody: JSON.stringify({ itemId: shop.itemId, sku: shop.sku, quantity: 1 }),
      headers: (token) => ({
        'content-type': 'application/json',
        'x-csrf-token': shop.crumb,
        cookie: token ? `crumb=${shop.crumb}; CART=${token}` : `crumb=${shop.crumb}`,
        'x-forwarded-for': nextAddress(),
      }),
      newCarts: (n) => writeCarts({ dialect, databaseUrl: env.DATABASE_URL, dataDir: server.dataDir, ...shop }, n),
      async stop() {
        await server.stop();
        await dropDatabase();
      },
    };
  } catch (error) {
    await server?.stop();
    await dropDatabase();
    throw error;
  }
}

/** The sticker pack's id and an unlimited variant (nothing runs out during a run), and the crumb. */
async function readShop(label, base) {
  // The first views after start-up may come before the seed is complete: ask again a few times.
  let status;
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    const page = await fetch(`${base}/shop/p/sticker-pack`);
    status = page.status;
    const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))?.[1];
    const context = /<script[^>]*id="tessera-context"[^>]*>([\s\S]*?)<\/script>/.exec(await page.text());
    const product = context ? JSON.parse(context[1]).product : undefined;
    const itemId = product?.id;
    const sku = product?.structuredContent?.variants?.find((v) => v.unlimited)?.sku;
    if (crumb && itemId && sku) return { crumb, itemId, sku };
  }
  throw new Error(`${label}: could not read the sticker pack page (${status})`);
}

const CART_SQL =
  "insert into carts (id, token, site_id, purchased, kind, created_at, updated_at) values ($1, $2, $3, 0, 'cart', $4, $4)";
const ENTRY_SQL =
  'insert into cart_entries (id, cart_id, item_id, sku, quantity, additional_fields, created_at, updated_at) values ($1, $2, $3, $4, 1, null, $5, $5)';

/** `n` open carts holding one sticker pack each, in one transaction; answers their tokens. */
async function writeCarts({ dialect, databaseUrl, dataDir, itemId, sku }, n) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, () => ({
    id: randomBytes(12).toString('hex'),
    token: randomBytes(24).toString('base64url'),
    entryId: randomBytes(12).toString('hex'),
  }));
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows: site } = await client.query('select site_id from items where id = $1', [itemId]);
      await client.query('begin');
      for (const row of rows) {
        await client.query(CART_SQL, [row.id, row.token, site[0].site_id, now]);
        await client.query(ENTRY_SQL, [row.entryId, row.id, itemId, sku, now]);
      }
      await client.query('commit');
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(join(dataDir, 'tessera.db'), { timeout: 5000 });
    try {
      const siteId = db.prepare('select site_id from items where id = ?').get(itemId).site_id;
      // The same statements with SQLite's positional parameters (a repeated `$n` becomes two).
      const positional = (sql, repeated) =>
        db.prepare(sql.replace(`${repeated}, ${repeated}`, '?, ?').replace(/\$\d/g, '?'));
      const cart = positional(CART_SQL, '$4');
      const entry = positional(ENTRY_SQL, '$5');
      db.transaction(() => {
        for (const row of rows) {
          cart.run(row.id, row.token, siteId, now, now);
          entry.run(row.entryId, row.id, itemId, sku, now, now);
        }
      })();
    } finally {
      db.close();
    }
  }
  return rows.map((row) => row.token);
}
