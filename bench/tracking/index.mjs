#!/usr/bin/env node
// Tracking benchmark: the built server on loopback with a fresh SQLite DATA_DIR, loaded by
// autocannon. Figures: events/s and p99 latency of the ingestion routes (a page hit, a schema
// event) as a ratio against the bare GET /api/health measured in the same run, then the rows the
// batch writer actually stored; and the gzipped size of the tracker every page loads (what it adds
// to the loader) and of the lazy web-vitals + error-reporter chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startServer } from '../../e2e/support/server.mjs';
import { fmt, table } from '../lib/measure.mjs';
import { trackerSizes } from './sizes.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const TARGET_EVENTS_PER_S = 2000;
const EAGER_BUDGET = 2 * 1024;
const LAZY_BUDGET = 5 * 1024;

/** CPU seconds the server process has used so far (Linux /proc; ticks are 1/100 s), or NaN elsewhere. */
function serverCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

let serverPid = -1;

async function measure(name, opts) {
  process.stderr.write(`  measuring ${name}…\n`);
  if (WARMUP_S > 0) await autocannon({ connections: CONNECTIONS, ...opts, duration: WARMUP_S });
  const cpuBefore = serverCpuSeconds(serverPid);
  const r = await autocannon({ connections: CONNECTIONS, ...opts, duration: DURATION_S });
  const cpu = serverCpuSeconds(serverPid) - cpuBefore;
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    name,
    rps: r.requests.average,
    // Requests per CPU-second of the server: steadier than req/s when other work shares the cores.
    perCpuSecond: r.requests.total / cpu,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses,
  };
}

function hitBody(i) {
  const data = {
    visitorId: `bench${i}`,
    visitStart: Date.now(),
    analyticsId: `a${i}`,
    sessionId: `s${i}`,
    path: '/shop',
    query: '',
    referrer: 'https://search.example/',
    language: 'en-US',
    windowSize: '1280x900',
    pageType: 1,
  };
  return new URLSearchParams({ event: 'view', data: JSON.stringify(data) }).toString();
}

const schemaBody = JSON.stringify({
  eventSchemaName: 'storefront-analytics-event',
  eventContent: JSON.stringify({
    eventName: 'AddToCart',
    app: 'storefront',
    data: { itemId: 'bench-item', sku: 'SKU', quantity: 1, valueCents: 1200, currency: 'USD' },
    timestamp: Date.now(),
    context: { visitorId: 'bench', sessionId: 'bench', path: '/shop/p/sticker-pack' },
  }),
});

process.stderr.write('  starting the server…\n');
const server = await startServer();
serverPid = server.pid;
let failed = false;
try {
  const base = server.url;
  const first = await fetch(`${base}/`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.getSetCookie().join('\n'))?.[1];
  if (!crumb) throw new Error('the first page view set no crumb cookie');
  const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };

  const health = await measure('GET /api/health (bare route)', { url: `${base}/api/health` });
  const hit = await measure('POST /api/census/RecordHit', {
    url: `${base}/api/census/RecordHit`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: hitBody(0),
  });
  const schema = await measure('POST /api/v1/clanker/events', {
    url: `${base}/api/v1/clanker/events`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: schemaBody,
  });

  // The batch writer flushes every second: wait for it, then count what reached the database.
  await new Promise((r) => setTimeout(r, 2500));
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  const storedHits = db.prepare('select count(*) as n from tracking_hits').get().n;
  const storedEvents = db.prepare("select count(*) as n from tracking_events where source = 'schema'").get().n;
  db.close();

  console.log(
    `tracking: ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up, loopback, SQLite in a fresh DATA_DIR`,
  );
  const rows = [['route', 'events/s', 'p99 ms', 'vs bare', 'per server CPU-s', 'vs bare', '2xx', 'other']];
  for (const r of [health, hit, schema]) {
    rows.push([
      r.name,
      fmt(r.rps),
      fmt(r.p99),
      r === health ? '1.00×' : `${(r.rps / health.rps).toFixed(2)}×`,
      fmt(r.perCpuSecond),
      r === health ? '1.00×' : `${(r.perCpuSecond / health.perCpuSecond).toFixed(2)}×`,
      fmt(r.ok),
      r.non2xx + r.errors === 0 ? '0' : `${r.statuses}${r.errors ? ` errors×${r.errors}` : ''}`,
    ]);
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(
    `  stored after the run (warm-up included): ${fmt(storedHits)} hits for ${fmt(hit.ok)} measured 2xx, ${fmt(storedEvents)} schema events for ${fmt(schema.ok)}`,
  );
  for (const r of [hit, schema]) {
    console.log(
      `  ${r.name}: ${fmt(r.rps)} events/s — target ≥ ${fmt(TARGET_EVENTS_PER_S)} ${r.rps >= TARGET_EVENTS_PER_S ? 'met' : 'NOT met'}`,
    );
  }
} catch (error) {
  console.error(`bench/tracking failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}

try {
  process.stderr.write('  building the tracker bundles…\n');
  const sizes = await trackerSizes();
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    `  eager tracker (what it adds to the loader, gzip -9): ${kb(sizes.eager.gzip)} (${kb(sizes.eager.raw)} raw); budget 2 KB — ${
      sizes.eager.gzip <= EAGER_BUDGET ? 'met' : 'NOT met'
    }; loader ${kb(sizes.loaderWithout.gzip)} → ${kb(sizes.loader.gzip)}`,
  );
  console.log(
    `  lazy web-vitals + error-reporter chunk: ${kb(sizes.lazy.gzip)} (${kb(sizes.lazy.raw)} raw); budget 5 KB — ${
      sizes.lazy.gzip <= LAZY_BUDGET ? 'met' : 'NOT met'
    }`,
  );
  console.log(`  lazy commerce + census events chunk: ${kb(sizes.events.gzip)} (${kb(sizes.events.raw)} raw)`);
} catch (error) {
  console.error(`bench/tracking sizes failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
