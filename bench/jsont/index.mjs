#!/usr/bin/env node
// Timeout: 900 s
// Template engine benchmark: four pages rendered by @tessera/jsont and by the reference
// @squarespace/template-engine in the same process, each in interleaved rounds:
//   grid     the 50-product grid page (money, dates, pluralize, truncate, slugify, url-encode)
//   i18n     40 events in en-US, de-DE and ja-JP (datetime, intervals, relative times, money in
//            three currencies, decimals, plurals, messages); one operation renders all three
//   catalog  50 products in 5 categories (macros, .var, nested sections, .or predicate chains,
//            nth?/even?/odd?, greaterThan?, if && ||, json, smartypants, line-breaks, capitalize)
//   blog     50 posts (macros applied per post and per comment, nested comment and reply loops,
//            date, url-encode, safe|truncate, html|line-breaks, pluralize, .or and .if chains),
//            written after the optimisations and not tuned against
// Prints ops/s of both, execute-only (template compiled once) and compile+execute, and the ratio
// ours / reference per wall-clock second and per CPU-second. BENCH_PAGES=grid,i18n picks pages;
// BENCH_ROUNDS (6), BENCH_ROUND_MS (250 ms of CPU per side) and BENCH_WARMUP_MS set the rounds;
// the timeout above covers a heavily loaded machine, where the CPU time takes long to get.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, median, table } from '../lib/measure.mjs';
import { blogData, catalogData, gridData, i18nData } from './data.mjs';

const root = new URL('../..', import.meta.url);
if (!existsSync(new URL('packages/jsont/dist/index.js', root))) {
  console.error('bench/jsont: packages/jsont/dist/index.js is missing; run `npm run build` first.');
  process.exit(1);
}
// JSONT_DIST=<path to a copy of packages/jsont/dist> measures that build instead (A/B runs).
const { compile, render } = await import(
  process.env.JSONT_DIST ? pathToFileURL(resolve(process.env.JSONT_DIST, 'index.js')).href : '@tessera/jsont'
);

// The reference engine is a devDependency of packages/jsont: resolve it from there.
const requireFromJsont = createRequire(new URL('packages/jsont/package.json', root));
const { Compiler } = requireFromJsont('@squarespace/template-engine');
const { CLDRFramework } = requireFromJsont('@phensley/cldr');
const framework = new CLDRFramework({
  loader: (language) => readFileSync(requireFromJsont.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8'),
});
const bundles = new Map();
const cldrFor = (locale) => {
  if (!bundles.has(locale)) bundles.set(locale, framework.get(locale));
  return bundles.get(locale);
};

const NOW = Date.UTC(2026, 10, 21, 12);
const PAGES = [
  { name: 'grid', file: 'grid.jsont', title: '50-product grid page', data: gridData(50), locales: ['en-US'] },
  {
    name: 'i18n',
    file: 'i18n.jsont',
    title: 'i18n events page ×3 locales',
    data: i18nData(40),
    locales: ['en-US', 'de-DE', 'ja-JP'],
  },
  {
    name: 'catalog',
    file: 'catalog.jsont',
    title: '50-product catalog page',
    data: catalogData(50),
    locales: ['en-US'],
  },
  { name: 'blog', file: 'blog.jsont', title: '50-post blog page', data: blogData(50), locales: ['en-US'] },
];
const wanted = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : PAGES.map((p) => p.name);
const settings = {
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 300),
  roundMs: Number(process.env.BENCH_ROUND_MS ?? 250),
  rounds: Number(process.env.BENCH_ROUNDS ?? 6),
};
/**
 * Run `fn` until it has used `ms` of this process's CPU time; its rates per wall-clock and per
 * CPU second. Rounds of equal CPU rather than equal wall time: on a loaded machine a round of
 * fixed wall time gets only a sliver of CPU, and its rate is mostly noise.
 */
function cpuRound(fn, ms) {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  let ops = 0;
  let used = 0;
  while (used < ms * 1000) {
    for (let i = 0; i < 4; i++) fn();
    ops += 4;
    const cpu = process.cpuUsage(cpuStart);
    used = cpu.user + cpu.system;
  }
  return { wall: (ops * 1000) / (performance.now() - started), cpu: (ops * 1e6) / used };
}

/**
 * Ours against the reference in pairs of rounds whose order alternates (ours first, then the
 * reference first), so neither always gets the warmer or quieter slot of a pair; the ratio is
 * the median of the rounds' ratios, the rates the medians of each side's rounds.
 */
function paired(oursFn, referenceFn) {
  cpuRound(oursFn, settings.warmupMs);
  cpuRound(referenceFn, settings.warmupMs);
  const ours = [];
  const reference = [];
  for (let r = 0; r < settings.rounds; r++) {
    if (r % 2 === 0) {
      ours.push(cpuRound(oursFn, settings.roundMs));
      reference.push(cpuRound(referenceFn, settings.roundMs));
    } else {
      reference.push(cpuRound(referenceFn, settings.roundMs));
      ours.push(cpuRound(oursFn, settings.roundMs));
    }
  }
  const rates = (samples) => ({
    opsPerSec: median(samples.map((s) => s.wall)),
    opsPerCpuSec: median(samples.map((s) => s.cpu)),
  });
  return {
    ours: rates(ours),
    reference: rates(reference),
    wall: median(ours.map((s, r) => s.wall / reference[r].wall)),
    cpu: median(ours.map((s, r) => s.cpu / reference[r].cpu)),
  };
}
const TARGET_EXECUTE = 5;
const TARGET_FULL = 3;
const summary = [];

for (const page of PAGES.filter((p) => wanted.includes(p.name))) {
  const source = readFileSync(new URL(page.file, import.meta.url), 'utf8');
  const { data, locales } = page;
  const options = locales.map((locale) => ({ locale, timeZone: 'America/New_York', now: NOW }));
  const cldrs = locales.map(cldrFor);

  const ours = compile(source);
  if (ours.errors.length > 0)
    throw new Error(`@tessera/jsont cannot compile ${page.file}: ${JSON.stringify(ours.errors)}`);
  const reference = new Compiler();
  const parsed = reference.parse(source);
  if (parsed.errors.length > 0)
    throw new Error(`reference cannot parse ${page.file}: ${JSON.stringify(parsed.errors)}`);

  const oursExecute = () => {
    let out = '';
    for (const o of options) out += render(ours.template, data, o).output;
    return out;
  };
  const refExecute = (code) => {
    let out = '';
    for (const cldr of cldrs) out += reference.execute({ code, json: data, cldr, now: NOW }).ctx.render();
    return out;
  };
  const oursText = oursExecute();
  const refText = refExecute(parsed.code);
  let firstDiff = -1;
  if (oursText !== refText) {
    firstDiff = [...oursText].findIndex((ch, i) => ch !== refText[i]);
    if (firstDiff < 0) firstDiff = Math.min(oursText.length, refText.length);
  }

  const exec = paired(oursExecute, () => refExecute(parsed.code));
  const full = paired(
    () => {
      const template = compile(source).template;
      for (const o of options) render(template, data, o);
    },
    () => refExecute(reference.parse(source).code),
  );
  const [oursExec, refExec, oursFull, refFull] = [exec.ours, exec.reference, full.ours, full.reference];
  const [execRatio, fullRatio, execCpuRatio, fullCpuRatio] = [exec.wall, full.wall, exec.cpu, full.cpu];

  console.log(
    `jsont: ${page.title} (${fmt(source.length)} B template, ${fmt(oursText.length)} B output), ` +
      `${settings.rounds} paired rounds × ${settings.roundMs} ms of CPU each, in alternating order, medians`,
  );
  console.log(
    `  outputs identical to the reference: ${firstDiff < 0 ? 'yes' : `no (first difference at character ${firstDiff})`}`,
  );
  console.log(
    table([
      ['', 'tessera ops/s', 'reference ops/s', 'ratio', 'tessera ops/cpu-s', 'reference ops/cpu-s', 'cpu ratio'],
      [
        'execute only',
        fmt(oursExec.opsPerSec),
        fmt(refExec.opsPerSec),
        `${execRatio.toFixed(2)}×`,
        fmt(oursExec.opsPerCpuSec),
        fmt(refExec.opsPerCpuSec),
        `${execCpuRatio.toFixed(2)}×`,
      ],
      [
        'compile + execute',
        fmt(oursFull.opsPerSec),
        fmt(refFull.opsPerSec),
        `${fullRatio.toFixed(2)}×`,
        fmt(oursFull.opsPerCpuSec),
        fmt(refFull.opsPerCpuSec),
        `${fullCpuRatio.toFixed(2)}×`,
      ],
    ])
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n'),
  );
  const met = (ratio, target) => `${ratio.toFixed(2)}× (target ≥ ${target}×: ${ratio >= target ? 'met' : 'NOT met'})`;
  console.log(
    `  per CPU-second: execute-only ${met(execCpuRatio, TARGET_EXECUTE)}, compile+execute ${met(fullCpuRatio, TARGET_FULL)}\n`,
  );
  summary.push(`${page.name} ${execCpuRatio.toFixed(2)}× / ${fullCpuRatio.toFixed(2)}×`);
  if (firstDiff >= 0 && process.env.BENCH_SHOW_DIFF) {
    console.log('--- tessera ---\n', oursText.slice(Math.max(0, firstDiff - 200), firstDiff + 200));
    console.log('--- reference ---\n', refText.slice(Math.max(0, firstDiff - 200), firstDiff + 200));
  }
}
console.log(`jsont per CPU-second (execute-only / compile+execute): ${summary.join(' · ')}`);
