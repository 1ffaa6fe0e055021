#!/usr/bin/env node
// Page rendering benchmark: the built server on loopback with a fresh SQLite DATA_DIR (seeded
// demo site), loaded by autocannon. Figures: req/s and p99 latency of the home page, the blog
// list, a blog post and the gallery page, each as a ratio against the bare GET /api/health
// measured in the same run, per wall-clock second and per CPU-second of the server process (which
// the neighbours' load distorts far less). A page that does not answer 200 is reported and left out.
import autocannon from 'autocannon';
import { startServer } from '../../e2e/support/server.mjs';
import { fmt, processCpuSeconds, table } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'shop grid', path: '/shop' },
  { name: 'product', path: '/shop/p/linen-shirt' },
  { name: 'blog list', path: '/blog' },
  { name: 'blog post', path: '/blog/caring-for-linen' },
  { name: 'gallery', path: '/gallery' },
];

function load(opts) {
  return autocannon({ connections: CONNECTIONS, ...opts });
}

async function measure(name, url, headers) {
  process.stderr.write(`  measuring ${name}…\n`);
  if (WARMUP_S > 0) await load({ url, headers, duration: WARMUP_S });
  const cpuBefore = processCpuSeconds(server.pid);
  const r = await load({ url, headers, duration: DURATION_S });
  const cpu = processCpuSeconds(server.pid) - cpuBefore;
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    name,
    rps: r.requests.average,
    perCpuSecond: cpu > 0 ? r.requests.total / cpu : Number.NaN,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses,
    bytes: r.throughput.average / Math.max(r.requests.average, 1),
  };
}

process.stderr.write('  starting the server…\n');
const server = await startServer();
const stopAndExit = (signal) => {
  server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);
let failed = false;
try {
  const base = server.url;
  // One visitor with a crumb, like a browser after its first page: no Set-Cookie on every answer.
  const first = await fetch(`${base}/`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1];
  const headers = crumb ? { cookie: `crumb=${crumb}` } : {};

  const available = [];
  const missing = [];
  for (const page of PAGES) {
    const response = await fetch(`${base}${page.path}`, { headers });
    await response.arrayBuffer();
    if (response.status === 200) available.push(page);
    else missing.push(`${page.path} answered ${response.status}`);
  }

  const health = await measure('GET /api/health (bare route)', `${base}/api/health`, headers);
  const results = [];
  for (const page of available) {
    results.push(await measure(`GET ${page.path} (${page.name})`, `${base}${page.path}`, headers));
  }

  console.log(
    `pages: ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up, loopback, SQLite in a fresh DATA_DIR`,
  );
  const rows = [['route', 'req/s', 'p99 ms', 'vs bare', 'req/server CPU-s', 'vs bare', 'KB/answer', 'other']];
  for (const r of [health, ...results]) {
    rows.push([
      r.name,
      fmt(r.rps),
      fmt(r.p99),
      r === health ? '1.00×' : `${(r.rps / health.rps).toFixed(2)}×`,
      fmt(r.perCpuSecond),
      r === health ? '1.00×' : `${(r.perCpuSecond / health.perCpuSecond).toFixed(3)}×`,
      (r.bytes / 1024).toFixed(1),
      r.non2xx + r.errors === 0 ? '0' : `${r.statuses}${r.errors ? ` errors×${r.errors}` : ''}`,
    ]);
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  for (const line of missing) console.log(`  not measured: ${line}`);
  if (results.some((r) => r.non2xx + r.errors > 0)) failed = true;
} catch (error) {
  console.error(`bench/pages failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
