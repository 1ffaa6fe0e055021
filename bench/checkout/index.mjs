#!/usr/bin/env node
// Timeout: 900 s
// Checkout benchmark (issue 20): complete checkouts on SQLite and on PostgreSQL, 10 concurrent
// buyers. Two built servers side by side, one on a fresh SQLite DATA_DIR and one on a fresh
// PostgreSQL database (loopback TCP), measured in interleaved rounds: in each round the bare
// `GET /api/health`, `POST /api/checkout/quote` (shipping, the US tax rule, the WELCOME10 coupon)
// and `BENCH_ORDERS` complete checkouts (each its own cart, written into the database beforehand,
// and its own idempotency key; test card, WELCOME10) run on one server and then the other (who goes
// first alternates), so the load other processes put on the machine hits both alike.
// Prints per dialect req/s (wall clock), p50/p99, server CPU per request (the server process, from
// /proc), requests per server CPU-second and the ratio against the same server's bare route, the
// PostgreSQL backends' CPU beside; then PostgreSQL's server CPU per checkout over SQLite's (median
// of the per-round ratios) against the target, ≤ 1.5×.
//
// Env: BENCH_ROUNDS (5), BENCH_ORDERS per round (100), BENCH_DURATION_S for the bare route and the
// quote (2), BENCH_CONNECTIONS (10), BENCH_PG_ADMIN (postgres://postgres@127.0.0.1:5432/test),
// BENCH_PG_SOCKET (a directory: PostgreSQL through its Unix socket), BENCH_BEFORE_CLI (another
// build's cli.js: measured as "before" in the same interleaved rounds, two more servers),
// CPU_PROF_DIR (adds --cpu-prof to every server).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';
import { backendCpu, postgresMissing, startShopServer } from '../lib/shop-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 1.5;

const orderBody = () =>
  JSON.stringify({
    email: 'bench@example.com',
    name: 'Bench Buyer',
    line1: '1 Main St',
    city: 'Hudson',
    region: 'NY',
    postalCode: '12534',
    country: 'US',
    couponCode: 'WELCOME10',
    paymentMethod: 'card',
    cardNumber: '4242 4242 4242 4242',
    idempotencyKey: randomUUID(),
  });

async function measure(s, opts) {
  const seen = new Map();
  const pg0 = s.database ? await backendCpu(s.database, seen) : 0;
  const c0 = processCpuSeconds(s.server.pid);
  const r = await autocannon({ connections: CONNECTIONS, ...opts });
  const c1 = processCpuSeconds(s.server.pid);
  const pg1 = s.database ? await backendCpu(s.database, seen) : 0;
  const n = r['2xx'];
  const bad = r.non2xx + r.errors + r.timeouts;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: ((c1 - c0) * 1000) / n,
    pgMs: ((pg1 - pg0) * 1000) / n,
    ok: n,
    bad,
  };
}

function runRoute(s, route, tokens) {
  if (route === 'health') return measure(s, { duration: DURATION_S, url: `${s.base}/api/health` });
  if (route === 'quote')
    return measure(s, {
      duration: DURATION_S,
      url: `${s.base}/api/checkout/quote`,
      requests: [
        {
          method: 'POST',
          body: JSON.stringify({ couponCode: 'WELCOME10', country: 'US' }),
          setupRequest: (req) => ({ ...req, headers: s.headers(s.quoteToken) }),
        },
      ],
    });
  let o = 0;
  return measure(s, {
    amount: tokens.length,
    url: `${s.base}/api/checkout/orders`,
    requests: [
      { method: 'POST', setupRequest: (req) => ({ ...req, headers: s.headers(tokens[o++]), body: orderBody() }) },
    ],
  });
}

const missing = await postgresMissing();
if (missing) {
  console.log(`skipped: ${missing}; set BENCH_PG_ADMIN to one`);
  process.exit(0);
}

const builds = [{ build: 'after', cli: undefined }];
if (process.env.BENCH_BEFORE_CLI) builds.unshift({ build: 'before', cli: process.env.BENCH_BEFORE_CLI });
const servers = [];
const ROUTES = ['health', 'quote', 'checkout'];
let failed = false;
console.log(
  `checkout: ${CONNECTIONS} concurrent buyers, ${ROUNDS} interleaved rounds of ${ORDERS} complete checkouts (plus ${DURATION_S} s of the bare route and of quotes)${process.env.BENCH_PG_SOCKET ? `, PostgreSQL through the Unix socket in ${process.env.BENCH_PG_SOCKET}` : ', PostgreSQL over loopback TCP'}${builds.length > 1 ? `; before = ${process.env.BENCH_BEFORE_CLI}` : ''}`,
);
try {
  for (const { build, cli } of builds) {
    for (const dialect of ['sqlite', 'postgres']) {
      process.stderr.write(`  starting ${build} ${dialect}…\n`);
      const s = await startShopServer(dialect, {
        cli,
        label: `${build}-${dialect}`,
        env: { CHECKOUT_ORDERS_PER_IP: '1000000' },
      });
      s.build = build;
      s.results = [];
      servers.push(s);
    }
  }
  // Warm-up: every route once on every server; the first order writes the checkout defaults.
  for (const s of servers) {
    await autocannon({ connections: CONNECTIONS, duration: 1, url: `${s.base}/api/health` });
    const [token, quoteToken] = await s.newCarts(2);
    s.quoteToken = quoteToken;
    const first = await fetch(`${s.base}/api/checkout/orders`, {
      method: 'POST',
      headers: s.headers(token),
      body: orderBody(),
    });
    if (first.status !== 201) throw new Error(`${s.label}: the warm-up order answered ${first.status}`);
    s.carts = await s.newCarts(ORDERS * ROUNDS);
  }
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? servers : [...servers].reverse();
    for (const s of order) s.results.push({});
    for (const route of ROUTES) {
      for (const s of order) {
        process.stderr.write(`  round ${r + 1}: ${s.label} ${route}…\n`);
        const m = await runRoute(s, route, s.carts.slice(r * ORDERS, (r + 1) * ORDERS));
        if (m.bad > 0) {
          console.log(`  ${s.label} ${route} round ${r + 1}: ${m.bad} requests not 2xx`);
          failed = true;
        }
        s.results[r][route] = m;
      }
    }
  }
} finally {
  for (const s of servers) await s.stop();
}

const med = (s, route, key) => median(s.results.map((x) => x[route][key]));
const vsBare = (s, route) => median(s.results.map((x) => x.health.cpuMs / x[route].cpuMs));
const ROUTE_NAMES = {
  health: 'GET /api/health (bare)',
  quote: 'POST /api/checkout/quote',
  checkout: 'complete checkout',
};
for (const { build } of builds) {
  const sqlite = servers.find((s) => s.build === build && s.dialect === 'sqlite');
  const postgres = servers.find((s) => s.build === build && s.dialect === 'postgres');
  const rows = [
    [
      builds.length > 1 ? `${build}: route` : 'route',
      'dialect',
      'req/s (wall)',
      'p50',
      'p99',
      'server CPU/req',
      'req per server CPU-s',
      'vs bare route',
      'PG backends CPU/req',
    ],
  ];
  for (const route of ROUTES) {
    for (const s of [sqlite, postgres]) {
      rows.push([
        ROUTE_NAMES[route],
        s.dialect,
        fmt(med(s, route, 'rps')),
        `${med(s, route, 'p50')} ms`,
        `${med(s, route, 'p99')} ms`,
        `${fmt(med(s, route, 'cpuMs'), 2)} ms`,
        fmt(1000 / med(s, route, 'cpuMs')),
        route === 'health' ? '1.00×' : `${fmt(vsBare(s, route), 2)}×`,
        s.database ? `${fmt(med(s, route, 'pgMs'), 2)} ms` : '',
      ]);
    }
  }
  console.log(`\n${table(rows)}`);
  const ratio = (route, withBackends) =>
    median(
      postgres.results.map(
        (p, i) => (p[route].cpuMs + (withBackends ? p[route].pgMs : 0)) / sqlite.results[i][route].cpuMs,
      ),
    );
  const checkout = ratio('checkout', false);
  console.log(
    table([
      [
        `${builds.length > 1 ? `${build}: ` : ''}PostgreSQL over SQLite, CPU per request`,
        'server',
        'server + PG backends',
        'target',
      ],
      ['POST /api/checkout/quote', `${fmt(ratio('quote', false), 2)}×`, `${fmt(ratio('quote', true), 2)}×`, ''],
      [
        'complete checkout',
        `${fmt(checkout, 2)}×`,
        `${fmt(ratio('checkout', true), 2)}×`,
        `server ≤ ${TARGET}× ${checkout <= TARGET ? '✔' : '✘'}`,
      ],
    ]),
  );
  console.log(
    `complete checkouts per server CPU-second: SQLite ${fmt(1000 / med(sqlite, 'checkout', 'cpuMs'))}, PostgreSQL ${fmt(1000 / med(postgres, 'checkout', 'cpuMs'))}; orders placed: SQLite ${fmt(sqlite.results.reduce((a, x) => a + x.checkout.ok, 0))}, PostgreSQL ${fmt(postgres.results.reduce((a, x) => a + x.checkout.ok, 0))} of ${fmt(ORDERS * ROUNDS)} each`,
  );
}
console.log(
  `(medians of ${ROUNDS} rounds; "vs bare route" is per server CPU-second against the same server's bare route in the same round)`,
);
process.exit(failed ? 1 : 0);
