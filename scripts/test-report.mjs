// Reading Vitest's JSON reports for the summary at the end of `npm test` and of CI: which tests
// failed, by file and name, each with the first lines of its error, printed just above the totals
// so that the tail of a long log is enough to know what to look at and why it failed.

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

// The error's first lines (its message, then the first stack line that is in the test's own file),
// without colours, each cut to a readable length.
function why(message, where) {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const said = lines.filter((line) => !line.startsWith('at ')).slice(0, 3);
  const at = lines.find((line) => line.startsWith('at ') && where && line.includes(where));
  return [...said, ...(at ? [at] : [])].map((line) => (line.length > 240 ? `${line.slice(0, 237)}...` : line));
}

// "file › test name" for each failed test in a Vitest JSON report (with why it failed), and each
// file that failed without a failed test (it did not load, or an error escaped its tests).
export function failedTests(report, root) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name ?? '').replace(`${root}/`, '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      failures.push({ name: `${where} › ${t.fullName || t.title}`, why: why(t.failureMessages?.[0], where) });
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push({ name: `${where} (${why(file.message || 'failed', where)[0] ?? 'failed'})`, why: [] });
    }
  }
  return failures;
}

// Each failure is a name, or a test's { name, why } from failedTests.
export function printFailures(failures) {
  if (failures.length === 0) return;
  console.log('\nFailed:');
  for (const failure of failures) {
    console.log(`  ✘ ${typeof failure === 'string' ? failure : failure.name}`);
    for (const line of failure.why ?? []) console.log(`      ${line}`);
  }
}
