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
 * at most CODEGEN_BUDGET of them (resolvers and blocks; cached ones are free), with
 * at most CODE_BUDGET characters of code in all: a template with a huge number of
 * distinct paths or blocks compiles in linear time, what is past the budget runs as
 * the generic closures.
 */
export const CODEGEN_BUDGET = 1500;
export const CODE_BUDGET = 1_000_000;
let budget = CODEGEN_BUDGET;
let codeBudget = CODE_BUDGET;

/** Start a compile with a full generation budget. */
export function resetCodegenBudget(): void {
  budget = CODEGEN_BUDGET;
  codeBudget = CODE_BUDGET;
}

/** Take one generation of `length` characters of code from the budget; false when it is spent. */
export function takeCodegen(length = 0): boolean {
  if (budget <= 0 || codeBudget < length) return false;
  budget--;
  codeBudget -= length;
  return true;
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

/** Whether a path can be generated: safe keys, and a head that is a name or `@`. */
function generatable(path: Path): boolean {
  for (const key of path) {
    if (typeof key === 'string' && key !== '@' && (!SAFE_KEY.test(key) || key === '__proto__')) return false;
  }
  const head = path[0];
  // Variables and @index use the runtime's lookup.
  return head === '@' || (typeof head === 'string' && head[0] !== '@');
}

/**
 * Code that resolves `path` into the local `v` (declared by the caller), leaving it undefined
 * where the path is missing by `fail` (a statement that ends the lookup).
 */
function lookupCode(path: Path, scopeOnly: boolean, v: string, fail: string): string {
  const head = path[0] as string;
  let code: string;
  if (head === '@') {
    code = `${v} = rt.frame.node;`;
  } else {
    const search = scopeOnly ? 'break;' : 'if (f.stop) break; f = f.parent;';
    code = `{ let f = rt.frame;
while (f !== undefined) {
const n = f.node;
if (typeof n === 'object' && n !== null && !Array.isArray(n)) {
${v} = n[${JSON.stringify(head)}];
if (${v} !== undefined && typeof ${v} !== 'function') break;
${v} = undefined;
}
${search}
} }
if (${v} === undefined) ${fail}\n`;
  }
  for (let i = 1; i < path.length; i++) {
    const key = path[i] as string | number;
    const guard = typeof key === 'number' ? '' : ` || Array.isArray(${v})`;
    code += `if (typeof ${v} !== 'object' || ${v} === null${guard}) { ${v} = undefined; ${fail} }
${v} = ${v}[${JSON.stringify(key)}]; if (${v} === undefined || typeof ${v} === 'function') { ${v} = undefined; ${fail} }\n`;
  }
  return code;
}

/**
 * Statements that resolve `path` into `v` inside generated code (`v` declared, and a label
 * `label` around them to break out of), or undefined when the path needs the runtime's lookup.
 */
export function inlineResolver(path: Path, scopeOnly: boolean, v: string, label: string): string | undefined {
  return canInline(path) ? lookupCode(path, scopeOnly, v, `break ${label};`) : undefined;
}

/** Whether `inlineResolver` gives code for `path` (a property of the path alone). */
export function canInline(path: Path): boolean {
  return generatable(path);
}

function generateUncached(path: Path, scopeOnly: boolean): Resolver | undefined {
  if (!generatable(path)) return undefined;
  try {
    return new Function('rt', `let v;\n${lookupCode(path, scopeOnly, 'v', 'return undefined;')}return v;`) as Resolver;
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

/**
 * Each path's part of a generated block's key (see generator.ts): its number (split paths are shared, see `splitPath`, so a path
 * keeps its number), odd when its lookup is written out, even when it is a resolver call.
 */
const pathTokens = new WeakMap<Path, number>();
let nextPathId = 0;

export function pathToken(path: Path): number {
  let token = pathTokens.get(path);
  if (token === undefined) {
    token = nextPathId++ * 2 + (canInline(path) ? 1 : 0);
    pathTokens.set(path, token);
  }
  return token;
}
