#!/usr/bin/env node
// Timeout: 420 s
// Tracking benchmark (issue 20): the built server on loopback, once on a fresh SQLite DATA_DIR and
// once on PostgreSQL (a schema of its own in BENCH_PG_URL, dropped afterwards), loaded by
// autocannon in interleaved rounds: the bare GET /api/health, page hits (POST /api/census/RecordHit,
// form-encoded), schema events (POST /api/v1/clanker/events, JSON), and batches (POST
// /api/census/batch): a page's (its hit and one event) and one of BENCH_BATCH_EVENTS events, hits and
// schema events taking turns. Figures are events per server CPU-second (/proc, the server process
// only; PostgreSQL's backends are printed beside) and per wall-clock second, each route against the
// bare route of the same server in the same round, and the batches against the single-event routes.
// Every request carries its own visitor id and comes from one of 4,096 addresses (x-forwarded-for,
// TRUST_PROXY=1), so the per-address rate limits stay in force without being what is measured.
// After the load each server is stopped (SIGTERM: the batch writer flushes) and the stored rows are
// matched with the answers: every event answered 202 `stored: true` must be stored exactly once,
// none answered otherwise may be; events whose answer was cut off by the end of a run may be either.
// Then the gzipped size of the tracker every page loads and of its lazy chunks.
//
// Env: BENCH_DIALECTS (sqlite,postgres), BENCH_ROUTES (health,hit,schema,page,batch; the bare route is
// always measured), BENCH_BATCH_EVENTS (50), BENCH_ROUNDS (3), BENCH_DURATION_S (3), BENCH_WARMUP_S (1),
// BENCH_CONNECTIONS (50), BENCH_PG_URL (postgres://127.0.0.1:5432/test), BENCH_CLI (another
// build's cli.js), BENCH_BEFORE_CLI (a second build measured in the same interleaved rounds, for
// before/after figures), CPU_PROF_DIR (adds --cpu-prof to the servers), BENCH_SKIP_SIZES=1.
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../../e2e/support/server.mjs';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';
import { ingestRoutes } from './bodies.mjs';
import { trackerSizes } from './sizes.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').filter(Boolean);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://127.0.0.1:5432/test';
const BATCH_EVENTS = Number(process.env.BENCH_BATCH_EVENTS ?? 50);
const INGEST = ingestRoutes(BATCH_EVENTS);
const ROUTES = [
  'health',
  ...(process.env.BENCH_ROUTES ?? 'hit,schema,page,batch').split(',').filter((r) => r !== 'health' && INGEST[r]),
];
/** First letter of each event key by route, so the stored rows of each route are told apart. */
const LETTER = { hit: 'h', schema: 's', page: 'p', batch: 'm' };
const ADDRESSES = 4096;
const TARGET_PER_CPU_S = 10_000;
const EAGER_BUDGET = 2 * 1024;
const LAZY_BUDGET = 5 * 1024;

function pgAdminUrl() {
  const url = new URL(PG_URL);
  if (!url.username) url.username = process.env.PGUSER || process.env.USER || 'postgres';
  return String(url);
}

async function pgQuery(text, values) {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** CPU seconds of the PostgreSQL backends serving `application_name`, summed over every pid seen. */
async function backendCpu(appName, seen) {
  const { rows } = await pgQuery('select pid from pg_stat_activity where application_name = $1', [appName]);
  for (const { pid } of rows) {
    const s = processCpuSeconds(pid);
    if (Number.isFinite(s)) seen.set(pid, s);
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

/** One server: a dialect and a build ("after" is this tree's, "before" BENCH_BEFORE_CLI). */
async function start(dialect, build, cli) {
  const label = `${dialect}${process.env.BENCH_BEFORE_CLI ? ` ${build}` : ''}`;
  const env = { TRUST_PROXY: '1' };
  if (process.env.CPU_PROF_DIR)
    env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.CPU_PROF_DIR}/${dialect}-${build}`;
  let schema;
  if (dialect === 'postgres') {
    schema = `bench_tracking_${process.pid}_${build}`;
    await pgQuery(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
    await pgQuery(`create schema ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    url.searchParams.set('application_name', schema);
    env.DATABASE_URL = String(url);
  } else env.DATABASE_URL = '';
  process.stderr.write(`  starting the server (${label})…\n`);
  const server = await startServer({ env, cli });
  const first = await fetch(`${server.url}/`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.getSetCookie().join('\n'))?.[1];
  if (!crumb) throw new Error(`${label}: the first page view set no crumb cookie`);
  return {
    label,
    dialect,
    build,
    schema,
    server,
    crumb,
    // Answers per event key, per route: 'stored' (stored: true), 'other …' (any other answer).
    answers: Object.fromEntries(ROUTES.map((r) => [r, new Map()])),
    sent: Object.fromEntries(ROUTES.map((r) => [r, new Set()])),
    results: Object.fromEntries(ROUTES.map((r) => [r, []])),
  };
}

let sequence = 0;
const IPS = Array.from({ length: ADDRESSES }, (_, n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);

/**
 * autocannon options for a route on server `s`. Every request, the bare route's included, carries
 * the same cookie, user agent, referrer and an address of its own, so the load generator does the
 * same work for each route; each event has an id of its own, recorded with its answer.
 */
function routeOptions(s, route, duration) {
  const base = s.server.url;
  const common = {
    cookie: `crumb=${s.crumb}`,
    'x-csrf-token': s.crumb,
    referer: `${base}/shop`,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  };
  if (route === 'health') {
    return {
      url: `${base}/api/health`,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, headers: { ...common, 'x-forwarded-for': IPS[sequence++ % ADDRESSES] } }),
        },
      ],
    };
  }
  const prefix = `${LETTER[route]}${s.dialect[0]}${s.build[0]}`;
  const { path, type, events, body } = INGEST[route];
  const sent = s.sent[route];
  const answers = s.answers[route];
  return {
    url: `${base}${path}`,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest(req, context) {
          const n = sequence++;
          const key = prefix + n.toString(36).padStart(6, '0');
          const keys = events === 1 ? [key] : Array.from({ length: events }, (_, i) => `${key}-${i.toString(36)}`);
          context.keys = keys;
          for (const k of keys) sent.add(k);
          return {
            ...req,
            headers: { ...common, 'content-type': type, 'x-forwarded-for': IPS[n % ADDRESSES] },
            body: body(keys),
          };
        },
        onResponse(status, text, context) {
          if (events === 1) {
            const stored = status === 202 && text.includes('"stored":true');
            answers.set(context.keys[0], stored ? 'stored' : `other ${status}`);
          } else if (status === 202) {
            for (const r of JSON.parse(text).results)
              answers.set(context.keys[r.index], r.stored ? 'stored' : 'other 202');
          } else for (const k of context.keys) answers.set(k, `other ${status}`);
        },
      },
    ],
  };
}

async function measure(s, route, duration) {
  const pgSeen = new Map();
  const pg0 = s.dialect === 'postgres' ? await backendCpu(s.schema, pgSeen) : 0;
  const c0 = processCpuSeconds(s.server.pid);
  const r = await autocannon({ connections: CONNECTIONS, ...routeOptions(s, route, duration) });
  const c1 = processCpuSeconds(s.server.pid);
  // The PostgreSQL side of a batch lands up to a second later: read the backends after the flush.
  if (s.dialect === 'postgres' && route !== 'health') await new Promise((res) => setTimeout(res, 1200));
  const pg1 = s.dialect === 'postgres' ? await backendCpu(s.schema, pgSeen) : 0;
  const ok = r['2xx'] * (route === 'health' ? 1 : INGEST[route].events);
  return {
    rps: r.requests.average * (route === 'health' ? 1 : INGEST[route].events),
    p99: r.latency.p99,
    perCpuSecond: ok / (c1 - c0),
    pgCpuUs: s.dialect === 'postgres' ? ((pg1 - pg0) * 1e6) / ok : Number.NaN,
    ok,
    other: r.non2xx + r.errors + r.timeouts,
  };
}

/** Stops the server (its batch writer flushes on SIGTERM), then matches stored rows with answers. */
async function stopAndCount(s) {
  process.kill(s.server.pid, 'SIGTERM');
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(s.server.pid, 0);
    } catch {
      break;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  const hitSql = 'select visitor_id as id from tracking_hits';
  const eventSql = "select visitor_id as id from tracking_events where source = 'schema'";
  // Each route's rows (hits and schema events) by the first letter of their keys.
  let hits;
  let events;
  if (s.dialect === 'postgres') {
    hits = (await pgQuery(hitSql.replace('from ', `from ${s.schema}.`))).rows;
    events = (await pgQuery(eventSql.replace('from ', `from ${s.schema}.`))).rows;
  } else {
    const db = new Database(join(s.server.dataDir, 'tessera.db'), { readonly: true });
    hits = db.prepare(hitSql).all();
    events = db.prepare(eventSql).all();
    db.close();
  }
  await s.server.stop();
  if (s.schema) await pgQuery(`drop schema if exists ${s.schema}, ${s.schema}_jobs cascade`);
  const rowsOf = (route) => [...hits, ...events].filter((row) => row.id.startsWith(LETTER[route]));
  return Object.fromEntries(
    ROUTES.filter((r) => r !== 'health').map((route) => [route, check(s, route, rowsOf(route))]),
  );
}

function check(s, route, rows) {
  const answers = s.answers[route];
  const sent = s.sent[route];
  const times = new Map();
  for (const { id } of rows) times.set(id, (times.get(id) ?? 0) + 1);
  let accepted = 0;
  let missing = 0;
  let twice = 0;
  let refusedButStored = 0;
  let unansweredStored = 0;
  let foreign = 0;
  for (const [id, answer] of answers) {
    const n = times.get(id) ?? 0;
    if (answer === 'stored') {
      accepted++;
      if (n === 0) missing++;
    } else if (n > 0) refusedButStored++;
  }
  for (const [id, n] of times) {
    if (n > 1) twice++;
    if (!sent.has(id)) foreign++;
    else if (!answers.has(id)) unansweredStored++;
  }
  const refused = answers.size - accepted;
  const ok = missing === 0 && twice === 0 && refusedButStored === 0 && foreign === 0;
  return { ok, accepted, refused, stored: rows.length, missing, twice, refusedButStored, unansweredStored, foreign };
}

const builds = [['after', process.env.BENCH_CLI]];
if (process.env.BENCH_BEFORE_CLI) builds.unshift(['before', process.env.BENCH_BEFORE_CLI]);
const servers = [];
let failed = false;
try {
  for (const dialect of DIALECTS) for (const [build, cli] of builds) servers.push(await start(dialect, build, cli));
  const routes = ROUTES;
  process.stderr.write('  warming up…\n');
  for (const s of servers) for (const route of routes) if (WARMUP_S > 0) await measure(s, route, WARMUP_S);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order of the servers each round so drift in the neighbours' load hits all alike.
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const s of order) {
      process.stderr.write(`  round ${round + 1}/${ROUNDS}: ${s.label}…\n`);
      for (const route of routes) s.results[route].push(await measure(s, route, DURATION_S));
    }
  }
  const counts = new Map();
  for (const s of servers) counts.set(s, await stopAndCount(s));

  console.log(
    `tracking: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s per route after ${WARMUP_S} s warm-up, loopback; medians of the rounds`,
  );
  const names = {
    health: 'GET /api/health (bare)',
    hit: 'POST /api/census/RecordHit',
    schema: 'POST /api/v1/clanker/events',
    page: 'POST /api/census/batch, a page (hit + event)',
    batch: `POST /api/census/batch, ${BATCH_EVENTS} events`,
  };
  const rows = [
    [
      'server',
      'route',
      'per server CPU-s',
      'vs bare (same round)',
      'rounds',
      'events/request',
      'events/s',
      'p99 ms',
      'pg µs/event',
      'other answers',
    ],
  ];
  for (const s of servers) {
    for (const route of routes) {
      const rs = s.results[route];
      const cpu = median(rs.map((r) => r.perCpuSecond));
      // Each round's ratio to the bare route of the same server in the same round, then the median.
      const ratio = median(rs.map((r, i) => r.perCpuSecond / s.results.health[i].perCpuSecond));
      const pgUs = median(rs.map((r) => r.pgCpuUs));
      rows.push([
        s.label,
        names[route],
        fmt(cpu),
        `${ratio.toFixed(2)}×`,
        rs.map((r) => fmt(r.perCpuSecond)).join(' / '),
        route === 'health' ? '—' : String(INGEST[route].events),
        fmt(median(rs.map((r) => r.rps))),
        fmt(median(rs.map((r) => r.p99))),
        Number.isFinite(pgUs) ? fmt(pgUs) : '—',
        String(rs.reduce((a, r) => a + r.other, 0)),
      ]);
    }
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  for (const s of servers) {
    for (const route of ['page', 'batch'].filter((r) => ROUTES.includes(r))) {
      const versus = ['hit', 'schema']
        .filter((single) => ROUTES.includes(single))
        .map((single) => {
          const rs = s.results[route].map((r, i) => r.perCpuSecond / s.results[single][i].perCpuSecond);
          return `${median(rs).toFixed(2)}× ${names[single]}`;
        });
      if (versus.length > 0)
        console.log(`  ${s.label} ${names[route]} per server CPU-s vs single events: ${versus.join(', ')}`);
    }
  }
  for (const s of servers) {
    for (const route of ROUTES.filter((r) => r !== 'health')) {
      const c = counts.get(s)[route];
      if (!c.ok) failed = true;
      console.log(
        `  ${s.label} ${names[route]}: ${fmt(c.accepted)} accepted, ${fmt(c.stored)} stored — ${
          c.ok ? 'each accepted event once' : 'LOST OR DOUBLED'
        } (missing ${c.missing}, stored twice ${c.twice}, refused but stored ${c.refusedButStored}, unknown ${c.foreign}; ${c.refused} refused, ${c.unansweredStored} stored whose answer the end of a run cut off)`,
      );
    }
  }
  for (const s of servers) {
    if (s.build !== 'after') continue;
    for (const route of ROUTES.filter((r) => r !== 'health')) {
      const cpu = median(s.results[route].map((r) => r.perCpuSecond));
      console.log(
        `  ${s.label} ${names[route]}: ${fmt(cpu)} events per server CPU-s — target ≥ ${fmt(TARGET_PER_CPU_S)} ${
          cpu >= TARGET_PER_CPU_S ? 'met' : 'NOT met'
        }`,
      );
    }
  }
} catch (error) {
  console.error(`bench/tracking failed: ${error instanceof Error ? error.stack : String(error)}`);
  failed = true;
} finally {
  for (const s of servers) {
    await s.server.stop();
    if (s.schema) await pgQuery(`drop schema if exists ${s.schema}, ${s.schema}_jobs cascade`).catch(() => {});
  }
}

if (process.env.BENCH_SKIP_SIZES !== '1') {
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
}
process.exit(failed ? 1 : 0);
