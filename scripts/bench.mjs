#!/usr/bin/env node
// `npm run bench [name…]`: runs each bench/<name>/index.mjs in turn (all of them by default).
// Each benchmark prints its figures as a ratio against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const benchDir = join(root, 'bench');
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
console.log(`node ${process.version}, ${new Date().toISOString()}`);
let failures = 0;
for (const name of names) {
  const started = Date.now();
  console.log(`\n▶ bench/${name}`);
  const r = spawnSync(process.execPath, [join(benchDir, name, 'index.mjs')], {
    cwd: root,
    stdio: 'inherit',
    timeout: 120_000,
  });
  const ok = r.status === 0;
  if (!ok) failures++;
  console.log(`${ok ? '✔' : '✘'} bench/${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failures > 0 ? 1 : 0);
