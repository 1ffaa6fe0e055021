// Import rules of the Tessera monorepo (issue 16), checked by packages/server/test/architecture.test.ts
// (`npx vitest run packages/server/test/architecture.test.ts`, part of `npm test`).
//
// The test cruises an import "mirror" of packages/*/src (see test/architecture/import-mirror.ts): paths
// below therefore end in `.js` where the source file is `.ts`/`.tsx`, and a type-only import is an
// `exotic-require` named `typeOnly`. Test files (`*.test.ts`) are not cruised.
//
// Baselines here may only shrink: the test fails when an entry no longer happens (delete it then),
// and when a violation or a folder-level cycle edge appears that is not listed.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const SERVER = '^packages/server/src/';

/** The files a package offers to other packages: its package.json `exports` (source condition). */
function publicEntries() {
  const entries = [];
  for (const name of readdirSync(join(__dirname, 'packages'))) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(__dirname, 'packages', name, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const target of Object.values(manifest.exports ?? {})) {
      const source = typeof target === 'string' ? target : (target.source ?? target.default);
      if (source) entries.push(`packages/${name}/${source.replace(/^\.\//, '').replace(/\.(ts|tsx|mts)$/, '.js')}`);
    }
  }
  // A subpath pattern (`./contracts/*`) offers every file of its folder, one level deep.
  return entries.map((path) => `^${path.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`);
}

/** Zod schema modules: zod itself and, by name, schema and contract modules (`schemas.ts`, `contracts/`). */
const ZOD_SCHEMA_MODULES = '^zod($|/)|(^|/)schemas?(\\.js$|/)|(^|/)contracts?(\\.js$|/)';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'platform-imports-only-platform',
    comment:
      'server/src/platform/ is the bottom layer: it imports no other top-level folder of server/src ' +
      '(root files such as config.ts and errors.ts move into platform/ with the domain move).',
    severity: 'error',
    from: { path: `${SERVER}platform/` },
    to: { path: `${SERVER}[^/]+/`, pathNot: `${SERVER}platform/` },
  },
  {
    name: 'domain-through-its-index',
    comment: 'A file in domains/<a>/ uses another domain only through domains/<b>/index.ts.',
    severity: 'error',
    from: { path: `${SERVER}domains/([^/]+)/` },
    to: {
      path: `${SERVER}domains/`,
      pathNot: [`${SERVER}domains/$1/`, `${SERVER}domains/[^/]+/index\\.js$`],
    },
  },
  {
    name: 'visitor-bundle-not-server-or-editor',
    comment: 'Visitor bundles (packages/storefront) import nothing from the server or the editor, not even types.',
    severity: 'error',
    from: { path: '^packages/storefront/' },
    to: { path: '^packages/(server|editor)/|^@tessera/(server|editor)($|/)' },
  },
  {
    name: 'visitor-bundle-schema-types-only',
    comment: 'Visitor bundles take only types from zod schema modules (`import type`), so no zod ships to visitors.',
    severity: 'error',
    from: { path: '^packages/storefront/' },
    to: { path: ZOD_SCHEMA_MODULES, dependencyTypesNot: ['exotic-require'] },
  },
  {
    name: 'package-by-name-not-by-path',
    comment: 'A package imports another package by its name (`@tessera/jsont`), never by a relative path into it.',
    severity: 'error',
    from: { path: '^packages/([^/]+)/' },
    to: { path: '^packages/', pathNot: '^packages/$1/', dependencyTypes: ['local'] },
  },
  {
    name: 'package-public-entries-only',
    comment: "Another package's files are private: only the entries of its package.json `exports` may be imported.",
    severity: 'error',
    from: { path: '^packages/([^/]+)/' },
    to: { path: '^packages/', pathNot: ['^packages/$1/', ...publicEntries()] },
  },
  {
    name: 'package-unknown-subpath',
    comment: "An `@tessera/*` import that does not resolve reaches for a path the package's exports do not offer.",
    severity: 'error',
    from: {},
    to: { path: '^@tessera/', couldNotResolve: true },
  },
];

/**
 * Module-level violations that exist today, as dependency-cruiser reports them ({ rule: { name }, from, to }).
 * None since issue 16 gave every domain a public surface (index.ts: named re-exports; its routes in plugin.ts)
 * and platform/ stopped importing domains. Keep it that way: fix the import, do not list it here.
 */
const knownViolations = [];

/**
 * Import edges between top-level folders of packages/server/src that lie on an import cycle today
 * ("a -> b": a file in a/ imports a file in b/; type-only imports count; a root file such as config.ts
 * is its own node; each domains/<area>/ is a node of its own). Measured again after the folder move
 * (issue 16, scripts/move-server-layout.mjs): 1 cycle(s) of 23 nodes, 115 edges (before the move: 146).
 * Since render/ and seed/ left the cycle (render/ takes the content model and languages from
 * `@tessera/core/site`, owner-HTML cleaning from platform/html/; the starter kit moved from seed/ into
 * domains/sites/starter-kit/, and the `site` command to site-cli.ts): no top-level folder is on a
 * cycle, only domains between themselves: 1 cycle of 16 domains, 62 edges. Two of them
 * (checkout -> cart, gift-cards -> restock) were on that cycle before too (each pair already reached
 * the other through settings and checkout); dependency-cruiser marked them circular only once the
 * cycle's shape changed. A new edge on a cycle (a new cycle or a new folder pair in one) fails the
 * test; so does an entry that is no longer on one.
 */
const folderCycleBaseline = [
  'domains/auth/ -> domains/content/',
  'domains/auth/ -> domains/forms/',
  'domains/auth/ -> domains/restock/',
  'domains/auth/ -> domains/settings/',
  'domains/auth/ -> domains/site-users/',
  'domains/auth/ -> domains/sites/',
  'domains/cart/ -> domains/content/',
  'domains/checkout/ -> domains/auth/',
  'domains/checkout/ -> domains/cart/',
  'domains/checkout/ -> domains/content/',
  'domains/checkout/ -> domains/gift-cards/',
  'domains/checkout/ -> domains/payments/',
  'domains/checkout/ -> domains/restock/',
  'domains/checkout/ -> domains/settings/',
  'domains/checkout/ -> domains/site-users/',
  'domains/checkout/ -> domains/subscriptions/',
  'domains/checkout/ -> domains/tracking/',
  'domains/checkout/ -> domains/webhooks/',
  'domains/comments/ -> domains/auth/',
  'domains/comments/ -> domains/content/',
  'domains/content/ -> domains/auth/',
  'domains/content/ -> domains/cart/',
  'domains/content/ -> domains/comments/',
  'domains/content/ -> domains/forms/',
  'domains/content/ -> domains/settings/',
  'domains/content/ -> domains/site-users/',
  'domains/content/ -> domains/web/',
  'domains/forms/ -> domains/auth/',
  'domains/forms/ -> domains/cart/',
  'domains/forms/ -> domains/content/',
  'domains/forms/ -> domains/settings/',
  'domains/gift-cards/ -> domains/checkout/',
  'domains/gift-cards/ -> domains/restock/',
  'domains/gift-cards/ -> domains/settings/',
  'domains/payments/ -> domains/auth/',
  'domains/payments/ -> domains/checkout/',
  'domains/payments/ -> domains/content/',
  'domains/restock/ -> domains/auth/',
  'domains/restock/ -> domains/content/',
  'domains/restock/ -> domains/forms/',
  'domains/restock/ -> domains/settings/',
  'domains/restock/ -> domains/site-users/',
  'domains/settings/ -> domains/auth/',
  'domains/settings/ -> domains/checkout/',
  'domains/settings/ -> domains/content/',
  'domains/settings/ -> domains/forms/',
  'domains/settings/ -> domains/payments/',
  'domains/settings/ -> domains/web/',
  'domains/site-users/ -> domains/auth/',
  'domains/site-users/ -> domains/content/',
  'domains/sites/ -> domains/auth/',
  'domains/sites/ -> domains/checkout/',
  'domains/sites/ -> domains/content/',
  'domains/sites/ -> domains/forms/',
  'domains/subscriptions/ -> domains/checkout/',
  'domains/subscriptions/ -> domains/payments/',
  'domains/subscriptions/ -> domains/webhooks/',
  'domains/web/ -> domains/auth/',
  'domains/web/ -> domains/content/',
  'domains/web/ -> domains/settings/',
  'domains/web/ -> domains/site-users/',
  'domains/webhooks/ -> domains/checkout/',
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    // Cycles are judged per folder (folderCycleBaseline), so module-level cycle analysis is skipped.
    skipAnalysisNotInRules: true,
    exoticRequireStrings: ['typeOnly'],
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.js'] },
    knownViolations,
  },
  folderCycleBaseline,
  folderCycleScope: 'packages/server/src',
};
