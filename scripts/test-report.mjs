// Reading Vitest's JSON reports for the summary at the end of `npm test` and of CI: which tests
// failed, by file and name, printed just above the totals so that the tail of a long log is enough
// to know what to look at.

// "file › test name" for each failed test in a Vitest JSON report, and each file that failed
// without a failed test (it did not load, or an error escaped its tests).
export function failedTests(report, root) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name ?? '').replace(`${root}/`, '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) names.push(`${where} › ${t.fullName || t.title}`);
    if (failed.length === 0 && file.status === 'failed') {
      const why = String(file.message || 'failed')
        .split('\n')[0]
        .slice(0, 200);
      names.push(`${where} (${why})`);
    }
  }
  return names;
}

export function printFailures(failures) {
  if (failures.length === 0) return;
  console.log('\nFailed:');
  for (const name of failures) console.log(`  ✘ ${name}`);
}
