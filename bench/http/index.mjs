#!/usr/bin/env node
// HTTP benchmark: the built server on loopback with a fresh SQLite DATA_DIR, loaded by autocannon.
// Figures: req/s and p99 latency for a product page, add-to-cart and the bare GET /api/health,
// each as a ratio against the bare route measured in the same run; then the gzipped JavaScript
// a product page loads before idle (the loader and its static imports) and after interaction.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ROOT, startServer } from '../../e2e/support/server.mjs';
import { fmt, table } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const BUDGET_KB = 50;

function cookiesFrom(response) {
  const jar = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return jar;
}

function pageContext(html) {
  const match = /<script[^>]*id="tessera-context"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the product page has no <script id="tessera-context">');
  return JSON.parse(match[1]);
}

function load(opts) {
  return autocannon({ connections: CONNECTIONS, ...opts });
}

// CPU time of the server process (Linux /proc; clock ticks of 10 ms), so a figure can be given per
// CPU-second of the server, which the other processes on a shared machine distort far less.
const CLOCK_TICKS = 100;
function serverCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

async function measure(name, opts) {
  process.stderr.write(`  measuring ${name}…\n`);
  if (WARMUP_S > 0) await load({ ...opts, duration: WARMUP_S });
  const cpuBefore = serverCpuSeconds(server.pid);
  const r = await load({ ...opts, duration: DURATION_S });
  const cpu = serverCpuSeconds(server.pid) - cpuBefore;
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    name,
    perCpuSecond: cpu > 0 ? r.requests.total / cpu : Number.NaN,
    rps: r.requests.average,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses,
  };
}

// ---------- JavaScript budget ----------
function findManifest() {
  for (const rel of ['packages/storefront/dist/manifest.json', 'packages/storefront/dist/.vite/manifest.json']) {
    const path = join(ROOT, rel);
    if (existsSync(path)) return { path, dist: join(ROOT, 'packages/storefront/dist') };
  }
  return undefined;
}

function closure(manifest, startKey, withDynamic) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
    if (withDynamic) for (const k of manifest[key].dynamicImports ?? []) visit(k);
  };
  visit(startKey);
  return [...seen].map((k) => manifest[k].file);
}

async function javascriptBudget(base, productHtml) {
  const found = findManifest();
  if (!found) return { error: 'packages/storefront/dist/manifest.json is missing (storefront not built)' };
  const manifest = JSON.parse(readFileSync(found.path, 'utf8'));
  const entryKey =
    Object.keys(manifest).find((k) => k === 'src/loader.ts') ?? Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) return { error: 'the storefront manifest has no src/loader.ts entry' };
  const eager = closure(manifest, entryKey, false);
  const all = new Set(closure(manifest, entryKey, true));
  // Anything else the page itself asks for eagerly (module scripts, modulepreload links) counts before idle.
  const referenced = [
    ...productHtml.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.m?js)"/g),
  ].map((m) => m[1]);
  const loaderFile = manifest[entryKey].file;
  const pageLoadsLoader = referenced.some((src) => src.endsWith(`/${loaderFile.split('/').pop()}`));
  const sizeOf = async (file) => {
    const url = `${base}/${file.startsWith('assets/') ? file : `assets/${file}`}`;
    const response = await fetch(url);
    const body = response.ok ? Buffer.from(await response.arrayBuffer()) : readFileSync(join(found.dist, file));
    return { file, served: response.ok, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  };
  const eagerFiles = new Set(eager);
  for (const src of referenced) {
    const file = src.replace(/^\/+/, '');
    if (!Object.values(manifest).some((m) => m.file === file)) continue;
    eagerFiles.add(file);
  }
  const before = await Promise.all([...eagerFiles].map(sizeOf));
  const after = await Promise.all([...new Set([...eagerFiles, ...all])].map(sizeOf));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  return {
    loaderFile,
    pageLoadsLoader,
    before,
    after,
    beforeGzip: sum(before, 'gzip'),
    afterGzip: sum(after, 'gzip'),
    beforeRaw: sum(before, 'raw'),
    afterRaw: sum(after, 'raw'),
  };
}

// ---------- run ----------
process.stderr.write('  starting the server…\n');
// TRUST_PROXY lets each simulated visitor carry its own address (X-Forwarded-For), so the
// per-address cart rate limit (120/min) applies per visitor as in production, not to the whole load.
const server = await startServer({ env: { TRUST_PROXY: '1' } });
const stopAndExit = (signal) => {
  server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);
process.stderr.write(`  server at ${server.url}\n`);
let failed = false;
try {
  const base = server.url;
  const productPath = '/shop/p/linen-shirt';
  const first = await fetch(`${base}${productPath}`);
  const productHtml = await first.text();
  if (!first.ok) throw new Error(`GET ${productPath} answered ${first.status}`);
  const jar = cookiesFrom(first);
  if (!jar.crumb) throw new Error('the first page view set no crumb cookie');

  const stickerPage = await fetch(`${base}/shop/p/sticker-pack`, { headers: { cookie: `crumb=${jar.crumb}` } });
  const sticker = pageContext(await stickerPage.text()).product;
  const variant = sticker?.structuredContent?.variants?.find((v) => v.unlimited);
  if (!variant) throw new Error('sticker-pack has no unlimited variant to add');
  const addBody = JSON.stringify({ itemId: sticker.id, sku: variant.sku, quantity: 1 });
  const addHeaders = { 'content-type': 'application/json', 'x-csrf-token': jar.crumb };
  const firstAdd = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: { ...addHeaders, cookie: `crumb=${jar.crumb}` },
    body: addBody,
  });
  if (!firstAdd.ok) throw new Error(`the first add-to-cart answered ${firstAdd.status}: ${await firstAdd.text()}`);

  // Every add comes from a new visitor: its own address and no cart yet, so each request creates a
  // cart and adds one sticker pack (unlimited stock, so nothing runs out during the run).
  let visitor = 0;
  const nextVisitor = (req) => {
    visitor++;
    const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    return { ...req, headers: { ...req.headers, 'x-forwarded-for': address } };
  };

  const health = await measure('GET /api/health (bare route)', { url: `${base}/api/health` });
  const product = await measure(`GET ${productPath}`, { url: `${base}${productPath}` });
  const add = await measure('POST …/shopping-cart/entries (new visitor)', {
    url: `${base}/api/commerce/shopping-cart/entries`,
    requests: [
      {
        method: 'POST',
        headers: { ...addHeaders, cookie: `crumb=${jar.crumb}` },
        body: addBody,
        setupRequest: nextVisitor,
      },
    ],
  });

  console.log(
    `http: ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up, loopback, SQLite in a fresh DATA_DIR`,
  );
  const rows = [['route', 'req/s', 'p99 ms', 'vs bare', 'req/server CPU-s', 'vs bare', '2xx', 'other']];
  for (const r of [health, product, add]) {
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
  if (add.non2xx > 0) {
    console.log(
      `  note: ${fmt(add.non2xx)} add-to-cart answers were not 2xx (${add.statuses}); a 429 is the per-address rate limit, so that row measures the limiter too`,
    );
  }

  const js = await javascriptBudget(base, productHtml);
  if (js.error) {
    console.log(`  JavaScript budget: cannot measure: ${js.error}`);
    failed = true;
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `  JavaScript on ${productPath} (gzip -9): before idle ${kb(js.beforeGzip)} (${kb(js.beforeRaw)} raw, ${js.before.length} file(s)); ` +
        `after interaction ${kb(js.afterGzip)} (${kb(js.afterRaw)} raw, ${js.after.length} file(s)); budget ${BUDGET_KB} KB before idle — ${
          js.beforeGzip <= BUDGET_KB * 1024 ? 'met' : 'NOT met'
        }`,
    );
    if (!js.pageLoadsLoader) console.log(`  warning: the product page does not reference the loader ${js.loaderFile}`);
    const unserved = js.after.filter((f) => !f.served).map((f) => f.file);
    if (unserved.length) console.log(`  warning: not served over HTTP (sized from disk): ${unserved.join(', ')}`);
    for (const f of js.before) console.log(`    before idle  ${f.file}  ${kb(f.gzip)}`);
  }
} catch (error) {
  console.error(`bench/http failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
