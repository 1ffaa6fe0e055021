import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The contracts are zod schemas; the browser packages take only their types (`import type`), so zod never
// reaches a visitor's or an owner's bundle (issue 16, contracts/README.md). Checked three ways: the
// browser packages' sources import contracts as types only, nothing they bundle from core imports zod,
// and, when `npm run build` has run, no file of the built bundles carries zod.

const ROOT = join(import.meta.dirname, '../../../..');
const BROWSER_PACKAGES = ['storefront', 'editor'];
const CONTRACTS = '@tessera/core/contracts/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The imports and re-exports of `specifier` prefixes in `source` that are not type-only: `import type`
 * and `export type` are erased; anything else (even `import { type A }`, which keeps an empty import
 * under verbatimModuleSyntax) loads the module at run time.
 */
function valueImports(source: string, prefixes: readonly string[]): string[] {
  const found: string[] = [];
  const statement =
    /(?:^|[\n;])\s*(import|export)\b([^;'"]*?)\bfrom\s*(['"])([^'"]+)\3|\bimport\s*\(\s*(['"])([^'"]+)\5\s*\)|(?:^|[\n;])\s*import\s*(['"])([^'"]+)\7/g;
  for (const match of source.matchAll(statement)) {
    const specifier = match[4] ?? match[6] ?? match[8] ?? '';
    if (!prefixes.some((prefix) => specifier === prefix || specifier.startsWith(prefix))) continue;
    const typeOnly = match[4] !== undefined && /^\s*type\b/.test(match[2] ?? '');
    if (!typeOnly) found.push(match[0].replace(/^[\s;]+/, '').replace(/\s+/g, ' '));
  }
  return found;
}

describe('valueImports', () => {
  it('lets type-only imports and re-exports pass and names every other kind', () => {
    const source = [
      "import type { ShoppingCart } from '@tessera/core/contracts/cart';",
      'import type {\n  QuoteAnswer,\n  OrderAnswer,\n} from "@tessera/core/contracts/checkout";',
      "export type { CartEntry } from '@tessera/core/contracts/cart';",
      "import { formatMoney } from '@tessera/core';",
      "import { shoppingCart } from '@tessera/core/contracts/cart';",
      "import { type CartEntry } from '@tessera/core/contracts/cart';",
      "export { errorAnswer } from '@tessera/core/contracts/errors';",
      "const lazy = () => import('@tessera/core/contracts/forms');",
      "import '@tessera/core/contracts/reviews';",
    ].join('\n');
    expect(valueImports(source, [CONTRACTS])).toEqual([
      "import { shoppingCart } from '@tessera/core/contracts/cart'",
      "import { type CartEntry } from '@tessera/core/contracts/cart'",
      "export { errorAnswer } from '@tessera/core/contracts/errors'",
      "import('@tessera/core/contracts/forms')",
      "import '@tessera/core/contracts/reviews'",
    ]);
  });
});

describe('contracts in browser bundles', () => {
  it('the storefront and the editor import contracts as types only, and zod not at all', () => {
    const problems: string[] = [];
    for (const name of BROWSER_PACKAGES) {
      for (const file of sourceFiles(join(ROOT, 'packages', name, 'src'))) {
        for (const found of valueImports(readFileSync(file, 'utf8'), [CONTRACTS, 'zod'])) {
          problems.push(`${relative(ROOT, file)}: ${found}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('nothing of core outside contracts/ (what the browser packages bundle) loads zod or a contract', () => {
    const problems: string[] = [];
    const core = join(ROOT, 'packages/core/src');
    for (const file of sourceFiles(core)) {
      const path = relative(core, file);
      if (path.startsWith('contracts/') || /\.test\.tsx?$/.test(path)) continue;
      for (const found of valueImports(readFileSync(file, 'utf8'), ['zod', '../contracts/', './contracts/'])) {
        problems.push(`packages/core/src/${path}: ${found}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // zod v4 names its error class `$ZodError` (core) and `ZodError` (classic); a minifier keeps both strings.
  for (const name of BROWSER_PACKAGES) {
    const manifest = join(ROOT, 'packages', name, 'dist/manifest.json');
    it.skipIf(!existsSync(manifest))(`the built ${name} bundle carries no zod`, () => {
      const chunks = Object.values(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string }>);
      const files = [...new Set(chunks.map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
      expect(files.length).toBeGreaterThan(0);
      const carrying = files.filter((file) =>
        /\$?ZodError/.test(readFileSync(join(ROOT, 'packages', name, 'dist', file), 'utf8')),
      );
      expect(carrying).toEqual([]);
    });
  }
});
