import { beforeAll, describe, expect, it } from 'vitest';
import { checkDependencyRules, type DependencyReport, loadRulesConfig } from './architecture/dependency-rules.js';

// The import rules of `.dependency-cruiser.cjs` (issue 16), run with dependency-cruiser's API over
// packages/*/src. A failure lists each offending import with the rule's reason; baselines may only shrink.

function listed(lines: string[]): string {
  return lines.map((line) => `  ${line}`).join('\n');
}

describe('dependency rules', { timeout: 60_000 }, () => {
  let report: DependencyReport;
  beforeAll(async () => {
    report = await checkDependencyRules();
  }, 60_000);

  it('cruises every package source file', () => {
    expect(report.modulesCruised).toBeGreaterThan(500);
  });

  it('has no import that breaks a rule', () => {
    const lines = report.violations.map((v) => `${v.from} -> ${v.to}\n    [${v.rule}] ${v.comment}`);
    expect(report.violations, `Imports that break .dependency-cruiser.cjs:\n${listed(lines)}`).toEqual([]);
  });

  it('lists no known violation that is gone (delete it from knownViolations)', () => {
    const lines = report.staleKnown.map((known) => `${known.rule.name}: ${known.from} -> ${known.to}`);
    expect(report.staleKnown, `Gone, delete from knownViolations:\n${listed(lines)}`).toEqual([]);
  });

  it('adds no import edge between server folders that lies on a cycle', () => {
    const baseline = new Set(loadRulesConfig().folderCycleBaseline);
    const added = report.folderCycleEdges.filter((edge) => !baseline.has(edge));
    const cycles = report.folderCycles.map((group) => group.join(', '));
    expect(
      added,
      `New folder-level import cycle edges in packages/server/src (break the cycle; do not add them to ` +
        `folderCycleBaseline):\n${listed(added)}\nFolders on cycles now:\n${listed(cycles)}`,
    ).toEqual([]);
  });

  it('keeps every top-level folder (platform, render, seed, the root files) off import cycles', () => {
    // Domains may still reach each other in a cycle (the baseline above); nothing else may be on one.
    const outside = report.folderCycles.flat().filter((folder) => !folder.startsWith('domains/'));
    expect(outside, `Top-level folders on an import cycle:\n${listed(outside)}`).toEqual([]);
  });

  it('keeps the folder cycle baseline shrinking (delete edges no longer on a cycle)', () => {
    const now = new Set(report.folderCycleEdges);
    const gone = loadRulesConfig().folderCycleBaseline.filter((edge) => !now.has(edge));
    expect(gone, `No longer on a cycle, delete from folderCycleBaseline:\n${listed(gone)}`).toEqual([]);
  });
});

describe('dependency rules catch', { timeout: 60_000 }, () => {
  // A small repository laid out like this one, with one import that breaks each rule.
  const files: Record<string, string> = {
    'packages/core/package.json': '{"name":"@tessera/core","exports":{".":{"source":"./src/index.ts"}}}',
    'packages/core/src/index.ts': 'export const one = 1;\n',
    'packages/jsont/package.json': '{"name":"@tessera/jsont","exports":{".":{"source":"./src/index.ts"}}}',
    'packages/jsont/src/index.ts': "export * from './runtime/cldr.js';\n",
    'packages/jsont/src/runtime/cldr.ts': 'export const cldr = {};\n',
    'packages/editor/package.json': '{"name":"@tessera/editor","exports":{".":{"source":"./src/index.ts"}}}',
    'packages/editor/src/index.ts':
      "import { cldr } from '../../jsont/src/runtime/cldr.js';\nimport { one } from '@tessera/core';\nexport { cldr, one };\n",
    'packages/storefront/package.json': '{"name":"@tessera/storefront","exports":{".":{"source":"./src/index.ts"}}}',
    'packages/storefront/src/index.ts':
      "import type { Cart } from '../../server/src/domains/cart/schemas.js';\nimport { z } from 'zod';\n" +
      "import type { Order } from '../../server/src/domains/cart/index.js';\nexport type { Cart, Order };\nexport const s = z;\n",
    'packages/server/package.json': '{"name":"@tessera/server","exports":{".":{"source":"./src/index.ts"}}}',
    'packages/server/src/index.ts': "export * from './platform/db.js';\n",
    'packages/server/src/platform/db.ts': "import { page } from '../pages/page.js';\nexport const db = page;\n",
    'packages/server/src/pages/page.ts': "import { db } from '../platform/db.js';\nexport const page = () => db;\n",
    'packages/server/src/domains/cart/index.ts': 'export type Order = { id: string };\n',
    'packages/server/src/domains/cart/schemas.ts':
      "import { z } from 'zod';\nexport type Cart = z.infer<typeof z.string>;\n",
    'packages/server/src/domains/orders/service.ts':
      "import type { Cart } from '../cart/schemas.js';\nexport type C = Cart;\n",
  };

  it('reports each kind of broken import and the folder cycle', async () => {
    const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const repo = mkdtempSync(join(tmpdir(), 'tessera-fixture-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(repo, path)), { recursive: true });
        writeFileSync(join(repo, path), text);
      }
      const report = await checkDependencyRules(repo);
      const found = report.violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`).sort();
      expect(found).toEqual([
        'domain-through-its-index: packages/server/src/domains/orders/service.ts -> packages/server/src/domains/cart/schemas.ts',
        'package-by-name-not-by-path: packages/editor/src/index.ts -> packages/jsont/src/runtime/cldr.ts',
        'package-by-name-not-by-path: packages/storefront/src/index.ts -> packages/server/src/domains/cart/index.ts',
        'package-by-name-not-by-path: packages/storefront/src/index.ts -> packages/server/src/domains/cart/schemas.ts',
        'package-public-entries-only: packages/editor/src/index.ts -> packages/jsont/src/runtime/cldr.ts',
        'package-public-entries-only: packages/storefront/src/index.ts -> packages/server/src/domains/cart/index.ts',
        'package-public-entries-only: packages/storefront/src/index.ts -> packages/server/src/domains/cart/schemas.ts',
        'platform-imports-only-platform: packages/server/src/platform/db.ts -> packages/server/src/pages/page.ts',
        'visitor-bundle-not-server-or-editor: packages/storefront/src/index.ts -> packages/server/src/domains/cart/index.ts',
        'visitor-bundle-not-server-or-editor: packages/storefront/src/index.ts -> packages/server/src/domains/cart/schemas.ts',
        'visitor-bundle-schema-types-only: packages/storefront/src/index.ts -> zod',
      ]);
      expect(report.folderCycleEdges).toEqual(['pages/ -> platform/', 'platform/ -> pages/']);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
