#!/usr/bin/env node
// Template engine benchmark: a 50-product grid page rendered by @tessera/jsont and by the
// reference @squarespace/template-engine in the same process. Prints ops/s of both, execute-only
// (template compiled once) and compile+execute, and the ratio ours / reference.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compare, fmt, table } from '../lib/measure.mjs';
import { gridData } from './data.mjs';

const root = new URL('../..', import.meta.url);
if (!existsSync(new URL('packages/jsont/dist/index.js', root))) {
  console.error('bench/jsont: packages/jsont/dist/index.js is missing; run `npm run build` first.');
  process.exit(1);
}
const { compile, render } = await import('@tessera/jsont');

// The reference engine is a devDependency of packages/jsont: resolve it from there.
const requireFromJsont = createRequire(new URL('packages/jsont/package.json', root));
const { Compiler } = requireFromJsont('@squarespace/template-engine');
const { CLDRFramework } = requireFromJsont('@phensley/cldr');
const englishPack = readFileSync(requireFromJsont.resolve('@phensley/cldr/packs/en.json'), 'utf8');
const cldr = new CLDRFramework({ loader: () => englishPack }).get('en-US');

const source = readFileSync(new URL('grid.jsont', import.meta.url), 'utf8');
const data = gridData(50);
const NOW = Date.UTC(2026, 10, 21, 12);
const options = { locale: 'en-US', timeZone: 'America/New_York', now: NOW };

const ours = compile(source);
if (ours.errors.length > 0) throw new Error(`@tessera/jsont cannot compile the grid: ${JSON.stringify(ours.errors)}`);
const reference = new Compiler();
const parsed = reference.parse(source);
if (parsed.errors.length > 0) throw new Error(`reference cannot parse the grid: ${JSON.stringify(parsed.errors)}`);

const ourOutput = render(ours.template, data, options);
const refOutput = reference.execute({ code: parsed.code, json: data, cldr, now: NOW });
const refText = refOutput.ctx.render();
if (ourOutput.errors.length > 0) console.log(`  note: @tessera/jsont reported ${JSON.stringify(ourOutput.errors)}`);
if (refOutput.errors.length > 0) console.log(`  note: reference reported ${JSON.stringify(refOutput.errors)}`);
const same = ourOutput.output === refText;
let firstDiff = -1;
if (!same) {
  firstDiff = [...ourOutput.output].findIndex((ch, i) => ch !== refText[i]);
  if (firstDiff < 0) firstDiff = Math.min(ourOutput.output.length, refText.length);
}

const settings = {
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 400),
  roundMs: Number(process.env.BENCH_ROUND_MS ?? 500),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
};
const results = compare(
  [
    { name: 'tessera execute', fn: () => render(ours.template, data, options) },
    {
      name: 'reference execute',
      fn: () => reference.execute({ code: parsed.code, json: data, cldr, now: NOW }).ctx.render(),
    },
    { name: 'tessera compile+execute', fn: () => render(compile(source).template, data, options) },
    {
      name: 'reference compile+execute',
      fn: () => reference.execute({ code: reference.parse(source).code, json: data, cldr, now: NOW }).ctx.render(),
    },
  ],
  settings,
);
const [oursExec, refExec, oursFull, refFull] = results;
const execRatio = oursExec.opsPerSec / refExec.opsPerSec;
const fullRatio = oursFull.opsPerSec / refFull.opsPerSec;
const execCpuRatio = oursExec.opsPerCpuSec / refExec.opsPerCpuSec;
const fullCpuRatio = oursFull.opsPerCpuSec / refFull.opsPerCpuSec;

console.log(
  `jsont: 50-product grid page (${fmt(source.length)} B template, ${fmt(ourOutput.output.length)} B output), ` +
    `median of ${settings.rounds} rounds × ${settings.roundMs} ms`,
);
console.log(
  `  outputs identical to the reference: ${same ? 'yes' : `no (first difference at character ${firstDiff})`}`,
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
console.log(`  target: execute-only ≥ 3.00× (per CPU-second) — ${execCpuRatio >= 3 ? 'met' : 'NOT met'}`);
if (!same && process.env.BENCH_SHOW_DIFF) {
  console.log('--- tessera ---\n', ourOutput.output.slice(Math.max(0, firstDiff - 200), firstDiff + 200));
  console.log('--- reference ---\n', refText.slice(Math.max(0, firstDiff - 200), firstDiff + 200));
}
