#!/usr/bin/env node
// Issue 20, first step: CPU per request of the server process and of its PostgreSQL backends for
// add-to-cart (existing cart) and checkout, 10 connections, SQLite against PostgreSQL. The built
// server runs as a child (e2e/support/server.mjs); PostgreSQL gets a fresh database of its own.
// Usage: node bench/pgcount/load.mjs            (DIALECTS=sqlite,postgres  CONNECTIONS=10  DURATION_S=5)
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../e2e/support/server.mjs';
import { processCpuSeconds } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.DURATION_S ?? 5);
const ORDERS = Number(process.env.ORDERS ?? 600);
const DB = 'tessera_issue20';
const admin = async (sql) => {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
};
/** CPU seconds of the PostgreSQL backends serving database DB (local server, visible in /proc). */
async function pgBackendCpu() {
  const { rows } = await admin(`select pid from pg_stat_activity where datname = '${DB}'`);
  let sum = 0;
  for (const { pid } of rows) {
    const s = processCpuSeconds(pid);
    if (Number.isFinite(s)) sum += s;
  }
  return { sum, pids: rows.map((r) => r.pid) };
}
function cpuOf(pids) {
  return pids.reduce((s, p) => {
    const v = processCpuSeconds(p);
    return s + (Number.isFinite(v) ? v : 0);
  }, 0);
}

async function run(dialect) {
  const env = { TRUST_PROXY: '1', CHECKOUT_ORDERS_PER_IP: '1000000' };
  if (process.env.CPU_PROF_DIR) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.CPU_PROF_DIR}/${dialect}`;
  if (dialect === 'postgres') {
    await admin(`drop database if exists ${DB}`);
    await admin(`create database ${DB}`);
    env.DATABASE_URL = process.env.PG_SOCKET
      ? `postgres://postgres@localhost/${DB}?host=${process.env.PG_SOCKET}`
      : `postgres://postgres@127.0.0.1:5432/${DB}`;
  } else env.DATABASE_URL = '';
  const server = await startServer({ env });
  const base = server.url;
  try {
    const page = await fetch(`${base}/shop/p/sticker-pack`);
    const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))?.[1];
    const html = await page.text();
    const itemId = /"id":"([0-9a-f]{24})"/.exec(html)?.[1];
    const sku = /"sku":"([^"]+)"[^}]*"unlimited":true/.exec(html)?.[1] ?? /"sku":"([^"]+)"/.exec(html)?.[1];
    const body = JSON.stringify({ itemId, sku, quantity: 1 });
    let ip = 0;
    async function newCart() {
      ip++;
      const r = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': crumb,
          cookie: `crumb=${crumb}`,
          'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}`,
        },
      });
      if (!r.ok) throw new Error(`add answered ${r.status} ${await r.text()}`);
      return /CART=([^;]+)/.exec(r.headers.getSetCookie().join('\n'))[1];
    }
    const tokens = [];
    for (let i = 0; i < CONNECTIONS; i++) tokens.push(await newCart());
    const orderTokens = [];
    for (let i = 0; i < ORDERS + 20; i++) orderTokens.push(await newCart());
    const h = (token, i) => ({
      'content-type': 'application/json',
      'x-csrf-token': crumb,
      cookie: `crumb=${crumb}; CART=${token}`,
      'x-forwarded-for': `10.8.0.${i % 250}`,
    });
    async function timed(name, opts) {
      const pgBefore = dialect === 'postgres' ? await pgBackendCpu() : { sum: 0, pids: [] };
      // Samples what the database's backends are doing every 25 ms (lock waits, I/O, client reads).
      const waits = new Map();
      let sampling = dialect === 'postgres';
      const sampler = (async () => {
        if (!sampling) return;
        const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
        await c.connect();
        while (sampling) {
          const { rows } = await c.query(
            `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as w from pg_stat_activity where datname = '${DB}' and state <> 'idle' and application_name not like '%:listen:%'`,
          );
          for (const row of rows) waits.set(`${row.state}/${row.w}`, (waits.get(`${row.state}/${row.w}`) ?? 0) + 1);
          await new Promise((res) => setTimeout(res, 25));
        }
        await c.end();
      })();
      const c0 = processCpuSeconds(server.pid);
      const r = await autocannon({ connections: CONNECTIONS, ...opts });
      const c1 = processCpuSeconds(server.pid);
      sampling = false;
      await sampler;
      if (waits.size)
        console.log(
          `${dialect} ${name}: backend states sampled every 25 ms: ${[...waits]
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      const pgAfter = dialect === 'postgres' ? cpuOf(pgBefore.pids) : 0;
      const n = r['2xx'];
      return {
        name,
        n,
        other: r.non2xx + r.errors,
        rps: r.requests.average,
        p99: r.latency.p99,
        p50: r.latency.p50,
        serverCpuMsPerReq: ((c1 - c0) * 1000) / n,
        pgCpuMsPerReq: ((pgAfter - pgBefore.sum) * 1000) / n,
      };
    }
    // warm-up
    await autocannon({ connections: CONNECTIONS, duration: 2, url: `${base}/api/health` });
    let k = 0;
    const add = await timed('add to cart (existing cart)', {
      duration: DURATION_S,
      url: `${base}/api/commerce/shopping-cart/entries`,
      requests: [
        { method: 'POST', body, setupRequest: (req) => ({ ...req, headers: h(tokens[k++ % tokens.length], k) }) },
      ],
    });
    let o = 0;
    const order = () =>
      JSON.stringify({
        email: 'b@example.com',
        name: 'B',
        line1: '1 Main St',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
        paymentMethod: 'card',
        cardNumber: '4242 4242 4242 4242',
        idempotencyKey: randomUUID(),
      });
    // one order first (writes the checkout defaults)
    await fetch(`${base}/api/checkout/orders`, { method: 'POST', headers: h(orderTokens.pop(), 0), body: order() });
    const checkout = await timed('complete checkout', {
      amount: ORDERS,
      url: `${base}/api/checkout/orders`,
      requests: [
        { method: 'POST', setupRequest: (req) => ({ ...req, headers: h(orderTokens[o++], o), body: order() }) },
      ],
    });
    for (const r of [add, checkout]) {
      console.log(
        `${dialect.padEnd(8)} ${r.name.padEnd(28)} n=${r.n} other=${r.other} req/s=${r.rps.toFixed(0)} p50=${r.p50}ms p99=${r.p99}ms server CPU ${r.serverCpuMsPerReq.toFixed(2)} ms/req (${(1000 / r.serverCpuMsPerReq).toFixed(0)} req/CPU-s)` +
          (dialect === 'postgres' ? ` + PG backends ${r.pgCpuMsPerReq.toFixed(2)} ms/req` : ''),
      );
    }
  } finally {
    await server.stop();
    if (dialect === 'postgres') await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
  }
}
for (const d of (process.env.DIALECTS ?? 'sqlite,postgres').split(',')) await run(d);
