#!/usr/bin/env node
// Issue 20, first step: SQL statements and round trips per add-to-cart and per checkout, on SQLite
// and PostgreSQL. Starts a seeded test server in process (dist/testing.js), counts every statement
// the server sends (pg: Client.prototype.query, one round trip each; SQLite: better-sqlite3
// Statement run/get/all/iterate), and runs each request type sequentially so counts are per request.
// Usage: node bench/pgcount/index.mjs [N per type]   (VERBOSE=1 prints the statements of one request)
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const require = createRequire(new URL('../../packages/server/dist/testing.js', import.meta.url));
const pg = require('pg');
const SQLite = require('better-sqlite3');
const { startTestServer, DIALECTS } = await import('../../packages/server/dist/testing.js');

const N = Number(process.argv[2] ?? 30);
let log = null; // array of {sql, ms} while a request is being counted

const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) {
  if (!log) return origQuery.call(this, config, values, cb);
  const text = typeof config === 'string' ? config : config?.text;
  const named = typeof config === 'object' && config?.name ? ` [named ${config.name}]` : '';
  const rec = { sql: text + named, ms: 0 };
  const entry = log;
  entry.push(rec);
  const t0 = performance.now();
  const out = origQuery.call(this, config, values, cb);
  if (out && typeof out.then === 'function')
    out.then(
      () => {
        rec.ms = performance.now() - t0;
      },
      () => {
        rec.ms = performance.now() - t0;
      },
    );
  return out;
};
const probe = new SQLite(':memory:');
const StatementProto = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const m of ['run', 'get', 'all', 'iterate']) {
  const orig = StatementProto[m];
  StatementProto[m] = function (...args) {
    if (!log) return orig.apply(this, args);
    const t0 = performance.now();
    try {
      return orig.apply(this, args);
    } finally {
      log.push({ sql: this.source, ms: performance.now() - t0 });
    }
  };
}

class Visitor {
  cookies = new Map([['crumb', `crumb-${Math.random().toString(36).slice(2)}`]]);
  constructor(base) {
    this.base = base;
  }
  async req(method, path, body) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), accept: 'application/json' };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('crumb');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of r.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
    }
    const text = await r.text();
    return { status: r.status, text };
  }
}

const ENTRIES = '/api/commerce/shopping-cart/entries';
const orderBody = () => ({
  email: 'bench@example.com',
  name: 'Bench Buyer',
  line1: '1 Main St',
  city: 'Hudson',
  region: 'NY',
  postalCode: '12534',
  country: 'US',
  paymentMethod: 'card',
  cardNumber: '4242 4242 4242 4242',
  idempotencyKey: randomUUID(),
});

async function counted(fn) {
  log = [];
  const t0 = performance.now();
  const r = await fn();
  const wall = performance.now() - t0;
  await new Promise((res) => setTimeout(res, 5)); // let late promise callbacks land
  const entries = log;
  log = null;
  return { r, wall, entries };
}

function classify(sql) {
  const s = sql.trim().toLowerCase();
  if (/^(begin|start transaction|commit|rollback|savepoint|release)/.test(s) || s.startsWith('set transaction'))
    return 'tx';
  return s.split(/\s+/)[0];
}

const dialects = process.env.DIALECTS ? process.env.DIALECTS.split(',') : DIALECTS;
for (const dialect of dialects) {
  const server = await startTestServer({
    dialect,
    config: {
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
      checkoutOrders: { perIp: 1_000_000, timeWindowMs: 60_000 },
    },
  });
  try {
    const content = server.app.services.content;
    const site = await content.getSiteForHost('localhost');
    const shop = await content.getCollectionBySlug(site.id, 'shop');
    const products = await content.listProducts(site.id, shop.id);
    const ids = Object.fromEntries(products.map((p) => [p.urlId, p.id]));
    const item = { itemId: ids['linen-shirt'], sku: 'LIN-NAT-M', quantity: 1 };
    await server.db
      .updateTable('product_variants')
      .set({ qty_in_stock: 1_000_000 })
      .where('sku', '=', 'LIN-NAT-M')
      .execute();
    // warm-up: one full flow (writes checkout defaults, fills caches)
    for (let i = 0; i < 3; i++) {
      const w = new Visitor(server.url);
      await w.req('POST', ENTRIES, item);
      await w.req('POST', ENTRIES, item);
      const o = await w.req('POST', '/api/checkout/orders', orderBody());
      if (i === 0) console.log(`[${dialect}] warm-up checkout status ${o.status} ${o.text.slice(0, 120)}`);
    }
    const kinds = { 'add (new visitor)': [], 'add (existing cart)': [], checkout: [] };
    for (let i = 0; i < N; i++) {
      const v = new Visitor(server.url);
      const a = await counted(() => v.req('POST', ENTRIES, item));
      const b = await counted(() => v.req('POST', ENTRIES, item));
      const c = await counted(() => v.req('POST', '/api/checkout/orders', orderBody()));
      if (a.r.status !== 200 || b.r.status !== 200 || c.r.status >= 400)
        console.log('bad status', a.r.status, b.r.status, c.r.status, c.r.text.slice(0, 200));
      kinds['add (new visitor)'].push(a);
      kinds['add (existing cart)'].push(b);
      kinds.checkout.push(c);
    }
    console.log(`\n== ${dialect}: ${N} of each, sequential, in process ==`);
    for (const [name, runs] of Object.entries(kinds)) {
      const stmts = runs.map((x) => x.entries.length).sort((p, q) => p - q);
      const wall = runs.map((x) => x.wall).sort((p, q) => p - q);
      const dbms = runs.map((x) => x.entries.reduce((s, e) => s + e.ms, 0)).sort((p, q) => p - q);
      const by = {};
      for (const x of runs) for (const e of x.entries) by[classify(e.sql)] = (by[classify(e.sql)] ?? 0) + 1;
      const per = Object.entries(by)
        .map(([k, n]) => `${k} ${(n / runs.length).toFixed(1)}`)
        .join(', ');
      const med = (a) => a[Math.floor(a.length / 2)];
      console.log(
        `${name}: statements median ${med(stmts)} (min ${stmts[0]}, max ${stmts.at(-1)}) | ${per} | wall median ${med(wall).toFixed(2)} ms | db-wait median ${med(dbms).toFixed(2)} ms`,
      );
      if (process.env.VERBOSE) {
        const one = runs[Math.floor(runs.length / 2)];
        for (const e of one.entries)
          console.log(`   ${e.ms.toFixed(2).padStart(6)} ms  ${e.sql.replace(/\s+/g, ' ').slice(0, 220)}`);
      }
    }
  } finally {
    await server.close();
  }
}
process.exit(0);
