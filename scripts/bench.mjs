#!/usr/bin/env node
// `npm run bench [name…]`: runs each bench/<name>/index.mjs in turn (all of them by default).
// Each benchmark prints its figures as a ratio against a baseline measured in the same run.
// A benchmark that needs Node flags says so in a header line of the form
//   // Run: node <flags> bench/<name>/index.mjs
// and is started with those flags. One that needs more than the default 120 s says so in a header
// line of the form `// Timeout: <seconds> s`.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const benchDir = join(root, 'bench');
const PER_BENCH_TIMEOUT_MS = 120_000;
const wanted = process.argv.slice(2);
const names = readdirSync(benchDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(benchDir, d.name, 'index.mjs')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();
if (names.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}

function timeoutMs(file) {
  const header = readFileSync(file, 'utf8').split('\n').slice(0, 20);
  const match = header.map((line) => /^\/\/\s*Timeout:\s*(\d+)\s*s\b/.exec(line)).find(Boolean);
  return match ? Number(match[1]) * 1000 : PER_BENCH_TIMEOUT_MS;
}

function nodeFlags(name, file) {
  const header = readFileSync(file, 'utf8').split('\n').slice(0, 20);
  const pattern = new RegExp(`^//\\s*Run:\\s*node\\s+(.*?)\\s*bench/${name}/index\\.mjs`);
  for (const line of header) {
    const match = pattern.exec(line);
    if (match) return match[1].split(/\s+/).filter(Boolean);
  }
  return [];
}

console.log(`node ${process.version}, ${new Date().toISOString()}`);
const started = Date.now();
const summary = [];
for (const name of names) {
  const file = join(benchDir, name, 'index.mjs');
  const flags = nodeFlags(name, file);
  const timeout = timeoutMs(file);
  const benchStarted = Date.now();
  console.log(`\n▶ bench/${name}${flags.length ? ` (node ${flags.join(' ')})` : ''}`);
  const r = spawnSync(process.execPath, [...flags, file], {
    cwd: root,
    stdio: 'inherit',
    timeout,
  });
  const seconds = (Date.now() - benchStarted) / 1000;
  const ok = r.status === 0;
  const why = r.error?.code === 'ETIMEDOUT' ? ` (stopped after ${timeout / 1000} s)` : '';
  summary.push(`${ok ? '✔' : '✘'} ${name} ${seconds.toFixed(1)} s${why}`);
  console.log(`${ok ? '✔' : '✘'} bench/${name} (${seconds.toFixed(1)} s)${why}`);
}
console.log(`\n${summary.join(' · ')}\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(summary.some((line) => line.startsWith('✘')) ? 1 : 0);
