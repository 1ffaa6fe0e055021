#!/usr/bin/env node
// CPU time per render of one bench page with the built engine, for profiling:
//   node --cpu-prof bench/jsont/profile.mjs catalog        (N=3000 renders after 200 warm-up)
// Pages: grid, i18n (its three locales per operation), catalog, blog. Needs `npm run build` first.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { blogData, catalogData, gridData, i18nData } from './data.mjs';

// JSONT_DIST=<path to a copy of packages/jsont/dist> profiles that build instead.
const { compile, render } = await import(
  process.env.JSONT_DIST ? pathToFileURL(resolve(process.env.JSONT_DIST, 'index.js')).href : '@tessera/jsont'
);

const pages = {
  grid: { file: 'grid.jsont', data: () => gridData(50), locales: ['en-US'] },
  i18n: { file: 'i18n.jsont', data: () => i18nData(40), locales: ['en-US', 'de-DE', 'ja-JP'] },
  catalog: { file: 'catalog.jsont', data: () => catalogData(50), locales: ['en-US'] },
  blog: { file: 'blog.jsont', data: () => blogData(50), locales: ['en-US'] },
};
const name = process.argv[2] ?? 'catalog';
const page = pages[name];
if (page === undefined) {
  console.error(`bench/jsont/profile.mjs: unknown page ${name} (grid, i18n, catalog, blog)`);
  process.exit(1);
}
const template = compile(readFileSync(new URL(page.file, import.meta.url), 'utf8')).template;
const data = page.data();
const options = page.locales.map((locale) => ({
  locale,
  timeZone: 'America/New_York',
  now: Date.UTC(2026, 10, 21, 12),
}));
const renderAll = () => {
  for (const o of options) render(template, data, o);
};
const count = Number(process.env.N ?? 3000);
for (let i = 0; i < 200; i++) renderAll();
const start = process.cpuUsage();
for (let i = 0; i < count; i++) renderAll();
const used = process.cpuUsage(start);
console.log(`${name}: ${((used.user + used.system) / 1000 / count).toFixed(4)} ms CPU per render (${count} renders)`);
