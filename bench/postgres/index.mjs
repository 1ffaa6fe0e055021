#!/usr/bin/env node
// PostgreSQL against SQLite for the two money routes (issue 20): add to cart (an existing cart) and
// a complete checkout (test card), 10 connections. Two built servers run side by side, one on a
// fresh SQLite DATA_DIR and one on a fresh PostgreSQL database, and are measured in interleaved
// rounds (each route on SQLite and on PostgreSQL back to back, alternating which goes first), so the
// load other processes put on the machine hits both alike. Figures per server CPU-second (from
// /proc, the server process only) and per wall-clock second; the PostgreSQL backends' own CPU is
// printed beside. Targets: PostgreSQL's server CPU per request within 1.5× of SQLite's for both
// routes, and p99 under 50 ms for add to cart on PostgreSQL.
//
// Env: BENCH_ROUNDS (5), BENCH_DURATION_S (2), BENCH_ORDERS per round (60), BENCH_CONNECTIONS (10),
// BENCH_PG_ADMIN (postgres://postgres@127.0.0.1:5432/test), BENCH_PG_SOCKET (a directory: the
// server connects through the Unix socket there), BENCH_PG_WAITS=1 (sample backend wait events),
// BENCH_CLI (another build's cli.js), CPU_PROF_DIR (adds --cpu-prof to both servers).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';
import { ADMIN, backendCpu, postgresMissing, startShopServer } from '../lib/shop-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** A shop with the carts add to cart goes to (one per connection). */
async function start(dialect) {
  const s = await startShopServer(dialect, { cli: process.env.BENCH_CLI, env: { CHECKOUT_ORDERS_PER_IP: '1000000' } });
  try {
    return { ...s, addTokens: await s.newCarts(CONNECTIONS) };
  } catch (error) {
    await s.stop();
    throw error;
  }
}

const orderBody = () =>
  JSON.stringify({
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

async function sampleWaits(database, waits) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  let on = true;
  const done = (async () => {
    while (on) {
      const { rows } = await client.query(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as w from pg_stat_activity where datname = '${database}' and state <> 'idle' and application_name not like '%:listen:%'`,
      );
      for (const row of rows) waits.set(`${row.state}/${row.w}`, (waits.get(`${row.state}/${row.w}`) ?? 0) + 1);
      await new Promise((res) => setTimeout(res, 25));
    }
    await client.end();
  })();
  return async () => {
    on = false;
    await done;
  };
}

const waitsOf = { add: new Map(), checkout: new Map() };

async function measure(s, route, opts) {
  const pgSeen = new Map();
  const pg0 = s.database ? await backendCpu(s.database, pgSeen) : 0;
  const stop =
    s.dialect === 'postgres' && process.env.BENCH_PG_WAITS && waitsOf[route]
      ? await sampleWaits(s.database, waitsOf[route])
      : null;
  const c0 = processCpuSeconds(s.server.pid);
  const r = await autocannon({ connections: CONNECTIONS, ...opts });
  const c1 = processCpuSeconds(s.server.pid);
  await stop?.();
  const pg1 = s.database ? await backendCpu(s.database, pgSeen) : 0;
  const n = r['2xx'];
  if (r.non2xx + r.errors > 0) console.log(`  ${s.dialect} ${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: ((c1 - c0) * 1000) / n,
    pgMs: ((pg1 - pg0) * 1000) / n,
  };
}

/** One route on one server: the bare route, add to cart (the server's 10 carts) or checkout (`orderTokens`). */
function runRoute(s, route, orderTokens) {
  if (route === 'health') return measure(s, 'health', { duration: DURATION_S, url: `${s.base}/api/health` });
  if (route === 'add') {
    let k = 0;
    return measure(s, 'add', {
      duration: DURATION_S,
      url: `${s.base}/api/commerce/shopping-cart/entries`,
      requests: [
        {
          method: 'POST',
          body: s.addBody,
          setupRequest: (req) => ({ ...req, headers: s.headers(s.addTokens[k++ % s.addTokens.length]) }),
        },
      ],
    });
  }
  let o = 0;
  return measure(s, 'checkout', {
    amount: orderTokens.length,
    url: `${s.base}/api/checkout/orders`,
    requests: [
      { method: 'POST', setupRequest: (req) => ({ ...req, headers: s.headers(orderTokens[o++]), body: orderBody() }) },
    ],
  });
}

const missing = await postgresMissing();
if (missing) {
  console.log(`skipped: ${missing}; set BENCH_PG_ADMIN to one`);
  process.exit(0);
}
console.log(
  `PostgreSQL against SQLite: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s (bare route, add to cart) and ${ORDERS} checkouts${process.env.BENCH_PG_SOCKET ? `, PostgreSQL over the Unix socket in ${process.env.BENCH_PG_SOCKET}` : ', PostgreSQL over loopback TCP'}`,
);
const servers = { sqlite: await start('sqlite'), postgres: await start('postgres') };
const results = { sqlite: [], postgres: [] };
try {
  // Warm-up: both servers, every route, the first order (writes the checkout defaults).
  for (const s of Object.values(servers)) {
    await autocannon({ connections: CONNECTIONS, duration: 1, url: `${s.base}/api/health` });
    const [token] = await s.newCarts(1);
    await fetch(`${s.base}/api/checkout/orders`, { method: 'POST', headers: s.headers(token), body: orderBody() });
  }
  const carts = {};
  for (const s of Object.values(servers)) carts[s.dialect] = await s.newCarts(ORDERS * ROUNDS);
  // Each route on both servers back to back (who goes first alternates), so a pair sees the same load.
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['sqlite', 'postgres'] : ['postgres', 'sqlite'];
    for (const d of order) results[d].push({});
    for (const route of ['health', 'add', 'checkout']) {
      for (const d of order) {
        process.stderr.write(`  round ${r + 1}: ${d} ${route}…\n`);
        results[d][r][route] = await runRoute(servers[d], route, carts[d].slice(r * ORDERS, (r + 1) * ORDERS));
      }
    }
  }
} finally {
  for (const s of Object.values(servers)) await s.stop();
}

const med = (d, route, key) => median(results[d].map((x) => x[route][key]));
/** Per round: the route's requests per server CPU-second against the bare route's, same server. */
const vsBare = (d, route) => median(results[d].map((x) => x.health.cpuMs / x[route].cpuMs));
/** Per round pair: PostgreSQL's CPU per request over SQLite's. */
const pgOverSqlite = (route, withBackends) =>
  median(
    results.postgres.map((p, i) => {
      const q = results.sqlite[i];
      return (p[route].cpuMs + (withBackends ? p[route].pgMs : 0)) / q[route].cpuMs;
    }),
  );
const rows = [
  [
    'route',
    'dialect',
    'req/s',
    'p50',
    'p99',
    'server CPU/req',
    'req per server CPU-s',
    'vs bare route',
    'PG backends CPU/req',
  ],
];
for (const route of ['health', 'add', 'checkout']) {
  for (const d of ['sqlite', 'postgres']) {
    rows.push([
      { health: 'GET /api/health (bare)', add: 'add to cart (existing cart)', checkout: 'complete checkout' }[route],
      d,
      fmt(med(d, route, 'rps')),
      `${med(d, route, 'p50')} ms`,
      `${med(d, route, 'p99')} ms`,
      `${fmt(med(d, route, 'cpuMs'), 2)} ms`,
      fmt(1000 / med(d, route, 'cpuMs')),
      route === 'health' ? '1.00×' : `${fmt(vsBare(d, route), 2)}×`,
      d === 'postgres' ? `${fmt(med(d, route, 'pgMs'), 2)} ms` : '',
    ]);
  }
}
console.log(
  `\n${table(rows)}\n(medians of ${ROUNDS} rounds; "vs bare route" is per server CPU-second, against the same server's bare route in the same round)\n`,
);
const addRatio = pgOverSqlite('add', false);
const checkoutRatio = pgOverSqlite('checkout', false);
const addP99 = med('postgres', 'add', 'p99');
console.log(
  table([
    ['PostgreSQL over SQLite, CPU per request', 'server', 'server + PG backends', 'target'],
    [
      'add to cart (existing cart)',
      `${fmt(addRatio, 2)}×`,
      `${fmt(pgOverSqlite('add', true), 2)}×`,
      `server ≤ 1.5× ${addRatio <= 1.5 ? '✔' : '✘'}`,
    ],
    [
      'complete checkout',
      `${fmt(checkoutRatio, 2)}×`,
      `${fmt(pgOverSqlite('checkout', true), 2)}×`,
      `server ≤ 1.5× ${checkoutRatio <= 1.5 ? '✔' : '✘'}`,
    ],
  ]),
);
console.log(
  `PostgreSQL add to cart p99 at ${CONNECTIONS} connections: ${addP99} ms (SQLite in the same rounds: ${med('sqlite', 'add', 'p99')} ms; target < 50 ms ${addP99 < 50 ? '✔' : '✘'})`,
);
for (const [route, waits] of Object.entries(waitsOf)) {
  if (waits.size === 0) continue;
  const list = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `PostgreSQL backends during ${route} (samples every 25 ms): ${list.map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
}
