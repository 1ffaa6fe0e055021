import type { ThemeFileDiff } from '@tessera/core/contracts/site-themes';

/** The line differences of one file (`GET /api/config/theme/compare`'s, as its contract describes them). */
export type FileDiff = ThemeFileDiff;
/** One line of a diff: kept, removed from the old text or added in the new one. */
export type DiffLine = ThemeFileDiff['lines'][number];

/** Beyond this many line pairs the diff is the plain "all removed, all added" (bounded memory). */
const MAX_CELLS = 4_000_000;

/** A line diff by longest common subsequence, after trimming the common start and end. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ op: ' ', text }));
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ op: ' ', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return [...head, ...middle(midA, midB), ...tail];
}

function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))];
  }
  // lengths[i][j]: longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      out.push({ op: '-', text: a[i++]! });
    } else {
      out.push({ op: '+', text: b[j++]! });
    }
  }
  while (i < n) out.push({ op: '-', text: a[i++]! });
  while (j < m) out.push({ op: '+', text: b[j++]! });
  return out;
}

/**
 * Per-file diff of two versions' overridden files; a file a version does not override is the
 * default theme's (`defaultSource`).
 */
export function diffVersions(
  older: Readonly<Record<string, string>>,
  newer: Readonly<Record<string, string>>,
  defaultSource: (path: string) => string,
): FileDiff[] {
  const paths = [...new Set([...Object.keys(older), ...Object.keys(newer)])].sort();
  const out: FileDiff[] = [];
  for (const path of paths) {
    const before = older[path] ?? defaultSource(path);
    const after = newer[path] ?? defaultSource(path);
    if (before === after) continue;
    const status = older[path] === undefined ? 'added' : newer[path] === undefined ? 'removed' : 'changed';
    out.push({ path, status, lines: diffLines(before, after) });
  }
  return out;
}
