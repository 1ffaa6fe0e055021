import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseSync } from 'rolldown/utils';

// dependency-cruiser reads TypeScript through the `typescript` (< 7) or `@swc/core` packages; this
// repository builds with TypeScript 7, which has no JavaScript API. So the import statements of every
// source file are written out as a tiny JavaScript "mirror" of the same tree (parsed by oxc, through
// rolldown, which vite brings), and dependency-cruiser cruises, resolves and judges that mirror. Per import, the mirror has:
//   import './x.js';       a value import or re-export (also `import { type A, b }`)
//   typeOnly('./x.js');    a type-only import or re-export (`.dependency-cruiser.cjs` names
//                          `typeOnly` as an exotic require, so rules see `exotic-require`)
//   import('./x.js');      a dynamic import with a literal specifier
// `x.ts` and `x.tsx` become `x.js`, which is what NodeNext specifiers already say; other files
// (CSS, JSON) are copied empty so that imports of them resolve. Workspace packages get a
// `node_modules/@tessera/*` link and a package.json whose `exports` point at the mirrored sources.

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED = /\.test\.(ts|tsx)$/;

export interface Mirror {
  root: string;
  /** Mirror path (`packages/server/src/app.js`) → source path (`packages/server/src/app.ts`). */
  sourceOf: Map<string, string>;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function literal(text: string): string | undefined {
  const match = /^\s*(['"`])([^'"`$]*)\1\s*$/.exec(text);
  return match?.[2];
}

/** The mirror statements of one TypeScript file, one per import, re-export or literal dynamic import. */
export function importStatements(fileName: string, code: string): string[] {
  const parsed = parseSync(fileName, code);
  if (parsed.errors.length > 0) throw new Error(`${fileName}: ${parsed.errors[0]!.message}`);
  const lines: string[] = [];
  const add = (specifier: string, typeOnly: boolean) =>
    lines.push(typeOnly ? `typeOnly(${JSON.stringify(specifier)});` : `import ${JSON.stringify(specifier)};`);
  for (const item of parsed.module.staticImports) {
    add(item.moduleRequest.value, item.entries.length > 0 && item.entries.every((entry) => entry.isType));
  }
  for (const item of parsed.module.staticExports) {
    const bySource = new Map<string, boolean>();
    for (const entry of item.entries) {
      if (!entry.moduleRequest) continue;
      const typeOnly = bySource.get(entry.moduleRequest.value) ?? true;
      bySource.set(entry.moduleRequest.value, typeOnly && entry.isType);
    }
    for (const [specifier, typeOnly] of bySource) add(specifier, typeOnly);
  }
  for (const item of parsed.module.dynamicImports) {
    const specifier = literal(code.slice(item.moduleRequest.start, item.moduleRequest.end));
    if (specifier !== undefined) lines.push(`import(${JSON.stringify(specifier)});`);
  }
  return lines;
}

function mirrorPath(path: string): string {
  return SOURCE.test(path) ? path.replace(SOURCE, '.js') : path;
}

function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The exports of a workspace package, pointed at the mirrored sources (`source` condition first). */
function mirroredExports(exportsField: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exportsField)) {
    const conditions = typeof target === 'string' ? { default: target } : (target as Record<string, string>);
    const source = conditions.source ?? conditions.default;
    if (source) out[subpath] = mirrorPath(source);
  }
  return out;
}

/** Writes the mirror of `packages/<name>/src` for every package under `repoRoot` into `into`. */
export function writeImportMirror(repoRoot: string, into: string): Mirror {
  const sourceOf = new Map<string, string>();
  const packagesDir = join(repoRoot, 'packages');
  for (const name of readdirSync(packagesDir)) {
    const manifestPath = join(packagesDir, name, 'package.json');
    let manifest: { name: string; exports?: Record<string, unknown> };
    try {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    } catch {
      continue;
    }
    writeFile(
      join(into, 'packages', name, 'package.json'),
      JSON.stringify({ name: manifest.name, type: 'module', exports: mirroredExports(manifest.exports ?? {}) }),
    );
    const link = join(into, 'node_modules', manifest.name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(into, 'packages', name)), link);
    for (const file of walk(join(packagesDir, name, 'src'))) {
      const source = relative(repoRoot, file);
      if (SKIPPED.test(source)) continue;
      const target = mirrorPath(source);
      const text = SOURCE.test(source) ? importStatements(file, readFileSync(file, 'utf8')).join('\n') : '';
      writeFile(join(into, target), `${text}\n`);
      sourceOf.set(target, source);
    }
  }
  return { root: into, sourceOf };
}
