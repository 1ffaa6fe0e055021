#!/usr/bin/env node
// One summary line for several test runs, as CI makes them: `npm test` on Node 24 (its totals in
// test-results/totals.json), then more Vitest runs, such as the unit and integration tests on
// Node 22, each named here by its JSON report. A report that is missing (the run never got to
// write it) counts as one failure. Prints "N passed, N failed, N skipped"; exits 1 if any failed.
// Usage: node scripts/test-summary.mjs test-results/unit-node22.json …
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failedTests, printFailures } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const totalsFile = join(root, 'test-results', 'totals.json');
const totals = existsSync(totalsFile)
  ? JSON.parse(readFileSync(totalsFile, 'utf8'))
  : { passed: 0, failed: 1, skipped: 0, failures: ['npm test wrote no totals'] };
const failures = [...(totals.failures ?? [])];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    totals.failed += 1;
    failures.push(`${file} (never written)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && !report.numFailedTests) {
    totals.failed += 1;
    failures.push(`${file}: the run failed outside any test (an unhandled error, see above)`);
  }
  failures.push(...failedTests(report, root).map((failure) => ({ ...failure, name: `${file}: ${failure.name}` })));
}
printFailures(failures);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
