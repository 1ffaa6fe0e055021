/**
 * Compiles a syntax tree into JavaScript closures, once. Formatter and
 * predicate implementations, paths and argument lists are all bound here, so a
 * render only walks closures and plain values.
 */
import type { Formatter, FormatterTable, PathReader, Predicate, PredicateTable, Variable } from '../plugin.js';
import { PREDICATE_BINDERS } from '../plugin.js';
import type { Exec, Runtime } from '../runtime/context.js';
import { Frame, FrameSlot, resolverFor } from '../runtime/context.js';
import { buildBlock } from './blocks.js';
import { compileDirectChain } from './direct-chain.js';
import { compilePath, compileSectionPath, type Resolver } from './paths.js';
import { reportThrown } from './thrown.js';
import { isTruthy, outputText, VOID, VOID_AWARE } from '../runtime/values.js';
import type {
  BindvarNode,
  CtxvarNode,
  FormatterCall,
  IfNode,
  IncludeNode,
  InjectNode,
  Node,
  OrNode,
  Path,
  PredicateNode,
  RepeatedNode,
  SectionNode,
  VariableNode,
} from '../syntax/nodes.js';

/** Compiles `.eval` code; supplied by the expression module. */
export type EvalCompiler = (code: string) => Exec;

export interface CompileTables {
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;
  readonly compileEval: EvalCompiler;
}

const SYMBOL_TEXT = { 'meta-left': '{', 'meta-right': '}', space: ' ', tab: '\t', newline: '\n' } as const;

const NOOP: Exec = () => {};

/**
 * A block becomes one generated function: text is appended from its array and
 * each instruction is a direct call. Without code generation, a loop over
 * closures does the same.
 */
export function compileBlock(nodes: readonly Node[], tables: CompileTables): Exec {
  const parts: Exec[] = [];
  const steps: (string | number)[] = [];
  let text = '';
  for (const node of nodes) {
    if (node.kind === 'text') text += node.text;
    else if (node.kind === 'symbol') text += SYMBOL_TEXT[node.name];
    else if (node.kind !== 'comment') {
      if (text !== '') steps.push(text);
      text = '';
      steps.push(parts.length);
      parts.push(compileNode(node, tables));
    }
  }
  if (text !== '') steps.push(text);
  if (steps.length === 0) return NOOP;
  if (steps.length === 1 && parts.length === 1) return parts[0] as Exec;
  return buildBlock(steps, parts);
}

function compileNode(node: Exclude<Node, { kind: 'text' | 'symbol' | 'comment' }>, tables: CompileTables): Exec {
  switch (node.kind) {
    case 'variable':
      return compileVariable(node, tables);
    case 'section':
      return compileSection(node, tables);
    case 'repeated':
      return compileRepeated(node, tables);
    case 'predicate':
      return compilePredicate(node, tables);
    case 'or':
      return compileAlternate(node, tables) ?? NOOP;
    case 'if':
      return compileIf(node, tables);
    case 'bindvar':
      return compileBindvar(node, tables);
    case 'ctxvar':
      return compileCtxvar(node);
    case 'macro': {
      const body = compileBlock(node.body, tables);
      const name = node.name;
      return (rt) => rt.setMacro(name, body);
    }
    case 'include':
      return compileInclude(node);
    case 'inject':
      return compileInject(node);
    case 'eval':
      return tables.compileEval(node.code);
  }
}

export interface BoundFormatter {
  readonly impl: Formatter;
  readonly args: readonly string[];
  /** Receives `VOID` as it is (see `VOID`). */
  readonly voidAware: boolean;
}

/** An argument list the compiled code may keep: the parser's lists are frozen already. */
function frozenList(list: readonly string[]): readonly string[] {
  return Object.isFrozen(list) ? list : Object.freeze([...list]);
}

function bindFormatters(calls: readonly FormatterCall[], tables: CompileTables): BoundFormatter[] {
  const bound: BoundFormatter[] = [];
  for (const call of calls) {
    const impl = tables.formatters[call.name];
    if (impl !== undefined) bound.push({ impl, args: frozenList(call.args), voidAware: VOID_AWARE.has(impl) });
  }
  return bound;
}

/** Run a formatter chain; false (with the error recorded) when a formatter throws. */
function applyFormatters(rt: Runtime, chain: readonly BoundFormatter[], vars: Variable[]): boolean {
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

function pathName(path: Path): string {
  return path.join('.');
}

function compileVariable(node: VariableNode, tables: CompileTables): Exec {
  const resolvers = node.paths.map(compilePath);
  const chain = bindFormatters(node.formatters, tables);
  if (chain.length === 0) {
    const resolve = resolvers[0] as Resolver;
    return (rt) => {
      rt.out += outputText(resolve(rt));
    };
  }
  const first = resolvers[0] as Resolver;
  if (resolvers.length === 1) {
    const direct = compileDirectChain(first, chain);
    if (direct !== undefined) return direct;
  }
  // Only formatters that see the variable list need the variables' names.
  const names = node.paths.map(pathName);
  const firstName = names[0] as string;
  if (resolvers.length === 1) {
    const slot = new FrameSlot();
    // Like the frame, the variable and its one-element list are reused unless
    // the instruction is re-entered from inside one of its formatters.
    const spare: Variable[] = [{ name: firstName, value: undefined }];
    let spareFree = true;
    return (rt) => {
      let vars: Variable[];
      if (spareFree) {
        spareFree = false;
        vars = spare;
        (vars[0] as Variable).value = first(rt);
      } else {
        vars = [{ name: firstName, value: first(rt) }];
      }
      const variable = vars[0] as Variable;
      const outer = rt.frame;
      // Formatters see the variable as the current node.
      const frame = slot.enter(rt, variable.value);
      const ok = applyFormatters(rt, chain, vars);
      slot.leave(rt, frame, outer);
      const value = variable.value;
      if (vars === spare) {
        variable.value = undefined;
        spareFree = true;
      }
      if (ok) rt.out += outputText(value);
    };
  }
  return (rt) => {
    const vars: Variable[] = new Array(resolvers.length);
    for (let i = 0; i < resolvers.length; i++) {
      vars[i] = { name: names[i] as string, value: (resolvers[i] as Resolver)(rt) };
    }
    const frame = rt.frame;
    rt.frame = new Frame((vars[0] as Variable).value, frame);
    const ok = applyFormatters(rt, chain, vars);
    rt.frame = frame;
    if (ok) rt.out += outputText((vars[0] as Variable).value);
  };
}

type Test = (rt: Runtime) => boolean;

/**
 * An `.or` chain: the first branch whose predicate holds (or that has none)
 * runs. Compiled and run in a loop, since chains can be thousands long.
 */
function compileAlternate(first: OrNode | null, tables: CompileTables): Exec | null {
  if (first === null) return null;
  const tests: (Test | null)[] = [];
  const bodies: Exec[] = [];
  for (let alt: OrNode | null = first; alt !== null; alt = alt.alternate) {
    bodies.push(compileBlock(alt.body, tables));
    if (alt.name === null) {
      tests.push(null);
      break;
    }
    tests.push(compileTest(alt.name, alt.args?.list ?? [], tables));
  }
  if (tests.length === 1) {
    const test = tests[0] as Test | null;
    const body = bodies[0] as Exec;
    if (test === null) return body;
    return (rt) => {
      if (test(rt)) body(rt);
    };
  }
  const count = tests.length;
  return (rt) => {
    for (let i = 0; i < count; i++) {
      const test = tests[i] as Test | null;
      if (test === null || test(rt)) {
        (bodies[i] as Exec)(rt);
        return;
      }
    }
  };
}

/** A predicate bound to its arguments; an unknown predicate is false. */
function compileTest(name: string, list: readonly string[], tables: CompileTables): Test {
  const impl: Predicate | undefined = tables.predicates[name];
  if (impl === undefined) return () => false;
  const args = frozenList(list);
  const binder = PREDICATE_BINDERS.get(impl);
  if (binder !== undefined) {
    // Arguments parsed and paths bound now, instead of looked up on every test.
    const bound = binder(args, resolverFor as (path: string) => PathReader) as Test;
    return (rt) => {
      try {
        return bound(rt);
      } catch (e) {
        reportThrown(rt, 'predicate', `Unexpected error in predicate ${name}`, e);
        return false;
      }
    };
  }
  return (rt) => {
    try {
      return impl.apply(args, rt);
    } catch (e) {
      reportThrown(rt, 'predicate', `Unexpected error in predicate ${name}`, e);
      return false;
    }
  };
}

function compileSection(node: SectionNode, tables: CompileTables): Exec {
  const resolve = compileSectionPath(node.path);
  const body = compileBlock(node.body, tables);
  const alt = compileAlternate(node.alternate, tables);
  const slot = new FrameSlot();
  return (rt) => {
    const value = resolve(rt);
    const outer = rt.frame;
    const frame = slot.enter(rt, value);
    if (isTruthy(value)) body(rt);
    else if (alt !== null) alt(rt);
    slot.leave(rt, frame, outer);
  };
}

function compileRepeated(node: RepeatedNode, tables: CompileTables): Exec {
  const resolve = compileSectionPath(node.path);
  const body = compileBlock(node.body, tables);
  const between = node.alternatesWith.length > 0 ? compileBlock(node.alternatesWith, tables) : null;
  const alt = compileAlternate(node.alternate, tables);
  return (rt) => {
    const value = resolve(rt);
    if (!Array.isArray(value) || value.length === 0) {
      if (alt !== null) alt(rt);
      return;
    }
    const frame = rt.push(value);
    const last = value.length - 1;
    // One element frame serves every iteration; it is reset so nothing bound in
    // one iteration (variables, macros) leaks into the next.
    const element = new Frame(undefined, frame);
    for (let i = 0; i <= last; i++) {
      if (!rt.tick()) break;
      frame.index = i;
      element.node = value[i];
      element.vars = undefined;
      element.macros = undefined;
      rt.frame = element;
      body(rt);
      if (between !== null && i < last) between(rt);
    }
    rt.frame = frame;
    rt.pop();
  };
}

function compilePredicate(node: PredicateNode, tables: CompileTables): Exec {
  const test = compileTest(node.name, node.args?.list ?? [], tables);
  const body = compileBlock(node.body, tables);
  const alt = compileAlternate(node.alternate, tables);
  if (alt === null) {
    return (rt) => {
      if (test(rt)) body(rt);
    };
  }
  return (rt) => {
    if (test(rt)) body(rt);
    else alt(rt);
  };
}

function compileIf(node: IfNode, tables: CompileTables): Exec {
  const resolvers = node.paths.map(compilePath);
  const ands = node.operators.map((op) => op === '&&');
  const body = compileBlock(node.body, tables);
  const alt = compileAlternate(node.alternate, tables);
  return (rt) => {
    let result = isTruthy((resolvers[0] as Resolver)(rt));
    for (let i = 1; i < resolvers.length; i++) {
      const and = ands[i - 1] as boolean;
      if (and ? !result : result) break;
      result = isTruthy((resolvers[i] as Resolver)(rt));
    }
    if (result) body(rt);
    else if (alt !== null) alt(rt);
  };
}

function compileBindvar(node: BindvarNode, tables: CompileTables): Exec {
  const resolvers = node.paths.map(compilePath);
  const names = node.paths.map(pathName);
  const chain = bindFormatters(node.formatters, tables);
  const name = node.name;
  return (rt) => {
    const vars: Variable[] = new Array(resolvers.length);
    for (let i = 0; i < resolvers.length; i++) {
      vars[i] = { name: names[i] as string, value: (resolvers[i] as Resolver)(rt) };
    }
    if (applyFormatters(rt, chain, vars)) rt.setVar(name, (vars[0] as Variable).value);
  };
}

function compileCtxvar(node: CtxvarNode): Exec {
  const bindings = node.bindings.map(([key, path]) => [key, compilePath(path)] as const);
  const name = node.name;
  return (rt) => {
    const value: Record<string, unknown> = {};
    for (const [key, resolve] of bindings) value[key] = resolve(rt);
    rt.setVar(name, value);
  };
}

function compileInclude(node: IncludeNode): Exec {
  const name = node.name;
  const output = node.args.list.includes('output');
  return (rt) => {
    if (!rt.env.enableInclude) return;
    const body = rt.findPartial(name);
    if (body === undefined) {
      rt.error('include', `Attempt to apply partial '${name}' which could not be found.`);
      return;
    }
    const saved = rt.out;
    if (!output) rt.out = '';
    if (rt.enterPartial(name)) {
      try {
        body(rt);
      } finally {
        rt.exitPartial();
      }
    }
    if (!output) rt.out = saved;
  };
}

function compileInject(node: InjectNode): Exec {
  const { name, path } = node;
  return (rt) => rt.setVar(name, rt.injectable(path));
}
