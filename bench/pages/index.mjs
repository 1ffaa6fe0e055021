#!/usr/bin/env node
// Timeout: 170 s
// Page benchmark (issue 20 targets): the built server on loopback with a fresh SQLite DATA_DIR (the
// seeded demo site), loaded by autocannon like a browser that has its crumb cookie and sends
// `Accept-Encoding: gzip, deflate, br`. Each figure is requests per CPU-second of the server process
// (`/proc/<pid>/stat`; the neighbours' load distorts it far less) and per wall-clock second, as a
// ratio against the bare `GET /api/health` measured in the same run:
// - targets: the product page and the home page (cached), measured in interleaved rounds with the bare
//   route (bare, product, home, bare, product, home …; totals over the rounds), and the product page's
//   first view after an edit (uncached): one client changes the product's stock through the owner API,
//   then views the page, again and again; a run of the same edits alone is subtracted, so the figure
//   is the CPU of the views alone. Wall-clock for it: one client's view time against one client's bare
//   request time.
// - then every other page once (shop grid, blog list and post, gallery), for the table.
// Knobs: BENCH_CONNECTIONS (20), BENCH_DURATION_S (4), BENCH_WARMUP_S (1), BENCH_ROUNDS (2),
// BENCH_UNCACHED_S (4).
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { CLI, startServer } from '../../e2e/support/server.mjs';
import { fmt, processCpuSeconds, table } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const UNCACHED_S = Number(process.env.BENCH_UNCACHED_S ?? 4);
const PRODUCT = '/shop/p/linen-shirt';
const OWNER = { email: 'bench@pages.test', password: 'bench-pages-password' };

const TARGETS = [
  { name: 'product page (cached)', path: PRODUCT, target: 0.5 },
  { name: 'home page (cached)', path: '/', target: 0.35 },
];
const OTHER_PAGES = [
  { name: 'shop grid', path: '/shop' },
  { name: 'blog list', path: '/blog' },
  { name: 'blog post', path: '/blog/caring-for-linen' },
  { name: 'gallery', path: '/gallery' },
];
const UNCACHED_TARGET = 0.1;

async function measure(name, url, headers) {
  process.stderr.write(`  measuring ${name}…\n`);
  if (WARMUP_S > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  const cpuBefore = processCpuSeconds(server.pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const cpu = processCpuSeconds(server.pid) - cpuBefore;
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    name,
    requests: r.requests.total,
    cpu,
    seconds: DURATION_S,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    statuses: `${statuses}${r.errors + r.timeouts ? ` errors×${r.errors + r.timeouts}` : ''}`,
    bytes: r.throughput.total / Math.max(r.requests.total, 1),
  };
}

/** Totals of several measurements of one route. */
function total(list) {
  const sum = (key) => list.reduce((s, m) => s + m[key], 0);
  return {
    name: list[0].name,
    perCpu: sum('requests') / sum('cpu'),
    perWall: sum('requests') / sum('seconds'),
    p99: Math.max(...list.map((m) => m.p99)),
    bad: sum('bad'),
    statuses: list.map((m) => m.statuses).join(' '),
    bytes: sum('bytes') / list.length,
  };
}

/** The owner: created with the CLI on the server's data folder, then signed in over HTTP. */
async function signIn(base, crumb) {
  const made = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', OWNER.email, '--password', OWNER.password, '--role', 'admin'],
    { env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`create-owner failed: ${made.stderr || made.stdout}`);
  const json = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` };
  const answer = await fetch(`${base}/api/config/session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(OWNER),
  });
  if (answer.status !== 200) throw new Error(`owner sign-in answered ${answer.status}: ${await answer.text()}`);
  const session = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...json, cookie: `crumb=${crumb}; ${session}` };
}

/** CPU-seconds of the server and client-side milliseconds for `step` repeated for about `seconds`. */
async function sequential(seconds, step) {
  const cpuBefore = processCpuSeconds(server.pid);
  const until = performance.now() + seconds * 1000;
  let count = 0;
  let viewMs = 0;
  while (performance.now() < until) {
    viewMs += await step(count);
    count++;
  }
  return { count, cpu: processCpuSeconds(server.pid) - cpuBefore, viewMs };
}

async function uncachedProduct(base, visitor) {
  process.stderr.write('  measuring the uncached product page (an edit before each view)…\n');
  const owner = await signIn(base, visitor.crumb);
  const list = await fetch(`${base}/api/config/inventory`, { headers: owner });
  const variants = (await list.json()).variants ?? [];
  const variant = variants.find((v) => /linen shirt/i.test(v.title) && !v.unlimited);
  if (!variant) throw new Error('no stocked variant of the linen shirt');
  let qty = 500;
  const edit = async () => {
    const answer = await fetch(`${base}/api/config/inventory/${variant.variantId}`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ qtyInStock: qty++ }),
    });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`the stock change answered ${answer.status}`);
  };
  const timed = async (path) => {
    const started = performance.now();
    const answer = await fetch(`${base}${path}`, { headers: visitor.headers });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return performance.now() - started;
  };
  // Warm-up, then the edits alone, the edits each followed by a view, and the bare route alone.
  const editThenView = async () => {
    await edit();
    return timed(PRODUCT);
  };
  await sequential(1, editThenView);
  const edits = await sequential(UNCACHED_S, async () => {
    await edit();
    return 0;
  });
  const views = await sequential(UNCACHED_S, editThenView);
  const bare = await sequential(Math.max(1, UNCACHED_S / 2), () => timed('/api/health'));
  const viewCpu = views.cpu / views.count - edits.cpu / edits.count;
  return {
    perCpu: 1 / viewCpu,
    viewMs: views.viewMs / views.count,
    bareMs: bare.viewMs / bare.count,
    // The same client's bare requests, one at a time: a like-for-like CPU baseline, printed beside.
    barePerCpu: bare.count / bare.cpu,
    views: views.count,
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
  if (!crumb) throw new Error('the home page set no crumb');
  const headers = { cookie: `crumb=${crumb}`, 'accept-encoding': 'gzip, deflate, br' };

  const bareRuns = [];
  const targetRuns = TARGETS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await measure('GET /api/health (bare route)', `${base}/api/health`, headers));
    for (const [i, page] of TARGETS.entries()) {
      targetRuns[i].push(await measure(`GET ${page.path} (${page.name})`, `${base}${page.path}`, headers));
    }
  }
  const bare = total(bareRuns);
  const targets = targetRuns.map(total);
  const others = [];
  for (const page of OTHER_PAGES) {
    others.push(total([await measure(`GET ${page.path} (${page.name})`, `${base}${page.path}`, headers)]));
  }
  const uncached = await uncachedProduct(base, { crumb, headers });

  console.log(
    `pages: ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up, ${ROUNDS} interleaved rounds of the bare route and the targets; loopback, SQLite in a fresh DATA_DIR, Accept-Encoding: gzip, deflate, br`,
  );
  const rows = [['route', 'req/s', 'p99 ms', 'vs bare', 'req/server CPU-s', 'vs bare', 'KB/answer', 'other']];
  for (const r of [bare, ...targets, ...others]) {
    rows.push([
      r.name,
      fmt(r.perWall),
      fmt(r.p99),
      `${(r.perWall / bare.perWall).toFixed(2)}×`,
      fmt(r.perCpu),
      `${(r.perCpu / bare.perCpu).toFixed(3)}×`,
      (r.bytes / 1024).toFixed(1),
      r.bad === 0 ? '0' : r.statuses,
    ]);
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );

  console.log('\n  targets (issue 20), each against the bare route of this run:');
  const verdict = (ratio, target) => (ratio >= target ? 'met' : 'NOT met');
  const lines = [['target', 'per server CPU-s', 'bare', 'ratio', 'wall-clock', 'bare', 'ratio', 'target', '']];
  targets.forEach((r, i) => {
    const ratio = r.perCpu / bare.perCpu;
    lines.push([
      TARGETS[i].name,
      fmt(r.perCpu),
      fmt(bare.perCpu),
      `${ratio.toFixed(2)}×`,
      `${fmt(r.perWall)}/s`,
      `${fmt(bare.perWall)}/s`,
      `${(r.perWall / bare.perWall).toFixed(2)}×`,
      `≥ ${TARGETS[i].target}×`,
      verdict(ratio, TARGETS[i].target),
    ]);
  });
  const uncachedRatio = uncached.perCpu / bare.perCpu;
  lines.push([
    'product page (uncached: first view after an edit)',
    fmt(uncached.perCpu),
    fmt(bare.perCpu),
    `${uncachedRatio.toFixed(2)}×`,
    `${fmt(uncached.viewMs, 2)} ms`,
    `${fmt(uncached.bareMs, 2)} ms`,
    `${(uncached.bareMs / uncached.viewMs).toFixed(2)}×`,
    `≥ ${UNCACHED_TARGET}×`,
    verdict(uncachedRatio, UNCACHED_TARGET),
  ]);
  console.log(
    table(lines)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(
    `  (uncached: ${uncached.views} views, one client, each after a stock change through the owner API; the CPU of the same edits alone is subtracted; wall-clock is one client's time per view against its time per bare request)`,
  );
  console.log(
    `  (uncached, beside the target: the same client's bare requests one at a time cost ${fmt(1000 / uncached.barePerCpu, 3)} ms of server CPU each, ${fmt(uncached.barePerCpu)} per CPU-second; the view is ${(uncached.perCpu / uncached.barePerCpu).toFixed(3)}× that)`,
  );
  if ([bare, ...targets, ...others].some((r) => r.bad > 0)) failed = true;
} catch (error) {
  console.error(`bench/pages failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
