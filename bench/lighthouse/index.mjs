#!/usr/bin/env node
// Timeout: 900 s
// Lighthouse benchmark (issue 22): Lighthouse (the `lighthouse` npm package) in Debian's Chromium,
// headless, against the demo site's home, shop, a product, a blog post and an event page, with
// Lighthouse's default (mobile) settings: a Moto G Power sized screen, simulated slow 4G and a 4×
// slower CPU. Each page is audited `BENCH_LIGHTHOUSE_RUNS` times (3 by default) and the median
// score of each category is printed against its target, with Lighthouse's benchmark index (how fast
// this machine ran its reference workload at the time: a loaded machine lowers performance scores).
// Audits that keep a category below 100 are named under the table, so a regression is readable here.
// Builds first when the server is not built; starts the built server on a random port with a temp
// DATA_DIR (the demo site is seeded on first start); talks to loopback only.
// `BENCH_LIGHTHOUSE_PAGES=product,event` audits only the pages named; `BENCH_LIGHTHOUSE_SAVE=<dir>`
// keeps each run's full Lighthouse report (JSON) there, to read the audits in detail.
// `BENCH_LIGHTHOUSE_BEFORE=loader-<hash>.js` (an earlier loader still in packages/storefront/dist/assets)
// also audits each page, interleaved with the current build in every run, through a loopback proxy
// that puts that loader in the page in place of the current one (the current build then goes through
// the same kind of proxy, unchanged): a before/after in the same load of the machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CLI, ROOT, startServer } from '../../e2e/support/server.mjs';
import { median, table } from '../lib/measure.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;
const ALL_PAGES = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', '/shop/p/linen-shirt'],
  ['blog post', '/blog/caring-for-linen'],
  ['event', '/events/winter-market'],
];
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const BEFORE_LOADER = process.env.BENCH_LIGHTHOUSE_BEFORE;
const PAGES = (ONLY ? ALL_PAGES.filter(([name]) => ONLY.includes(name)) : ALL_PAGES).flatMap(([name, path]) =>
  BEFORE_LOADER
    ? [
        [name, path],
        [`${name} (before)`, path, true],
      ]
    : [[name, path]],
);
if (PAGES.length === 0) {
  console.error(
    `bench/lighthouse: no page is named ${ONLY?.join(', ')} (pages: ${ALL_PAGES.map(([n]) => n).join(', ')})`,
  );
  process.exit(1);
}
const CATEGORIES = [
  ['performance', 'performance', 98],
  ['accessibility', 'accessibility', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 100],
];

/** Starts headless Chromium with a DevTools port of its own choosing; resolves with that port. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'tessera-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      '--mute-audio',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${log}`)), 30_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${log}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, stop };
}

/**
 * A loopback proxy to `target` that puts `before` in every page in place of the current loader
 * (`now`); pages go out brotli-compressed like the server's own, everything else is passed through.
 */
async function startLoaderSwap(target, now, before) {
  const { hostname, port } = new URL(target);
  const proxy = createServer((req, res) => {
    const headers = { ...req.headers, host: `${hostname}:${port}`, 'accept-encoding': 'identity' };
    delete headers['if-none-match'];
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const parts = [];
      answer.on('data', (part) => parts.push(part));
      answer.on('end', () => {
        const html = Buffer.concat(parts).toString('utf8').replaceAll(now, before);
        const out = { ...answer.headers };
        for (const name of ['content-length', 'etag', 'content-encoding']) delete out[name];
        const body = brotliCompressSync(html);
        res.writeHead(answer.statusCode ?? 502, { ...out, 'content-encoding': 'br', 'content-length': body.length });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${proxy.address().port}`,
    stop: () =>
      new Promise((r) => {
        proxy.closeAllConnections();
        proxy.close(r);
      }),
  };
}

/** One Lighthouse run: category scores (0–100), the benchmark index, audits that lost points. */
async function audit(port, url, saveAs) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES.map(([id]) => id),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    writeFileSync(join(SAVE_DIR, `${saveAs}.json`), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {};
  const losing = {};
  for (const [id] of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category.score === null ? Number.NaN : Math.round(category.score * 100);
    losing[id] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => `${a.id} (${Math.round(a.score * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
  }
  const metrics = {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
  }
  return { scores, losing, metrics, benchmarkIndex: lhr.environment.benchmarkIndex, version: lhr.lighthouseVersion };
}

if (!existsSync(CLI)) {
  process.stderr.write('  the server is not built: building…\n');
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

if (BEFORE_LOADER && !existsSync(join(ROOT, 'packages/storefront/dist/assets', BEFORE_LOADER))) {
  console.error(`bench/lighthouse: ${BEFORE_LOADER} is not in packages/storefront/dist/assets`);
  process.exit(1);
}
process.stderr.write('  starting the server and Chromium…\n');
const server = await startServer();
const chromium = await launchChromium();
let swap;
if (BEFORE_LOADER) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/storefront/dist/manifest.json'), 'utf8'));
  const now = manifest['src/loader.ts'].file.replace(/^assets\//, '');
  // Both builds go through a proxy of the same kind, so the extra hop and the proxy's compression
  // weigh on both alike (the "now" one changes nothing in the page).
  swap = {
    before: await startLoaderSwap(server.url, now, BEFORE_LOADER),
    now: await startLoaderSwap(server.url, now, now),
  };
  process.stderr.write(`  before: ${BEFORE_LOADER} in place of ${now}\n`);
}
let failed = false;
try {
  // Warm-up: the server's first render of each page and Chromium's own caches stay out of the figures.
  for (const [, path] of PAGES) {
    const response = await fetch(`${server.url}${path}`);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    await response.arrayBuffer();
  }
  const results = PAGES.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, [name, path, before]] of PAGES.entries()) {
      process.stderr.write(`  run ${run + 1}/${RUNS}: ${name}…\n`);
      const base = swap ? (before ? swap.before : swap.now).url : server.url;
      results[index].push(await audit(chromium.port, `${base}${path}`, `${name.replace(/\W+/g, '-')}-${run + 1}`));
    }
  }
  const all = results.flat();
  const rows = [['page', ...CATEGORIES.map(([, label, target]) => `${label} (≥ ${target})`), 'LCP', 'TBT', 'CLS']];
  const misses = [];
  const losingLines = [];
  for (const [index, [name, path, before]] of PAGES.entries()) {
    const runs = results[index];
    const cells = CATEGORIES.map(([id, label, target]) => {
      const value = median(runs.map((r) => r.scores[id]));
      if (!before && !(value >= target)) misses.push(`${name} ${label} ${value}`);
      return `${value} [${runs.map((r) => r.scores[id]).join(' ')}]`;
    });
    const metric = (id) => median(runs.map((r) => r.metrics[id]));
    rows.push([
      `${name} ${path}`,
      ...cells,
      `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`,
      `${metric('total-blocking-time').toFixed(0)} ms`,
      metric('cumulative-layout-shift').toFixed(3),
    ]);
    for (const [id, label] of CATEGORIES) {
      const seen = new Set(runs.flatMap((r) => r.losing[id]).map((s) => s.replace(/ \(.*$/, '')));
      if (seen.size) {
        const last = runs[runs.length - 1].losing[id];
        losingLines.push(`  ${name} · ${label}: ${last.length ? last.join(', ') : [...seen].join(', ')}`);
      }
    }
  }
  const indexes = all.map((r) => r.benchmarkIndex);
  console.log(
    `lighthouse ${all[0].version}: ${PAGES.length} pages × ${RUNS} runs, mobile defaults (simulated slow 4G, CPU 4× slower), Chromium headless; median score [each run]`,
  );
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(
    `  benchmark index: median ${median(indexes).toFixed(0)} (runs ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)}); Lighthouse calibrates its CPU throttling for about 1000 or more`,
  );
  if (losingLines.length) console.log(`  audits below 100 (last run):\n${losingLines.join('\n')}`);
  console.log(misses.length ? `  below target: ${misses.join(', ')}` : '  every page meets every target');
} catch (error) {
  console.error(`bench/lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  failed = true;
} finally {
  await swap?.before.stop();
  await swap?.now.stop();
  await chromium.stop();
  await server.stop();
}
process.exit(failed ? 1 : 0);
