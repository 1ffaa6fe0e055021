import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import { type Mirror, writeImportMirror } from './import-mirror.js';

// Runs dependency-cruiser with the rules of `.dependency-cruiser.cjs` on an import mirror of
// packages/*/src, then once more on the top-level folders of packages/server/src (one mirror module
// per folder, importing the folders its files import) to find folder-level cycles.

export const REPO_ROOT = join(import.meta.dirname, '../../../..');

interface KnownViolation {
  rule: { name: string };
  from: string;
  to: string;
}

interface RulesConfig {
  forbidden: IForbiddenRuleType[];
  options: {
    doNotFollow: { path: string };
    skipAnalysisNotInRules: boolean;
    exoticRequireStrings: string[];
    enhancedResolveOptions: { exportsFields: string[]; conditionNames: string[]; extensions: string[] };
    knownViolations: KnownViolation[];
  };
  folderCycleBaseline: string[];
  folderCycleScope: string;
}

export interface RuleViolation {
  rule: string;
  from: string;
  to: string;
  comment: string;
}

export interface DependencyReport {
  /** Violations not in the config's known list, as source paths. */
  violations: RuleViolation[];
  /** Known violations (config) that no longer happen: delete them from the config. */
  staleKnown: KnownViolation[];
  /** Every folder edge "a -> b" of packages/server/src that lies on a cycle. */
  folderCycleEdges: string[];
  /** The folders of each folder-level cycle (strongly connected group), largest first. */
  folderCycles: string[][];
  modulesCruised: number;
}

export function loadRulesConfig(): RulesConfig {
  return createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs')) as RulesConfig;
}

function outputOf(result: Awaited<ReturnType<typeof cruise>>): ICruiseResult {
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output;
}

/** The top-level folder (`platform/`), domain (`domains/cart/`) or root file (`app.ts`) of a server source path. */
function folderOf(source: string, scope: string): string | undefined {
  if (!source.startsWith(`${scope}/`)) return undefined;
  const rest = source.slice(scope.length + 1);
  const slash = rest.indexOf('/');
  if (slash === -1) return rest;
  // Each domain is a node of its own: a cycle between two domains counts like one between two folders.
  const inner = rest.startsWith('domains/') ? rest.indexOf('/', slash + 1) : -1;
  return inner === -1 ? `${rest.slice(0, slash)}/` : `${rest.slice(0, inner)}/`;
}

function nodeFile(folder: string): string {
  return `${folder.endsWith('/') ? `dir.${folder.slice(0, -1).replaceAll('/', '.')}` : `file.${folder}`}.js`;
}

async function folderCycles(result: ICruiseResult, mirror: Mirror, scope: string) {
  const edges = new Map<string, Set<string>>();
  for (const module of result.modules) {
    const from = folderOf(mirror.sourceOf.get(module.source) ?? '', scope);
    if (!from) continue;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const dependency of module.dependencies) {
      const to = folderOf(mirror.sourceOf.get(dependency.resolved) ?? '', scope);
      if (to && to !== from) targets.add(to);
    }
  }
  const dir = join(mirror.root, 'server-folders');
  const folderOfFile = new Map<string, string>();
  for (const [from, targets] of edges) {
    folderOfFile.set(`server-folders/${nodeFile(from)}`, from);
    const lines = [...targets].map((to) => `import './${nodeFile(to)}';`);
    writeFileSync(join(dir, nodeFile(from)), `${lines.join('\n')}\n`);
  }
  const cycleRule: IForbiddenRuleType = {
    name: 'no-folder-cycle',
    severity: 'error',
    from: {},
    to: { circular: true },
  };
  const folders = outputOf(
    await cruise(['server-folders'], { baseDir: mirror.root, ruleSet: { forbidden: [cycleRule] }, validate: true }),
  );
  // Every folder edge that dependency-cruiser marks circular (its summary lists each cycle once only).
  const cyclic = new Set<string>();
  const groups: Set<string>[] = [];
  for (const module of folders.modules) {
    for (const dependency of module.dependencies) {
      if (!dependency.circular) continue;
      const from = folderOfFile.get(module.source)!;
      const to = folderOfFile.get(dependency.resolved)!;
      cyclic.add(`${from} -> ${to}`);
      // Folders joined by cyclic edges form one cycle group (a strongly connected set).
      const members = new Set([from, to]);
      for (const group of groups.filter((known) => known.has(from) || known.has(to))) {
        for (const member of group) members.add(member);
        groups.splice(groups.indexOf(group), 1);
      }
      groups.push(members);
    }
  }
  const sorted = groups.map((group) => [...group].sort()).sort((a, b) => b.length - a.length);
  return { edges: [...cyclic].sort(), groups: sorted };
}

/** Cruises the repository (or a fixture laid out like it) with the rules of `.dependency-cruiser.cjs`. */
export async function checkDependencyRules(repoRoot = REPO_ROOT): Promise<DependencyReport> {
  const config = loadRulesConfig();
  const root = mkdtempSync(join(tmpdir(), 'tessera-imports-'));
  try {
    const mirror = writeImportMirror(repoRoot, root);
    writeFileSync(join(root, 'package.json'), '{"private":true,"type":"module"}\n');
    mkdirSync(join(root, 'server-folders'));
    const result = outputOf(
      await cruise(['packages'], {
        baseDir: root,
        validate: true,
        ruleSet: { forbidden: config.forbidden },
        doNotFollow: config.options.doNotFollow,
        skipAnalysisNotInRules: config.options.skipAnalysisNotInRules,
        exoticRequireStrings: config.options.exoticRequireStrings,
        enhancedResolveOptions: config.options.enhancedResolveOptions,
        knownViolations: config.options.knownViolations as IViolation[],
      }),
    );
    const toSource = (path: string) => mirror.sourceOf.get(path) ?? path;
    const comments = new Map(config.forbidden.map((rule) => [rule.name ?? '', rule.comment ?? '']));
    const all = result.summary.violations;
    const violations = all
      .filter((violation) => violation.rule.severity !== 'ignore')
      .map((violation) => ({
        rule: violation.rule.name,
        from: toSource(violation.from),
        to: toSource(violation.to),
        comment: comments.get(violation.rule.name) ?? '',
      }));
    const staleKnown = config.options.knownViolations.filter(
      (known) =>
        !all.some((seen) => seen.rule.name === known.rule.name && seen.from === known.from && seen.to === known.to),
    );
    const cycles = await folderCycles(result, mirror, config.folderCycleScope);
    return {
      violations,
      staleKnown,
      folderCycleEdges: cycles.edges,
      folderCycles: cycles.groups,
      modulesCruised: result.summary.totalCruised,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
