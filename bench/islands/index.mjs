#!/usr/bin/env node
// Island delivery benchmark (issue 22): the built server and Debian's Chromium load a product page
// the way a visitor does (no clicks) until its islands are live, several times. Figures: the
// JavaScript fetched (raw, as sent on the wire, and the brotli file the server holds for it) and the
// longest task of the load (PerformanceObserver `longtask`, CPU slowed 4× as a phone would be).
// "Before" is the build of one bundle of every island (bench/islands/before.json names its loader):
// when that loader is still in dist/assets (Vite keeps earlier hashed files) the same page is also
// loaded with the old loader put in its place, interleaved with the current one, and the ratio is
// taken in the same run; otherwise the ratio is against the figures stored in before.json.
// `BENCH_WRITE_BEFORE=1` stores the current build's figures as the new "before".
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startServer } from '../../e2e/support/server.mjs';
import { median, table } from '../lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const PRODUCT_PATH = '/shop/p/linen-shirt';
const ASSETS = join(ROOT, 'packages/storefront/dist/assets');
const BEFORE_FILE = join(import.meta.dirname, 'before.json');

/** Size of the brotli sibling the server sends for an asset (the file itself when there is none). */
function brotliSize(file) {
  const path = join(ASSETS, file);
  if (existsSync(`${path}.br`)) return statSync(`${path}.br`).size;
  return existsSync(path) ? statSync(path).size : Number.NaN;
}

async function oneLoad(browser, base, swapLoader) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (swapLoader) {
      await page.route(`${base}${PRODUCT_PATH}`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replaceAll(swapLoader.from, swapLoader.to);
        await route.fulfill({ response, body: html });
      });
    }
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      // Long animation frames name the scripts that ran in them: the time each island or React
      // script took (compile and run), to tell island work from the page's own layout and parsing.
      w.__scriptRuns = [];
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) {
          for (const script of frame.scripts ?? []) {
            w.__scriptRuns.push([script.sourceURL, script.duration, script.startTime, script.invoker]);
          }
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    await page.goto(`${base}${PRODUCT_PATH}`, { waitUntil: 'load' });
    const atLoad = await page.evaluate(() => performance.getEntriesByType('resource').length);
    await page.waitForFunction(
      () => document.querySelector('[data-island="product"]')?.getAttribute('data-island-state') === 'live',
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { resources, longTasks, scriptRuns } = await page.evaluate(() => ({
      resources: performance
        .getEntriesByType('resource')
        .map((e, index) => ({ index, e: /** @type {PerformanceResourceTiming} */ (e) }))
        .filter(({ e }) => new URL(e.name).pathname.endsWith('.js'))
        .map(({ index, e }) => ({
          index,
          path: new URL(e.name).pathname,
          wire: e.encodedBodySize,
          raw: e.decodedBodySize,
          end: e.responseEnd,
        })),
      longTasks: /** @type {any} */ (window).__longTasks,
      scriptRuns: /** @type {any} */ (window).__scriptRuns,
    }));
    const isIslandCode = (url) => {
      const file = url.split('/').pop() ?? '';
      return url.includes('/assets/') && !/^(loader|lazy|site-events)-/.test(file);
    };
    const files = resources.map((r) => ({
      ...r,
      file: r.path.replace(/^\/assets\//, ''),
      beforeLoad: r.index < atLoad,
      brotli: brotliSize(r.path.replace(/^\/assets\//, '')),
    }));
    const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
    const early = files.filter((f) => f.beforeLoad);
    return {
      files: files.map((f) => f.file),
      raw: sum(files, 'raw'),
      wire: sum(files, 'wire'),
      brotli: sum(files, 'brotli'),
      rawBeforeLoad: sum(early, 'raw'),
      brotliBeforeLoad: sum(early, 'brotli'),
      longestTask: Math.max(0, ...longTasks.map(([, d]) => d)),
      blocking: longTasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
      longestIslandScript: Math.max(0, ...scriptRuns.filter(([url]) => isIslandCode(url)).map(([, d]) => d)),
      timeline: [
        ...longTasks.map(([at, d]) => `${at.toFixed(0)} task ${d.toFixed(0)} ms`),
        ...files.map((f) => `${f.end.toFixed(0)} got ${f.file}`),
        ...scriptRuns
          .filter(([, d]) => d >= 20)
          .map(
            ([url, d, at, invoker]) =>
              `${at.toFixed(0)} script ${d.toFixed(0)} ms ${url.split('/').pop()} (${invoker})`,
          ),
      ].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b)),
    };
  } finally {
    await context.close();
  }
}

process.stderr.write('  starting the server…\n');
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
let failed = false;
try {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/storefront/dist/manifest.json'), 'utf8'));
  const currentLoader = manifest['src/loader.ts'].file.replace(/^assets\//, '');
  const stored = existsSync(BEFORE_FILE) ? JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) : undefined;
  const oldLoader = stored?.files?.[0];
  const sameRun = oldLoader && oldLoader !== currentLoader && existsSync(join(ASSETS, oldLoader));
  const swap = sameRun ? { from: `/assets/${currentLoader}`, to: `/assets/${oldLoader}` } : undefined;
  // Warm-up (the server's first render, Chromium's caches), then interleaved rounds: now, before, …
  await oneLoad(browser, server.url);
  if (swap) await oneLoad(browser, server.url, swap);
  const runs = [];
  const beforeRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    runs.push(await oneLoad(browser, server.url));
    if (swap) beforeRuns.push(await oneLoad(browser, server.url, swap));
  }
  // BENCH_SHOW_TASKS=1: when each script arrived and each long task ran (ms since navigation).
  if (process.env.BENCH_SHOW_TASKS === '1') {
    for (const [label, list] of [
      ['now', runs],
      ['before', beforeRuns],
    ]) {
      for (const run of list) console.log(`  ${label}: ${run.timeline.join(' · ')}`);
    }
  }
  const summarise = (list) => {
    const out = {};
    for (const key of [
      'raw',
      'wire',
      'brotli',
      'rawBeforeLoad',
      'brotliBeforeLoad',
      'longestTask',
      'longestIslandScript',
      'blocking',
    ]) {
      out[key] = median(list.map((r) => r[key]));
    }
    out.files = list[list.length - 1].files;
    return out;
  };
  const figures = summarise(runs);
  const before = swap ? summarise(beforeRuns) : stored;
  if (process.env.BENCH_WRITE_BEFORE === '1') {
    writeFileSync(BEFORE_FILE, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const ms = (n) => `${n.toFixed(0)} ms`;
  const rows = [['', 'now', 'before', 'now / before']];
  const row = (label, key, fmt) =>
    rows.push([
      label,
      fmt(figures[key]),
      typeof before?.[key] === 'number' ? fmt(before[key]) : '—',
      before?.[key] ? `${(figures[key] / before[key]).toFixed(2)}×` : '—',
    ]);
  row('JS fetched until the islands are live, raw', 'raw', kb);
  row('  the same as sent (encodedBodySize)', 'wire', kb);
  row('  the same as brotli files (served to br clients)', 'brotli', kb);
  row('JS fetched before the load event, raw', 'rawBeforeLoad', kb);
  row('  the same as brotli files', 'brotliBeforeLoad', kb);
  row(`longest task during the load (CPU ${THROTTLE}× slower)`, 'longestTask', ms);
  row('longest run of island or React script (long-animation-frame)', 'longestIslandScript', ms);
  row('total blocking time (sum of task time over 50 ms)', 'blocking', ms);
  console.log(
    `islands: ${PRODUCT_PATH}, median of ${ROUNDS} loads after a warm-up, Chromium headless; before: ${
      swap ? `${oldLoader} in the same run, interleaved` : before ? `stored ${before.measuredAt}` : 'none stored'
    }`,
  );
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(`  scripts: ${figures.files.join(', ')}`);
  if (before) console.log(`  before: ${before.files.join(', ')}`);
} catch (error) {
  console.error(`bench/islands failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
