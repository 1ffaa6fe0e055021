#!/usr/bin/env node
// Timeout: 600 s
// A thousand sites in one process (issue 20): the built server on loopback with a fresh SQLite
// DATA_DIR; 1,000 small sites are written straight into its database (the `shop` starter each:
// home, shop and about pages, 8 products; hosts s0001.bench.test … s1000.bench.test), then
// autocannon asks for their pages. Two loads, in interleaved rounds:
//   one site   — random pages of s0001.bench.test only (the baseline);
//   1,000 sites — a random site (Host header) and a random page of it for every request.
// Figures: requests per server CPU-second (/proc/<pid>/stat) and per wall-clock second of each,
// their ratio (target: one site ≤ 2× the 1,000 sites), and the server's resident memory (VmRSS now,
// VmHWM the peak since the sites were written; target under 512 MB).
// Memory under a million mixed requests is the other half: `node bench/sites/memory.mjs`, or across
// the thousand sites: BENCH_SITES_REQUESTS=1000000 (after the rounds, that many requests of the
// 1,000-site load in tenths, BENCH_SITES_CHUNK, with RSS after each; growth = last against the first).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startNodeFlags, startServer } from '../../e2e/support/server.mjs';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';
import { createSites } from './create-sites.mjs';
import { getWithHost } from './http-get.mjs';
import { mb, measureChunk, peakResidentBytes, residentBytes, resetPeak } from './process-memory.mjs';

const SITES = Number(process.env.BENCH_SITES ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RSS_LIMIT_MB = 512;
/** The long memory run across the sites after the rounds (0: none). */
const LONG_REQUESTS = Number(process.env.BENCH_SITES_REQUESTS ?? 0);
const LONG_CHUNK = Number(process.env.BENCH_SITES_CHUNK ?? Math.ceil(LONG_REQUESTS / 10));
const GROWTH_LIMIT = 0.2;

process.stderr.write('  starting the server…\n');
// METRICS_TOKEN: /metrics tells how often the content cache and the page memo answered.
const METRICS_TOKEN = 'bench-sites-metrics-token';
// BENCH_SITES_DOCKER_ENV=1: the server gets the memory settings the Dockerfile gives it (glibc's
// MALLOC_ARENA_MAX=2, V8's --max-semi-space-size=16), to compare with a bare `node cli.js start`.
const DOCKER_ENV = process.env.BENCH_SITES_DOCKER_ENV === '1';
const dockerEnv = DOCKER_ENV ? { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=16' } : {};
// The server runs with the Node flags `npm start` gives it (root package.json) unless
// BENCH_SITES_NODE_FLAGS says otherwise ("" for a bare `node cli.js start`, the figure before them).
const NODE_FLAGS =
  process.env.BENCH_SITES_NODE_FLAGS === undefined
    ? startNodeFlags()
    : process.env.BENCH_SITES_NODE_FLAGS.split(/\s+/).filter(Boolean);
// BENCH_SITES_CLI=<another build's packages/server/dist/cli.js>: measure that build (a before/after).
const server = await startServer({
  env: { METRICS_TOKEN, ...dockerEnv },
  nodeFlags: NODE_FLAGS,
  cli: process.env.BENCH_SITES_CLI || undefined,
  timeoutMs: 180_000,
});
const stopAndExit = (signal) => {
  server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);

let failed = false;
try {
  const base = server.url;
  process.stderr.write(`  writing ${SITES} sites…\n`);
  const made = Date.now();
  const hosts = await createSites(server.dataDir, SITES);
  const writeSeconds = (Date.now() - made) / 1000;
  // The peak from here on: the load's, not start-up's (migrations, the demo seed's pictures).
  const peakReset = resetPeak(server.pid);

  // The pages of one site (every site has the same starter, so the same paths).
  const first = await getWithHost(base, '/', hosts[0]);
  if (first.status !== 200 || !first.body.includes('<html'))
    throw new Error(`GET / on ${hosts[0]} answered ${first.status}`);
  const crumb = /crumb=([^;]+)/.exec([first.headers['set-cookie'] ?? []].flat().join('; '))?.[1];
  const shop = (await getWithHost(base, '/shop', hosts[0])).body;
  const products = [...new Set([...shop.matchAll(/href="(\/shop\/p\/[^"?#]+)"/g)].map((m) => m[1]))];
  const paths = ['/', '/shop', '/about', ...products];
  for (const path of paths) {
    const r = await getWithHost(base, path, hosts[hosts.length - 1]);
    if (r.status !== 200) throw new Error(`GET ${path} on ${hosts[hosts.length - 1]} answered ${r.status}`);
  }
  const cookie = crumb ? { cookie: `crumb=${crumb}` } : {};

  const randomOf = (list) => list[Math.floor(Math.random() * list.length)];
  const request = (pickHost) => [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: randomOf(paths),
        headers: { ...req.headers, ...cookie, host: pickHost() },
      }),
    },
  ];
  const loads = [
    { name: 'one site (random pages of s0001)', requests: request(() => hosts[0]) },
    { name: `${fmt(SITES)} sites (random site, random page)`, requests: request(() => randomOf(hosts)) },
  ];

  /** Cache lookups so far: { 'content hit': n, 'content miss': n, 'page hit': n, 'page miss': n }. */
  async function cacheLookups() {
    const text = (await getWithHost(base, '/metrics', hosts[0], { authorization: `Bearer ${METRICS_TOKEN}` })).body;
    const counts = {};
    for (const m of text.matchAll(/^tessera_cache_lookups_total\{cache="(\w+)",result="(\w+)"\} (\d+)/gm)) {
      counts[`${m[1]} ${m[2]}`] = Number(m[3]);
    }
    // What the content cache holds now (`tessera_cache_size`: entries, estimated bytes).
    for (const m of text.matchAll(/^tessera_cache_size\{cache="(\w+)",unit="(\w+)"\} (\d+)/gm)) {
      counts[`${m[1]} ${m[2]}`] = Number(m[3]);
    }
    return counts;
  }
  const hitRate = (before, after, cache) => {
    const hits = (after[`${cache} hit`] ?? 0) - (before[`${cache} hit`] ?? 0);
    const misses = (after[`${cache} miss`] ?? 0) - (before[`${cache} miss`] ?? 0);
    return hits + misses > 0 ? hits / (hits + misses) : Number.NaN;
  };

  async function run(load, duration) {
    const lookups = await cacheLookups();
    const cpuBefore = processCpuSeconds(server.pid);
    const r = await autocannon({ url: base, connections: CONNECTIONS, duration, requests: load.requests });
    const cpu = processCpuSeconds(server.pid) - cpuBefore;
    const after = await cacheLookups();
    return {
      contentHits: hitRate(lookups, after, 'content'),
      pageHits: hitRate(lookups, after, 'page'),
      perCpu: cpu > 0 ? r.requests.total / cpu : Number.NaN,
      rps: r.requests.average,
      p99: r.latency.p99,
      other: r.non2xx + r.errors + r.timeouts,
    };
  }

  // Warm-up: every page of every site once, then a short run of each load.
  process.stderr.write('  warming up…\n');
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: hosts.length * paths.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = Math.floor(Math.random() * hosts.length * paths.length);
          return {
            ...req,
            path: paths[i % paths.length],
            headers: { ...req.headers, ...cookie, host: hosts[Math.floor(i / paths.length)] },
          };
        },
      },
    ],
  });
  for (const load of loads) await run(load, 1);
  const rssAfterWarmup = residentBytes(server.pid);

  const loadBefore = loadavg()[0];
  const samples = loads.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, load] of loads.entries()) {
      process.stderr.write(`  round ${round + 1}/${ROUNDS}: ${load.name}…\n`);
      samples[i].push(await run(load, DURATION_S));
    }
  }
  const rss = residentBytes(server.pid);
  const peak = peakResidentBytes(server.pid);
  const held = await cacheLookups();
  const results = loads.map((load, i) => ({
    name: load.name,
    perCpu: median(samples[i].map((s) => s.perCpu)),
    rps: median(samples[i].map((s) => s.rps)),
    p99: median(samples[i].map((s) => s.p99)),
    other: samples[i].reduce((sum, s) => sum + s.other, 0),
    contentHits: median(samples[i].map((s) => s.contentHits)),
    pageHits: median(samples[i].map((s) => s.pageHits)),
  }));
  const [one, many] = results;
  const ratio = one.perCpu / many.perCpu;

  console.log(
    `sites: ${fmt(SITES)} shop-starter sites (${paths.length} pages each) written in ${writeSeconds.toFixed(1)} s; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s (medians), loopback, SQLite, server \`node ${NODE_FLAGS.join(' ') || '(no flags)'} cli.js start\`${DOCKER_ENV ? " with the Dockerfile's memory settings" : ''}; load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
  );
  const rows = [['load', 'req/server CPU-s', 'req/s', 'p99 ms', 'content cache hits', 'page memo hits', 'not 2xx']];
  const percent = (x) => `${(x * 100).toFixed(0)} %`;
  for (const r of results) {
    rows.push([
      r.name,
      fmt(r.perCpu),
      fmt(r.rps),
      fmt(r.p99),
      percent(r.contentHits),
      percent(r.pageHits),
      fmt(r.other),
    ]);
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(
    `  one site ÷ ${fmt(SITES)} sites, per server CPU-second: ${ratio.toFixed(2)}× (target ≤ 2×; wall-clock ${(one.rps / many.rps).toFixed(2)}×)`,
  );
  console.log(
    `  server resident memory: ${mb(rssAfterWarmup)} MB after warm-up, ${mb(rss)} MB at the end, peak ${mb(peak)} MB${peakReset ? ' from the first page on' : ' since start (VmHWM could not be reset)'} (target < ${RSS_LIMIT_MB} MB)`,
  );
  if (held['content entries'] !== undefined) {
    console.log(
      `  content cache: ${fmt(held['content entries'])} entries, ${mb(held['content bytes'])} MB estimated (estimateBytes)`,
    );
  }
  if (results.some((r) => r.other > 0)) failed = true;

  if (LONG_REQUESTS > 0) {
    // Memory under sustained load: the 1,000-site load for LONG_REQUESTS requests, RSS after each chunk.
    const started = Date.now();
    const longRows = [['requests', 'RSS MB', 'peak MB', 'req/server CPU-s', 'req/s', 'not 2xx', 'load average']];
    const sizes = [];
    let done = 0;
    let otherAnswers = 0;
    while (done < LONG_REQUESTS) {
      const amount = Math.min(LONG_CHUNK, LONG_REQUESTS - done);
      const chunk = await measureChunk(server.pid, () =>
        autocannon({ url: base, connections: CONNECTIONS, amount, requests: loads[1].requests }),
      );
      done += amount;
      otherAnswers += chunk.failed;
      sizes.push({ done, bytes: chunk.bytes });
      longRows.push([...chunk.row(done), loadavg()[0].toFixed(1)]);
      process.stderr.write(`  ${fmt(done)} of ${fmt(LONG_REQUESTS)} requests: RSS ${mb(sizes.at(-1).bytes)} MB\n`);
    }
    const [firstChunk, last] = [sizes[0], sizes.at(-1)];
    const growth = (last.bytes - firstChunk.bytes) / firstChunk.bytes;
    console.log(
      `  memory: ${fmt(LONG_REQUESTS)} requests across the ${fmt(SITES)} sites in chunks of ${fmt(LONG_CHUNK)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(
      table(longRows)
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
    console.log(
      `  resident memory after ${fmt(firstChunk.done)}: ${mb(firstChunk.bytes)} MB; after ${fmt(last.done)}: ${mb(last.bytes)} MB; growth ${(growth * 100).toFixed(1)} %, ratio ${(last.bytes / firstChunk.bytes).toFixed(3)} (target within ${GROWTH_LIMIT * 100} %)`,
    );
    if (otherAnswers > 0) failed = true;
  }
} catch (error) {
  console.error(`bench/sites failed: ${error instanceof Error ? error.stack : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
