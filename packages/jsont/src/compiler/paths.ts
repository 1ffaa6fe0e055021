/**
 * Path resolvers. A resolver is generated per path as a small JavaScript
 * function, so every property read has its own inline cache: a generic
 * `obj[key]` shared by all paths goes megamorphic and dominates render time.
 * Keys are embedded as JSON string literals; they come from the parser's
 * path grammar (letters, digits, `_`, `-`, `@`, `$`). Where code generation is
 * unavailable, a generic closure does the same work.
 */
import type { Runtime } from '../runtime/context.js';
import { nameIn } from '../runtime/context.js';
import { walk } from '../runtime/values.js';
import type { Path } from '../syntax/nodes.js';

export type Resolver = (rt: Runtime) => unknown;

const SAFE_KEY = /^[@$]?[a-zA-Z][a-zA-Z0-9_-]*$/;

let codegen = true;

/**
 * Generating a function costs far more than a closure, so one compile generates
 * at most CODEGEN_BUDGET of them (resolvers and blocks; cached ones are free):
 * a template with a huge number of distinct paths compiles in linear time, its
 * paths past the budget read through the generic closures.
 */
export const CODEGEN_BUDGET = 1500;
let budget = CODEGEN_BUDGET;

/** Start a compile with a full generation budget. */
export function resetCodegenBudget(): void {
  budget = CODEGEN_BUDGET;
}

/** Take one generation from the budget; false when it is spent. */
export function takeCodegen(): boolean {
  if (budget <= 0) return false;
  budget--;
  return true;
}

/** Code that steps `v` down one segment, returning undefined when it is missing. */
function stepCode(key: string | number): string {
  if (typeof key === 'number') {
    return `if (typeof v !== 'object' || v === null) return undefined; v = v[${key}]; if (v === undefined || typeof v === 'function') return undefined;`;
  }
  return `if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined; v = v[${JSON.stringify(key)}]; if (v === undefined || typeof v === 'function') return undefined;`;
}

/** Generated resolvers by path text: templates repeat paths, and each generation costs a `new Function`. */
const generated = new Map<string, Resolver>();
const CACHE_LIMIT = 5000;

/** Resolvers by path array too: split paths are shared (see `splitPath`), so most lookups end here. */
const byPath = [new WeakMap<Path, Resolver>(), new WeakMap<Path, Resolver>()] as const;

function generate(path: Path, scopeOnly: boolean): Resolver | undefined {
  if (!codegen) return undefined;
  const known = byPath[scopeOnly ? 1 : 0].get(path);
  if (known !== undefined) return known;
  const resolver = generateByKey(path, scopeOnly);
  if (resolver !== undefined) byPath[scopeOnly ? 1 : 0].set(path, resolver);
  return resolver;
}

function generateByKey(path: Path, scopeOnly: boolean): Resolver | undefined {
  const key = `${scopeOnly ? 's' : 'v'}${path.join('.')}`;
  let resolver = generated.get(key);
  if (resolver === undefined) {
    if (!takeCodegen()) return undefined;
    resolver = generateUncached(path, scopeOnly);
    if (resolver === undefined) return undefined;
    if (generated.size >= CACHE_LIMIT) generated.clear();
    generated.set(key, resolver);
  }
  return resolver;
}

function generateUncached(path: Path, scopeOnly: boolean): Resolver | undefined {
  for (const key of path) {
    if (typeof key === 'string' && key !== '@' && (!SAFE_KEY.test(key) || key === '__proto__')) return undefined;
  }
  const head = path[0];
  let code: string;
  if (head === '@') {
    code = 'let v = rt.frame.node;';
  } else if (typeof head === 'string' && head[0] === '@') {
    return undefined; // variables and @index use the runtime's lookup
  } else if (typeof head === 'number') {
    return undefined;
  } else {
    const key = JSON.stringify(head);
    const search = scopeOnly ? 'f = undefined;' : 'if (f.stop) break; f = f.parent;';
    code = `let v; let f = rt.frame;
      while (f !== undefined) {
        const n = f.node;
        if (typeof n === 'object' && n !== null && !Array.isArray(n)) {
          v = n[${key}];
          if (v !== undefined && typeof v !== 'function') break;
          v = undefined;
        }
        ${search}
      }
      if (v === undefined) return undefined;`;
  }
  for (let i = 1; i < path.length; i++) code += stepCode(path[i] as string | number);
  code += ' return v;';
  try {
    return new Function('rt', code) as Resolver;
  } catch {
    codegen = false;
    return undefined;
  }
}

/** Resolve `path` from the current frame outwards (variables, `{.if}`, formatter inputs). */
export function compilePath(path: Path): Resolver {
  const resolver = generate(path, false);
  if (resolver !== undefined) return resolver;
  const head = path[0];
  if (path.length === 1) {
    if (head === '@') return (rt) => rt.frame.node;
    const name = head as string | number;
    return (rt) => rt.lookup(name, rt.frame);
  }
  if (head === '@') return (rt) => walk(rt.frame.node, path, 1);
  const name = head as string | number;
  return (rt) => walk(rt.lookup(name, rt.frame), path, 1);
}

/** Section paths resolve their first segment in the current frame only. */
export function compileSectionPath(path: Path): Resolver {
  const resolver = generate(path, true);
  if (resolver !== undefined) return resolver;
  const head = path[0];
  if (head === '@') return path.length === 1 ? (rt) => rt.frame.node : (rt) => walk(rt.frame.node, path, 1);
  const name = head as string | number;
  if (path.length === 1) return (rt) => nameIn(name, rt.frame);
  return (rt) => walk(nameIn(name, rt.frame), path, 1);
}
