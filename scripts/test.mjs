#!/usr/bin/env node
// The whole test suite, as `npm test` runs it: types, lint, build, unit and
// integration tests (SQLite and PostgreSQL), then the browser tests, all on the Node.js running
// this script. Ends with one summary line "N passed, N failed, N skipped", also written to
// test-results/totals.json (scripts/test-summary.mjs adds further runs to it, as CI does).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { failedTests, printFailures } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let failedSteps = 0;
// failures: what failed, by name, so that the last lines of a long log say which test to look at.
const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };

// This Node first on PATH, so that `npx` and what it starts run on it too.
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH, ...env } });
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) {
    failedSteps++;
    totals.failures.push(`step: ${name}`);
  }
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  totals.failures.push(...failedTests(report, root));
}

const npx = 'npx';
console.log(`Node.js ${process.version} (${process.execPath})`);
step('typecheck and build types', npx, ['tsc', '-b']);
step('typecheck tests', npx, ['tsc', '-p', 'tsconfig.tests.json']);
step('lint', npx, ['biome', 'check', '.']);
step('build', process.execPath, ['scripts/build.mjs']);
const unitReport = join(reports, 'unit.json');
step('unit and integration tests', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
countVitest(unitReport);
if (existsSync(join(root, 'vitest.e2e.config.ts'))) {
  const e2eReport = join(reports, 'e2e.json');
  step('browser tests', npx, [
    'vitest',
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eReport}`,
  ]);
  countVitest(e2eReport);
}

if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
writeFileSync(join(reports, 'totals.json'), `${JSON.stringify(totals)}\n`);
printFailures(totals.failures);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
