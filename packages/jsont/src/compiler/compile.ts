/**
 * Compiles a syntax tree once: into generated code where it can be (codegen.ts), and into
 * JavaScript closures for the rest. Formatter and predicate implementations, paths and
 * argument lists are all bound here, so a render only runs code and plain values.
 */
import type { FormatterTable, PredicateTable, Variable } from '../plugin.js';
import type { Exec } from '../runtime/context.js';
import { Frame, FrameSlot } from '../runtime/frame.js';
import { isTruthy, outputText } from '../runtime/values.js';
import { buildBlock } from './blocks.js';
import { applyFormatters, bindFormatters, compileTest, type Instruction, type Test, blockSteps } from './bound.js';
import { type Fallback, generateBlock } from './codegen.js';
import { compileDirectChain } from './direct-chain.js';
import { compilePath, compileSectionPath, type Resolver } from './paths.js';
import type {
  BindvarNode,
  CtxvarNode,
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

const NOOP: Exec = () => {};

/**
 * A block becomes generated code where code generation is available (see `generateBlock`):
 * the whole tree of sections, loops and predicates in one function. Otherwise, or past the
 * generation limits, each instruction is a closure and the block runs them in order.
 */
export function compileBlock(nodes: readonly Node[], tables: CompileTables): Exec {
  const steps = blockSteps(nodes);
  if (steps.length === 0) return NOOP;
  const generated = generateBlock(steps, tables, fallback);
  if (generated !== undefined) return generated;
  const parts: Exec[] = [];
  const order: (string | number)[] = [];
  for (const step of steps) {
    if (typeof step === 'string') order.push(step);
    else {
      order.push(parts.length);
      parts.push(compileNode(step, tables));
    }
  }
  if (order.length === 1 && parts.length === 1) return parts[0] as Exec;
  return buildBlock(order, parts);
}

/** How the generated code compiles what it does not generate. */
const fallback: Fallback = { node: compileNode, alternate: compileAlternate };

function compileNode(node: Instruction, tables: CompileTables): Exec {
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

/**
 * An `.or` chain: the first branch whose predicate holds (or that has none)
 * runs. Compiled and run in a loop, since chains can be thousands long.
 */
export function compileAlternate(first: OrNode | null, tables: CompileTables): Exec | null {
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
