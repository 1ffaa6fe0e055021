/**
 * Formatters and predicates bound to their arguments when a template compiles, shared by the
 * closure compiler (`compile.ts`) and the code generator (`codegen.ts`).
 */
import type { Formatter, PathReader, Predicate, ValueFunction, Variable } from '../plugin.js';
import { FRAME_FREE, FUSED_FORMATTERS, PREDICATE_BINDERS, VALUE_BINDERS, VALUE_FUNCTIONS } from '../plugin.js';
import type { Runtime } from '../runtime/context.js';
import { resolverFor } from '../runtime/context.js';
import { VOID, VOID_AWARE } from '../runtime/values.js';
import type { FormatterCall, Node, SymbolName } from '../syntax/nodes.js';
import type { CompileTables } from './compile.js';
import { reportThrown } from './thrown.js';

export interface BoundFormatter {
  readonly impl: Formatter;
  readonly args: readonly string[];
  /** Receives `VOID` as it is (see `VOID`). */
  readonly voidAware: boolean;
}

/** An argument list the compiled code may keep: the parser's lists are frozen already. */
export function frozenList(list: readonly string[]): readonly string[] {
  return Object.isFrozen(list) ? list : Object.freeze([...list]);
}

export function bindFormatters(calls: readonly FormatterCall[], tables: CompileTables): BoundFormatter[] {
  const bound: BoundFormatter[] = [];
  for (const call of calls) {
    const impl = tables.formatters[call.name];
    if (impl !== undefined) bound.push({ impl, args: frozenList(call.args), voidAware: VOID_AWARE.has(impl) });
  }
  return bound;
}

/** One call of a chain of value formatters in generated code. */
export interface ValueStep {
  readonly fn: ValueFunction;
  readonly args: readonly string[];
  readonly voidAware: boolean;
  /** Two formatters run as one (see `FUSED_FORMATTERS`). */
  readonly fused: boolean;
}

/**
 * A chain of value formatters as the calls generated code makes, each fused pair as one call;
 * undefined when a formatter is not a value formatter. `framed`: some formatter reads the render.
 */
export function valueSteps(chain: readonly BoundFormatter[]): { steps: ValueStep[]; framed: boolean } | undefined {
  const steps: ValueStep[] = [];
  let framed = false;
  for (let i = 0; i < chain.length; i++) {
    const f = chain[i] as BoundFormatter;
    const fn = VALUE_FUNCTIONS.get(f.impl);
    if (fn === undefined) return undefined;
    if (!FRAME_FREE.has(f.impl)) framed = true;
    const next = chain[i + 1];
    const fused = next === undefined ? undefined : FUSED_FORMATTERS.get(f.impl)?.get(next.impl);
    if (fused !== undefined && next !== undefined) {
      if (!FRAME_FREE.has(next.impl)) framed = true;
      steps.push({ fn: fused, args: next.args, voidAware: f.voidAware, fused: true });
      i++;
    } else {
      // Arguments bound now where the formatter can, instead of looked up on every call.
      let bound = fn;
      const binder = VALUE_BINDERS.get(f.impl);
      try {
        if (binder !== undefined) bound = binder(f.args);
      } catch {
        // Arguments the formatter cannot read: it reports them on each call, as before.
      }
      steps.push({ fn: bound, args: f.args, voidAware: f.voidAware, fused: false });
    }
  }
  return { steps, framed };
}

/** Run a formatter chain; false (with the error recorded) when a formatter throws. */
export function applyFormatters(rt: Runtime, chain: readonly BoundFormatter[], vars: Variable[]): boolean {
  const first = vars[0] as Variable;
  try {
    for (let i = 0; i < chain.length; i++) {
      const f = chain[i] as BoundFormatter;
      if (first.value === VOID && !f.voidAware) first.value = undefined;
      f.impl.apply(f.args, vars, rt);
      if (!rt.checkValue(first.value)) return false;
    }
    if (first.value === VOID) first.value = undefined;
    return true;
  } catch (e) {
    reportThrown(rt, 'formatter', 'Unexpected error in formatter', e);
    return false;
  }
}

export type Test = (rt: Runtime) => boolean;

/**
 * A predicate bound to its arguments, which may throw; null for an unknown predicate (false).
 * Predicates with a binder parse their arguments and bind their paths now, instead of on
 * every test.
 */
export function bareTest(name: string, list: readonly string[], tables: CompileTables): Test | null {
  const impl: Predicate | undefined = tables.predicates[name];
  if (impl === undefined) return null;
  const args = frozenList(list);
  const binder = PREDICATE_BINDERS.get(impl);
  if (binder !== undefined) return binder(args, resolverFor as (path: string) => PathReader) as Test;
  return (rt) => impl.apply(args, rt);
}

/** What a predicate that throws is reported as. */
export const predicateFailure = (name: string): string => `Unexpected error in predicate ${name}`;

/** A predicate bound to its arguments: a throw is reported and counts as false. */
export function compileTest(name: string, list: readonly string[], tables: CompileTables): Test {
  const bare = bareTest(name, list, tables);
  if (bare === null) return () => false;
  const failure = predicateFailure(name);
  return (rt) => {
    try {
      return bare(rt);
    } catch (e) {
      reportThrown(rt, 'predicate', failure, e);
      return false;
    }
  };
}

const SYMBOL_TEXT: Readonly<Record<SymbolName, string>> = {
  'meta-left': '{',
  'meta-right': '}',
  space: ' ',
  tab: '\t',
  newline: '\n',
};

/** A node that does something: not text, a symbol or a comment. */
export type Instruction = Exclude<Node, { kind: 'text' | 'symbol' | 'comment' }>;

/** A block's nodes as steps: adjacent text and symbols joined into one string, comments dropped. */
export function blockSteps(nodes: readonly Node[]): (string | Instruction)[] {
  const steps: (string | Instruction)[] = [];
  let text = '';
  for (const node of nodes) {
    if (node.kind === 'text') text += node.text;
    else if (node.kind === 'symbol') text += SYMBOL_TEXT[node.name];
    else if (node.kind !== 'comment') {
      if (text !== '') steps.push(text);
      text = '';
      steps.push(node);
    }
  }
  if (text !== '') steps.push(text);
  return steps;
}
