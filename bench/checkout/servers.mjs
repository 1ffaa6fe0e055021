// Servers for the checkout benchmark: the built server on a fresh SQLite DATA_DIR or a fresh
// PostgreSQL database (loopback TCP, or a Unix socket), with helpers to write open carts straight
// into its database (so the cart routes' rate limits play no part in the figures).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../../e2e/support/server.mjs';
import { processCpuSeconds } from '../lib/measure.mjs';

export const ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** CPU seconds of a database's backends so far (a backend that is gone counts as what it had). */
export async function backendCpu(database, seen) {
  const { rows } = await admin(`select pid from pg_stat_activity where datname = '${database}'`);
  for (const { pid } of rows) {
    const s = processCpuSeconds(pid);
    if (Number.isFinite(s)) seen.set(pid, s);
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

let serial = 0;

/**
 * Starts one server. `cli`: another build's cli.js (before/after in one run); `label` names it in
 * CPU profile folders. Answers what the benchmark needs: the URL, headers with the CSRF crumb and
 * a cart cookie, `newCarts(n)` and `stop()`.
 */
export async function startCheckoutServer(dialect, { cli, label = dialect } = {}) {
  const env = { TRUST_PROXY: '1', CHECKOUT_ORDERS_PER_IP: '1000000' };
  if (process.env.CPU_PROF_DIR) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.CPU_PROF_DIR}/${label}`;
  const database = `tessera_bench_checkout_${process.pid}_${serial++}`;
  if (dialect === 'postgres') {
    await admin(`drop database if exists ${database}`);
    await admin(`create database ${database}`);
    const socket = process.env.BENCH_PG_SOCKET;
    const url = new URL(ADMIN);
    url.pathname = `/${database}`;
    env.DATABASE_URL = socket
      ? `postgres://${url.username || 'postgres'}@localhost/${database}?host=${socket}`
      : String(url);
  } else env.DATABASE_URL = '';
  const server = await startServer({ env, cli, timeoutMs: 240_000 });
  const base = server.url;
  const page = await fetch(`${base}/shop/p/sticker-pack`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))?.[1];
  const html = await page.text();
  const itemId = /"id":"([0-9a-f]{24})"/.exec(html)?.[1];
  const sku = /"sku":"([^"]+)"[^}]*"unlimited":true/.exec(html)?.[1] ?? /"sku":"([^"]+)"/.exec(html)?.[1];
  if (!crumb || !itemId || !sku) throw new Error(`${label}: could not read the sticker pack page`);
  let address = 0;
  const headers = (token) => ({
    'content-type': 'application/json',
    'x-csrf-token': crumb,
    cookie: token ? `crumb=${crumb}; CART=${token}` : `crumb=${crumb}`,
    // Each request from its own address: the per-address rate limits are not what is measured.
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
  });

  /** Open carts holding one sticker pack each; answers their tokens. */
  async function newCarts(n) {
    const now = new Date().toISOString();
    const rows = Array.from({ length: n }, () => [
      randomBytes(12).toString('hex'),
      randomBytes(24).toString('base64url'),
      randomBytes(12).toString('hex'),
    ]);
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const { rows: site } = await client.query('select site_id from items where id = $1', [itemId]);
        await client.query('begin');
        for (const [id, token, entryId] of rows) {
          await client.query(
            "insert into carts (id, token, site_id, purchased, kind, created_at, updated_at) values ($1, $2, $3, 0, 'cart', $4, $4)",
            [id, token, site[0].site_id, now],
          );
          await client.query(
            'insert into cart_entries (id, cart_id, item_id, sku, quantity, additional_fields, created_at, updated_at) values ($1, $2, $3, $4, 1, null, $5, $5)',
            [entryId, id, itemId, sku, now],
          );
        }
        await client.query('commit');
      } finally {
        await client.end();
      }
    } else {
      const db = new Database(join(server.dataDir, 'tessera.db'), { timeout: 5000 });
      try {
        const siteId = db.prepare('select site_id from items where id = ?').get(itemId).site_id;
        const cart = db.prepare(
          "insert into carts (id, token, site_id, purchased, kind, created_at, updated_at) values (?, ?, ?, 0, 'cart', ?, ?)",
        );
        const entry = db.prepare(
          'insert into cart_entries (id, cart_id, item_id, sku, quantity, additional_fields, created_at, updated_at) values (?, ?, ?, ?, 1, null, ?, ?)',
        );
        db.transaction(() => {
          for (const [id, token, entryId] of rows) {
            cart.run(id, token, siteId, now, now);
            entry.run(entryId, id, itemId, sku, now, now);
          }
        })();
      } finally {
        db.close();
      }
    }
    return rows.map(([, token]) => token);
  }

  return {
    dialect,
    label,
    database: dialect === 'postgres' ? database : undefined,
    server,
    base,
    headers,
    newCarts,
    async stop() {
      await server.stop();
      if (dialect === 'postgres') await admin(`drop database if exists ${database} with (force)`).catch(() => {});
    },
  };
}
