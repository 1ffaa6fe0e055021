import { describe, expect, it } from 'vitest';
import { diffLines, diffVersions } from './line-diff.js';

const changed = (lines: { op: string; text: string }[]) => lines.filter((line) => line.op !== ' ');

describe('diffLines', () => {
  it('keeps equal texts as context only', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { op: ' ', text: 'a' },
      { op: ' ', text: 'b' },
    ]);
  });

  it('finds a changed line between kept ones', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
    ]);
  });

  it('finds insertions and deletions by longest common subsequence', () => {
    const lines = diffLines('one\ntwo\nthree\nfour', 'zero\none\nthree\nfour\nfive');
    expect(changed(lines)).toEqual([
      { op: '+', text: 'zero' },
      { op: '-', text: 'two' },
      { op: '+', text: 'five' },
    ]);
    // Applying the diff gives the new text back; dropping its additions gives the old one.
    expect(lines.filter((l) => l.op !== '-').map((l) => l.text)).toEqual('zero\none\nthree\nfour\nfive'.split('\n'));
    expect(lines.filter((l) => l.op !== '+').map((l) => l.text)).toEqual('one\ntwo\nthree\nfour'.split('\n'));
  });

  it('stays bounded on huge inputs', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    const lines = diffLines(a, b);
    expect(lines).toHaveLength(6000);
    expect(lines[0]).toEqual({ op: '-', text: 'a0' });
    expect(lines[5999]).toEqual({ op: '+', text: 'b2999' });
  });
});

describe('diffVersions', () => {
  const defaults: Record<string, string> = { 'templates/a.jsont': 'A', 'assets/theme.css': 'css' };
  const source = (path: string) => defaults[path]!;

  it('compares each version over the default theme and names what happened to each file', () => {
    const diff = diffVersions(
      { 'templates/a.jsont': 'A1', 'assets/theme.css': 'red' },
      { 'assets/theme.css': 'blue', 'templates/b.jsont': 'B' },
      (path) => (path === 'templates/b.jsont' ? 'b' : source(path)),
    );
    expect(diff.map((file) => [file.path, file.status])).toEqual([
      ['assets/theme.css', 'changed'],
      ['templates/a.jsont', 'removed'],
      ['templates/b.jsont', 'added'],
    ]);
    expect(changed(diff[1]!.lines as { op: string; text: string }[])).toEqual([
      { op: '-', text: 'A1' },
      { op: '+', text: 'A' },
    ]);
  });

  it('leaves out files that end up the same', () => {
    expect(diffVersions({ 'templates/a.jsont': 'A' }, {}, source)).toEqual([]);
  });
});
