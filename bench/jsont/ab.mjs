#!/usr/bin/env node
// Two builds of @tessera/jsont against each other, for the before/after figures of a change:
//   cp -r packages/jsont/dist node_modules/.cache/jsont-ab/before   (then change, build)
//   node bench/jsont/ab.mjs node_modules/.cache/jsont-ab/before packages/jsont/dist [pages]
// Both builds render each page (execute-only, template compiled once by each) in one process,
// in pairs of rounds whose order alternates (A then B, B then A); prints the median over the
// rounds of B's CPU rate / A's, and the range. AB_ROUNDS (12) and AB_ROUND_MS (300 ms of CPU
// per build) set the rounds. A copy of a build must sit under this repository so its imports resolve.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../lib/measure.mjs';
import { blogData, catalogData, gridData, i18nData } from './data.mjs';

const [dirA, dirB, pageList] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node bench/jsont/ab.mjs <dist A> <dist B> [grid,i18n,catalog,blog]');
  process.exit(1);
}
const load = (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const [a, b] = await Promise.all([load(dirA), load(dirB)]);
const PAGES = {
  grid: { file: 'grid.jsont', data: gridData(50), locales: ['en-US'] },
  i18n: { file: 'i18n.jsont', data: i18nData(40), locales: ['en-US', 'de-DE', 'ja-JP'] },
  catalog: { file: 'catalog.jsont', data: catalogData(50), locales: ['en-US'] },
  blog: { file: 'blog.jsont', data: blogData(50), locales: ['en-US'] },
};
/**
 * Operations per CPU-second of `fn`, run until it has used `ms` of CPU time: on a loaded machine a
 * round of fixed wall time gets only a sliver of CPU, so each round is given the same CPU instead.
 */
function opsPerCpuSecond(fn, ms) {
  const start = process.cpuUsage();
  let ops = 0;
  let used = 0;
  while (used < ms * 1000) {
    for (let i = 0; i < 8; i++) fn();
    ops += 8;
    const cpu = process.cpuUsage(start);
    used = cpu.user + cpu.system;
  }
  return (ops * 1e6) / used;
}

const rounds = Number(process.env.AB_ROUNDS ?? 12);
const roundMs = Number(process.env.AB_ROUND_MS ?? 300);
const names = pageList ? pageList.split(',') : Object.keys(PAGES);

for (const name of names) {
  const page = PAGES[name];
  const source = readFileSync(new URL(page.file, import.meta.url), 'utf8');
  const options = page.locales.map((locale) => ({
    locale,
    timeZone: 'America/New_York',
    now: Date.UTC(2026, 10, 21, 12),
  }));
  const runner = (engine) => {
    const template = engine.compile(source).template;
    return () => {
      let text = '';
      for (const o of options) text += engine.render(template, page.data, o).output;
      return text;
    };
  };
  const [runA, runB] = [runner(a), runner(b)];
  if (runA() !== runB()) throw new Error(`${name}: the two builds print different text`);
  opsPerCpuSecond(runA, 500);
  opsPerCpuSecond(runB, 500);
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const [first, second] = r % 2 === 0 ? [runA, runB] : [runB, runA];
    const x = opsPerCpuSecond(first, roundMs);
    const y = opsPerCpuSecond(second, roundMs);
    ratios.push(r % 2 === 0 ? y / x : x / y);
  }
  const line = `${name} B/A ${median(ratios).toFixed(3)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  console.log(line);
}
