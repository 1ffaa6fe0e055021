#!/usr/bin/env node
// Timeout: 300 s
// Add to cart against the bare route (issue 20): two built servers side by side, one on a fresh
// SQLite DATA_DIR and one on a fresh PostgreSQL database (loopback TCP), 10 connections, measured in
// interleaved rounds (each route on SQLite and on PostgreSQL back to back, alternating which goes
// first). Routes: the bare `GET /api/health`, add to cart for an existing cart (10 carts holding a
// sticker pack, one per connection), and a new visitor's first add (no cart cookie, its own address, so a cart is made).
// Every add carries the crumb cookie and header and passes the per-address rate limit as in
// production. Figures per server CPU-second (the server process, /proc) and per wall-clock second,
// each against the same server's bare route in the same round (median over rounds), then
// PostgreSQL's server CPU per request over SQLite's and PostgreSQL's p99, with the targets:
//   add to cart, existing cart (SQLite) ≥ 0.25× bare; first add (SQLite) ≥ 0.15× bare;
//   PostgreSQL add to cart ≤ 1.5× SQLite's server CPU per request; PostgreSQL p99 < 50 ms.
// Env: BENCH_ROUNDS (4), BENCH_DURATION_S (2), BENCH_CONNECTIONS (10), BENCH_PG_ADMIN
// (postgres://postgres@127.0.0.1:5432/test; no PostgreSQL: SQLite only), BENCH_CLI (another
// build's cli.js), CPU_PROF_DIR (adds --cpu-prof to both servers).
import autocannon from 'autocannon';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';
import { postgresMissing, startShopServer } from '../lib/shop-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = { existing: 0.25, first: 0.15, pgRatio: 1.5, pgP99: 50 };

/** A shop with the 10 existing carts the "existing cart" route adds to. */
async function start(dialect) {
  const s = await startShopServer(dialect, { cli: process.env.BENCH_CLI });
  try {
    return { ...s, tokens: await s.newCarts(CONNECTIONS) };
  } catch (error) {
    await s.stop();
    throw error;
  }
}

async function measure(s, route, opts) {
  const c0 = processCpuSeconds(s.server.pid);
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  const c1 = processCpuSeconds(s.server.pid);
  const n = r['2xx'];
  if (r.non2xx + r.errors + r.timeouts > 0) {
    const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, x]) => `${code}×${x.count}`);
    console.log(`  ${s.dialect} ${route}: ${r.non2xx} non-2xx (${codes.join(' ')}), ${r.errors} errors`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMs: ((c1 - c0) * 1000) / n };
}

const ROUTES = ['health', 'existing', 'first'];
const LABEL = {
  health: 'GET /api/health (bare)',
  existing: 'add to cart, existing cart',
  first: "add to cart, new visitor's first",
};

function runRoute(s, route) {
  if (route === 'health') return measure(s, route, { url: `${s.base}/api/health` });
  // Each connection is one visitor adding to its own cart (autocannon's `context` is per connection):
  // ten visitors, ten carts, none added to by two requests at once.
  let k = 0;
  const token = (context) => {
    if (route !== 'existing') return undefined;
    context.cart ??= s.tokens[k++ % s.tokens.length];
    return context.cart;
  };
  return measure(s, route, {
    url: `${s.base}/api/commerce/shopping-cart/entries`,
    requests: [
      {
        method: 'POST',
        body: s.addBody,
        setupRequest: (req, context) => ({ ...req, headers: s.headers(token(context)) }),
      },
    ],
  });
}

const missing = await postgresMissing();
const withPg = !missing;
if (missing) console.log(`${missing}: SQLite only; set BENCH_PG_ADMIN to include it`);
const dialects = withPg ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(
  `cart: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s per route and dialect, built server, loopback${withPg ? ', PostgreSQL over TCP' : ''}`,
);
const servers = {};
const results = { sqlite: [], postgres: [] };
// Stopped from outside (the runner's timeout, Ctrl-C): the servers and the database go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const s of Object.values(servers)) await s.stop().catch(() => {});
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
try {
  for (const d of dialects) servers[d] = await start(d);
  for (const s of Object.values(servers)) {
    for (const route of ROUTES) await runRoute(s, route); // warm-up: one untimed pass of every route
  }
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? dialects : [...dialects].reverse();
    for (const d of order) results[d].push({});
    for (const route of ROUTES) {
      for (const d of order) {
        process.stderr.write(`  round ${r + 1}: ${d} ${route}…\n`);
        results[d][r][route] = await runRoute(servers[d], route);
      }
    }
  }
} finally {
  for (const s of Object.values(servers)) await s.stop();
}

const med = (d, route, key) => median(results[d].map((x) => x[route][key]));
/** Per round, against the same server's bare route in the same round: per CPU-second and per wall-clock second. */
const cpuVsBare = (d, route) => median(results[d].map((x) => x.health.cpuMs / x[route].cpuMs));
const wallVsBare = (d, route) => median(results[d].map((x) => x[route].rps / x.health.rps));
const rows = [
  ['route', 'dialect', 'req/s', 'p50', 'p99', 'server CPU/req', 'req/server CPU-s', 'vs bare (CPU)', 'vs bare (wall)'],
];
for (const route of ROUTES) {
  for (const d of dialects) {
    rows.push([
      LABEL[route],
      d,
      fmt(med(d, route, 'rps')),
      `${med(d, route, 'p50')} ms`,
      `${med(d, route, 'p99')} ms`,
      `${fmt(med(d, route, 'cpuMs'), 3)} ms`,
      fmt(1000 / med(d, route, 'cpuMs')),
      route === 'health' ? '1.00×' : `${fmt(cpuVsBare(d, route), 3)}×`,
      route === 'health' ? '1.00×' : `${fmt(wallVsBare(d, route), 3)}×`,
    ]);
  }
}
console.log(
  `\n${table(rows)}\n(medians of ${ROUNDS} rounds; "vs bare" is against the same server's bare route in the same round)\n`,
);

const verdict = (ok) => (ok ? 'met' : 'NOT met');
const bareCpu = fmt(1000 / med('sqlite', 'health', 'cpuMs'));
for (const [route, target] of [
  ['existing', TARGET.existing],
  ['first', TARGET.first],
]) {
  const ratio = cpuVsBare('sqlite', route);
  console.log(
    `${LABEL[route]} (SQLite): ${fmt(1000 / med('sqlite', route, 'cpuMs'))} req/server CPU-s against bare ${bareCpu}: ${fmt(ratio, 3)}× bare per CPU-second, ${fmt(wallVsBare('sqlite', route), 3)}× per wall-clock second (target ≥ ${target}× per CPU-second: ${verdict(ratio >= target)})`,
  );
}
if (withPg) {
  for (const route of ['existing', 'first']) {
    const ratio = median(results.postgres.map((p, i) => p[route].cpuMs / results.sqlite[i][route].cpuMs));
    console.log(
      `${LABEL[route]}: PostgreSQL ${fmt(med('postgres', route, 'cpuMs'), 3)} ms against SQLite ${fmt(med('sqlite', route, 'cpuMs'), 3)} ms server CPU per request: ${fmt(ratio, 2)}× (target ≤ ${TARGET.pgRatio}×: ${verdict(ratio <= TARGET.pgRatio)}); PostgreSQL bare route ${fmt(1000 / med('postgres', 'health', 'cpuMs'))} req/CPU-s, ${fmt(cpuVsBare('postgres', route), 3)}× bare`,
    );
  }
  const p99 = med('postgres', 'existing', 'p99');
  console.log(
    `add to cart, existing cart: PostgreSQL p99 at ${CONNECTIONS} connections ${p99} ms (SQLite ${med('sqlite', 'existing', 'p99')} ms, bare route ${med('postgres', 'health', 'p99')} ms, same rounds; target < ${TARGET.pgP99} ms: ${verdict(p99 < TARGET.pgP99)})`,
  );
}
