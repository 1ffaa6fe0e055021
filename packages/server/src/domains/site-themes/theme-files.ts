import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@tessera/jsont';
import type { ThemeCompileError } from '@tessera/core/contracts/site-themes';
import { filesUnder } from '../../platform/files-under.js';

/** Largest source of one file a site may store (the default theme's biggest file is about 20 KB). */
export const MAX_FILE_CHARS = 200_000;
/** Largest total of a version's overridden files. */
export const MAX_VERSION_CHARS = 2_000_000;
/** Saved versions a site keeps; the oldest one that is not live goes when a new one is saved. */
export const MAX_VERSIONS = 50;

export type ThemeFileKind = 'template' | 'partial' | 'css';

export interface ThemeFileEntry {
  readonly path: string;
  readonly kind: ThemeFileKind;
}

export type { ThemeCompileError };

/**
 * The files of a theme folder a site may have its own copy of: `templates/*.jsont`,
 * `partials/**\/*.block` and `assets/*.css`. Paths are these exact strings; nothing else can be
 * stored, so a name like `../../etc/passwd` never reaches the disk or the database.
 */
export class DefaultThemeFiles {
  readonly entries: readonly ThemeFileEntry[];
  private readonly byPath: ReadonlyMap<string, ThemeFileEntry>;
  private readonly sources = new Map<string, string>();

  constructor(readonly dir: string) {
    const entries: ThemeFileEntry[] = [
      ...filesUnder(join(dir, 'templates'), '.jsont')
        .filter((file) => !file.includes('/'))
        .map((file) => ({ path: `templates/${file}`, kind: 'template' as const })),
      ...filesUnder(join(dir, 'partials'), '.block').map((file) => ({
        path: `partials/${file}`,
        kind: 'partial' as const,
      })),
      ...filesUnder(join(dir, 'assets'), '.css')
        .filter((file) => !file.includes('/'))
        .map((file) => ({ path: `assets/${file}`, kind: 'css' as const })),
    ];
    this.entries = entries;
    this.byPath = new Map(entries.map((entry) => [entry.path, entry]));
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  kindOf(path: string): ThemeFileKind | undefined {
    return this.byPath.get(path)?.kind;
  }

  /** The default theme's own source of `path` (read once). */
  source(path: string): string {
    const known = this.sources.get(path);
    if (known !== undefined) return known;
    if (!this.byPath.has(path)) throw new Error(`Not a theme file: ${path}`);
    const text = readFileSync(join(this.dir, path), 'utf8');
    this.sources.set(path, text);
    return text;
  }
}

/** Problems with a set of files before anything is compiled: unknown names and sizes. */
export function fileProblems(defaults: DefaultThemeFiles, files: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  let total = 0;
  for (const [path, source] of Object.entries(files)) {
    if (!defaults.has(path)) {
      problems.push(`${path.slice(0, 120)}: only files of the default theme can be changed.`);
      continue;
    }
    if (source.length > MAX_FILE_CHARS) problems.push(`${path}: a file can have at most ${MAX_FILE_CHARS} characters.`);
    if (source.includes('\u0000')) problems.push(`${path}: the file contains a NUL character.`);
    total += source.length;
  }
  if (total > MAX_VERSION_CHARS)
    problems.push(`A theme version can have at most ${MAX_VERSION_CHARS} characters of changed files.`);
  return problems;
}

/** Compiles every template and partial of `files` with the engine; CSS is not checked. */
export function compileErrors(
  defaults: DefaultThemeFiles,
  files: Readonly<Record<string, string>>,
): ThemeCompileError[] {
  const errors: ThemeCompileError[] = [];
  for (const [path, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const kind = defaults.kindOf(path);
    if (kind !== 'template' && kind !== 'partial') continue;
    for (const error of compile(source).errors) {
      errors.push({ file: path, line: error.line ?? 1, column: error.column ?? 1, message: error.message });
    }
  }
  return errors;
}

/** Drops files whose text is the default's own, so a version holds only real changes. */
export function onlyChanged(
  defaults: DefaultThemeFiles,
  files: Readonly<Record<string, string>>,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [path, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (defaults.has(path) && source !== defaults.source(path)) changed[path] = source;
  }
  return changed;
}
