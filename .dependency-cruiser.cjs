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
  return entries.map((path) => `^${path.replace(/[.]/g, '\\.')}$`);
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
 * Each is to be removed by the domain move.
 */
const knownViolations = [
  // to be removed by the domain move (db/ moves into platform/)
  {
    type: 'dependency',
    rule: { name: 'platform-imports-only-platform' },
    from: 'packages/server/src/platform/cluster/create-bus.js',
    to: 'packages/server/src/db/connect.js',
  },
  // to be removed by the domain move (db/ moves into platform/)
  {
    type: 'dependency',
    rule: { name: 'platform-imports-only-platform' },
    from: 'packages/server/src/platform/cluster/create-bus.js',
    to: 'packages/server/src/db/schema.js',
  },
  // to be removed by the domain move (db/ moves into platform/)
  {
    type: 'dependency',
    rule: { name: 'platform-imports-only-platform' },
    from: 'packages/server/src/platform/operations/health.js',
    to: 'packages/server/src/db/migrations.js',
  },
  // to be removed by the domain move (db/ moves into platform/)
  {
    type: 'dependency',
    rule: { name: 'platform-imports-only-platform' },
    from: 'packages/server/src/platform/operations/metrics.js',
    to: 'packages/server/src/db/connect.js',
  },
  // to be removed by the domain move (db/ moves into platform/)
  {
    type: 'dependency',
    rule: { name: 'platform-imports-only-platform' },
    from: 'packages/server/src/platform/operations/migration-guard.js',
    to: 'packages/server/src/db/connect.js',
  },
];

/**
 * Import edges between top-level folders of packages/server/src that lie on an import cycle today
 * ("a -> b": a file in a/ imports a file in b/; type-only imports count; a root file such as config.ts
 * is its own node). Measured 2026-11-26: one cycle of 24 nodes (22 of the 25 folders, config.ts,
 * errors.ts), 144 edges. A new edge on a cycle (a new cycle or a new folder pair in one) fails the test;
 * so does an entry that is no longer on one.
 */
const folderCycleBaseline = [
  'admin/ -> auth/', // to be removed by the domain move
  'admin/ -> checkout/', // to be removed by the domain move
  'admin/ -> content/', // to be removed by the domain move
  'admin/ -> db/', // to be removed by the domain move
  'admin/ -> editor/', // to be removed by the domain move
  'admin/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'admin/ -> http/', // to be removed by the domain move
  'admin/ -> mail/', // to be removed by the domain move
  'admin/ -> restock/', // to be removed by the domain move
  'admin/ -> site-settings/', // to be removed by the domain move
  'admin/ -> tracking/', // to be removed by the domain move
  'admin/ -> web/', // to be removed by the domain move
  'auth/ -> content/', // to be removed by the domain move
  'auth/ -> db/', // to be removed by the domain move
  'auth/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'auth/ -> forms/', // to be removed by the domain move
  'auth/ -> http/', // to be removed by the domain move
  'auth/ -> mail/', // to be removed by the domain move
  'auth/ -> site-users/', // to be removed by the domain move
  'auth/ -> sites/', // to be removed by the domain move
  'checkout/ -> auth/', // to be removed by the domain move
  'checkout/ -> commerce/', // to be removed by the domain move
  'checkout/ -> consent/', // to be removed by the domain move
  'checkout/ -> content/', // to be removed by the domain move
  'checkout/ -> db/', // to be removed by the domain move
  'checkout/ -> domains/', // to be removed by the domain move
  'checkout/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'checkout/ -> http/', // to be removed by the domain move
  'checkout/ -> mail/', // to be removed by the domain move
  'checkout/ -> pages/', // to be removed by the domain move
  'checkout/ -> platform/', // to be removed by the domain move (platform/ is on the cycle via db/)
  'checkout/ -> restock/', // to be removed by the domain move
  'checkout/ -> site-settings/', // to be removed by the domain move
  'checkout/ -> site-users/', // to be removed by the domain move
  'checkout/ -> tracking/', // to be removed by the domain move
  'comments/ -> content/', // to be removed by the domain move
  'comments/ -> db/', // to be removed by the domain move
  'comments/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'comments/ -> http/', // to be removed by the domain move
  'commerce/ -> content/', // to be removed by the domain move
  'commerce/ -> db/', // to be removed by the domain move
  'commerce/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'commerce/ -> http/', // to be removed by the domain move
  'config.ts -> auth/', // to be removed by the domain move
  'config.ts -> http/', // to be removed by the domain move
  'config.ts -> platform/', // to be removed by the domain move (platform/ is on the cycle via db/; issue 18 storage)
  'consent/ -> http/', // to be removed by the domain move
  'content/ -> db/', // to be removed by the domain move
  'content/ -> editor/', // to be removed by the domain move
  'content/ -> platform/', // to be removed by the domain move
  'content/ -> site-settings/', // to be removed by the domain move
  'db/ -> checkout/', // to be removed by the domain move
  'db/ -> content/', // to be removed by the domain move
  'db/ -> forms/', // to be removed by the domain move
  'db/ -> pages/', // to be removed by the domain move
  'db/ -> platform/', // to be removed by the domain move
  'db/ -> tracking/', // to be removed by the domain move
  'domains/ -> auth/', // to be removed by the domain move
  'domains/ -> checkout/', // to be removed by the domain move
  'domains/ -> config.ts', // to be removed by the domain move
  'domains/ -> content/', // to be removed by the domain move
  'domains/ -> db/', // to be removed by the domain move
  'domains/ -> http/', // to be removed by the domain move
  'domains/ -> mail/', // to be removed by the domain move
  'domains/ -> platform/', // to be removed by the domain move
  'editor/ -> admin/', // to be removed by the domain move
  'editor/ -> auth/', // to be removed by the domain move
  'editor/ -> comments/', // to be removed by the domain move
  'editor/ -> content/', // to be removed by the domain move
  'editor/ -> db/', // to be removed by the domain move
  'editor/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'editor/ -> files/', // to be removed by the domain move (appeared during session 4: review)
  'editor/ -> http/', // to be removed by the domain move
  'editor/ -> pages/', // to be removed by the domain move
  'editor/ -> web/', // to be removed by the domain move
  'errors.ts -> platform/', // to be removed by the domain move (platform/ is on the cycle via db/)
  'files/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'files/ -> platform/', // to be removed by the domain move (platform/ is on the cycle via db/; issue 18 storage)
  'forms/ -> auth/', // to be removed by the domain move
  'forms/ -> commerce/', // to be removed by the domain move
  'forms/ -> config.ts', // to be removed by the domain move
  'forms/ -> consent/', // to be removed by the domain move
  'forms/ -> content/', // to be removed by the domain move
  'forms/ -> db/', // to be removed by the domain move
  'forms/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'forms/ -> http/', // to be removed by the domain move
  'forms/ -> pages/', // to be removed by the domain move
  'http/ -> auth/', // to be removed by the domain move
  'http/ -> config.ts', // to be removed by the domain move
  'http/ -> content/', // to be removed by the domain move
  'http/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'mail/ -> config.ts', // to be removed by the domain move
  'mail/ -> db/', // to be removed by the domain move
  'mail/ -> platform/', // to be removed by the domain move
  'pages/ -> auth/', // to be removed by the domain move
  'pages/ -> comments/', // to be removed by the domain move
  'pages/ -> commerce/', // to be removed by the domain move
  'pages/ -> consent/', // to be removed by the domain move
  'pages/ -> content/', // to be removed by the domain move
  'pages/ -> db/', // to be removed by the domain move
  'pages/ -> forms/', // to be removed by the domain move
  'pages/ -> http/', // to be removed by the domain move
  'pages/ -> site-settings/', // to be removed by the domain move
  'pages/ -> site-users/', // to be removed by the domain move
  'pages/ -> web/', // to be removed by the domain move
  'platform/ -> db/', // to be removed by the domain move
  'restock/ -> admin/', // to be removed by the domain move
  'restock/ -> auth/', // to be removed by the domain move
  'restock/ -> content/', // to be removed by the domain move
  'restock/ -> db/', // to be removed by the domain move
  'restock/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'restock/ -> forms/', // to be removed by the domain move
  'restock/ -> http/', // to be removed by the domain move
  'restock/ -> mail/', // to be removed by the domain move
  'restock/ -> site-settings/', // to be removed by the domain move
  'restock/ -> site-users/', // to be removed by the domain move
  'site-settings/ -> auth/', // to be removed by the domain move
  'site-settings/ -> content/', // to be removed by the domain move
  'site-settings/ -> db/', // to be removed by the domain move
  'site-settings/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'site-settings/ -> http/', // to be removed by the domain move
  'site-users/ -> auth/', // to be removed by the domain move
  'site-users/ -> consent/', // to be removed by the domain move
  'site-users/ -> content/', // to be removed by the domain move
  'site-users/ -> db/', // to be removed by the domain move
  'site-users/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'site-users/ -> http/', // to be removed by the domain move
  'site-users/ -> mail/', // to be removed by the domain move
  'site-users/ -> pages/', // to be removed by the domain move
  'sites/ -> auth/', // to be removed by the domain move
  'sites/ -> checkout/', // to be removed by the domain move
  'sites/ -> content/', // to be removed by the domain move
  'sites/ -> db/', // to be removed by the domain move
  'sites/ -> forms/', // to be removed by the domain move
  'sites/ -> site-users/', // to be removed by the domain move
  'tracking/ -> auth/', // to be removed by the domain move
  'tracking/ -> content/', // to be removed by the domain move
  'tracking/ -> db/', // to be removed by the domain move
  'tracking/ -> errors.ts', // to be removed by the domain move (platform/ is on the cycle via db/)
  'tracking/ -> http/', // to be removed by the domain move
  'web/ -> content/', // to be removed by the domain move
  'web/ -> db/', // to be removed by the domain move
  'web/ -> http/', // to be removed by the domain move
  'web/ -> pages/', // to be removed by the domain move
  'web/ -> site-settings/', // to be removed by the domain move
  'web/ -> site-users/', // to be removed by the domain move
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
