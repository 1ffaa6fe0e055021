/**
 * A block as one generated function: its text, variables, sections, loops, predicates and
 * `.or` branches are written out as JavaScript, each path lookup and call at its own place in
 * the code. Closures shared by every instruction of a kind make V8's call sites megamorphic
 * and keep it from inlining; generated code gives every instruction its own type feedback.
 *
 * Only the structure is generated: text, formatters, predicates and what is not written out
 * are bound values (`k0`, `k1` …) the code refers to by number. A first pass over the block
 * binds them and spells the structure as a short key; only a key not seen before is written
 * out as code (a second pass making the same choices) and compiled, so compiling a template
 * again, or another of the same structure, generates nothing. Everything else (`.var`,
 * macros, includes, `.eval`, formatters that see the variable list) calls the closure the
 * closure compiler makes for it. Where code generation is unavailable or its limits are
 * spent, `generateBlock` returns undefined and the closures do it all.
 */
import type { Exec } from '../runtime/context.js';
import { Frame } from '../runtime/frame.js';
import { isTruthy, outputText, VOID } from '../runtime/values.js';
import type { OrNode } from '../syntax/nodes.js';
import type { Instruction } from './bound.js';
import type { CompileTables } from './compile.js';
import { Generator } from './generator.js';
import { takeCodegen } from './paths.js';
import { reportThrown } from './thrown.js';

/** What the closure compiler makes of what is not generated. */
export interface Fallback {
  node(node: Instruction, tables: CompileTables): Exec;
  alternate(first: OrNode | null, tables: CompileTables): Exec | null;
}

type Factory = (h: typeof HELPERS, k: readonly unknown[]) => Exec;

const HELPERS = { isTruthy, outputText, VOID, reportThrown, Frame };

/** Blocks with more steps than this run as closures: their code would cost more than it saves. */
const MAX_STEPS = 500;

/** Generated factories by key (by the key's hash, then the key), so compiling the same structure again generates nothing. */
const factories = new Map<number, { readonly key: readonly number[]; readonly factory: Factory }[]>();
let factoryCount = 0;
const FACTORY_LIMIT = 2000;

function sameKey(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function findFactory(key: readonly number[], hash: number): Factory | undefined {
  const entries = factories.get(hash);
  if (entries !== undefined) for (const entry of entries) if (sameKey(entry.key, key)) return entry.factory;
  return undefined;
}
let available = true;
let enabled = true;

/** @internal Turn generation off (tests compare the generated code with the closures). */
export function setGeneration(on: boolean): void {
  enabled = on;
}

/** The block of `steps` as one generated function, or undefined where none can be made. */
export function generateBlock(
  steps: readonly (string | Instruction)[],
  tables: CompileTables,
  fallback: Fallback,
): Exec | undefined {
  if (!available || !enabled || steps.length > MAX_STEPS) return undefined;
  const bound = new Generator(tables, fallback, false);
  bound.steps(steps, 0);
  let factory = findFactory(bound.key, bound.hash);
  if (factory === undefined) {
    const written = new Generator(tables, fallback, true);
    written.steps(steps, 0);
    if (!takeCodegen(written.code.length)) return undefined;
    let head = 'const {isTruthy, outputText, VOID, reportThrown, Frame} = h;\n';
    for (let i = 0; i < written.count; i++) head += `const k${i} = k[${i}];\n`;
    try {
      factory = new Function('h', 'k', `${head}return function block(rt) {\n${written.code}};`) as Factory;
    } catch (e) {
      // A content security policy forbids it everywhere; anything else only here.
      if (e instanceof EvalError) available = false;
      return undefined;
    }
    if (factoryCount >= FACTORY_LIMIT) {
      factories.clear();
      factoryCount = 0;
    }
    const entries = factories.get(bound.hash);
    if (entries === undefined) factories.set(bound.hash, [{ key: bound.key, factory }]);
    else entries.push({ key: bound.key, factory });
    factoryCount++;
  }
  return factory(HELPERS, bound.consts);
}
