/**
 * Compiles a syntax tree into JavaScript closures, once. Formatter and
 * predicate implementations, paths and argument lists are all bound here, so a
 * render only walks closures and plain values.
 */
import type { Formatter, FormatterTable, Predicate, PredicateTable, Variable } from '../plugin.js';
import type { Exec, Runtime } from '../runtime/context.js';
import { Frame, FrameSlot } from '../runtime/context.js';
import { compilePath, compileSectionPath, type Resolver } from './paths.js';
import { isTruthy, outputText } from '../runtime/values.js';
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
 * A block becomes one generated function: text is appended from string
 * literals and each instruction is a direct call, so every call site sees a
 * single target. Without code generation, a loop over closures does the same.
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
  return generateBlock(steps, parts) ?? loopBlock(steps, parts);
}

let codegen = true;

type BlockFactory = (parts: readonly Exec[]) => Exec;
/** Generated block factories by code, so recompiling a template does not generate again. */
const blockFactories = new Map<string, BlockFactory>();
const FACTORY_LIMIT = 2000;
/** The cache holds at most this much generated code (the keys hold template text). */
const FACTORY_CHAR_LIMIT = 4 * 1024 * 1024;
let factoryChars = 0;

function generateBlock(steps: readonly (string | number)[], parts: readonly Exec[]): Exec | undefined {
  if (!codegen) return undefined;
  let code = '';
  for (const step of steps) {
    code += typeof step === 'string' ? `rt.out += ${JSON.stringify(step)};\n` : `p[${step}](rt);\n`;
  }
  try {
    let factory = blockFactories.get(code);
    if (factory === undefined) {
      factory = new Function('p', `return function block(rt) {\n${code}};`) as BlockFactory;
      if (blockFactories.size >= FACTORY_LIMIT || factoryChars + code.length > FACTORY_CHAR_LIMIT) {
        blockFactories.clear();
        factoryChars = 0;
      }
      if (code.length <= FACTORY_CHAR_LIMIT) {
        blockFactories.set(code, factory);
        factoryChars += code.length;
      }
    }
    return factory(parts);
  } catch {
    codegen = false;
    return undefined;
  }
}

function loopBlock(steps: readonly (string | number)[], parts: readonly Exec[]): Exec {
  const execs = steps.map((step): Exec => {
    if (typeof step !== 'string') return parts[step] as Exec;
    return (rt) => {
      rt.out += step;
    };
  });
  return (rt) => {
    for (let i = 0; i < execs.length; i++) (execs[i] as Exec)(rt);
  };
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
    case 'or':
      return compilePredicate(node, tables);
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

interface BoundFormatter {
  readonly impl: Formatter;
  readonly args: readonly string[];
}

function bindFormatters(calls: readonly FormatterCall[], tables: CompileTables): BoundFormatter[] {
  const bound: BoundFormatter[] = [];
  for (const call of calls) {
    const impl = tables.formatters[call.name];
    if (impl !== undefined) bound.push({ impl, args: Object.freeze([...call.args]) });
  }
  return bound;
}

/** Run a formatter chain; false (with the error recorded) when a formatter throws. */
function applyFormatters(rt: Runtime, chain: readonly BoundFormatter[], vars: Variable[]): boolean {
  try {
    for (let i = 0; i < chain.length; i++) {
      const f = chain[i] as BoundFormatter;
      f.impl.apply(f.args, vars, rt);
      if (!rt.checkValue((vars[0] as Variable).value)) return false;
    }
    return true;
  } catch (e) {
    rt.error('formatter', `Unexpected error in formatter: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}

function pathName(path: Path): string {
  return path.join('.');
}

function compileVariable(node: VariableNode, tables: CompileTables): Exec {
  const resolvers = node.paths.map(compilePath);
  const names = node.paths.map(pathName);
  const chain = bindFormatters(node.formatters, tables);
  if (chain.length === 0) {
    const resolve = resolvers[0] as Resolver;
    return (rt) => {
      rt.out += outputText(resolve(rt));
    };
  }
  const first = resolvers[0] as Resolver;
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

function compileAlternate(alt: OrNode | null, tables: CompileTables): Exec | null {
  return alt === null ? null : compilePredicate(alt, tables);
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

function compilePredicate(node: PredicateNode | OrNode, tables: CompileTables): Exec {
  const body = compileBlock(node.body, tables);
  if (node.name === null) return body;
  const impl: Predicate | undefined = tables.predicates[node.name];
  const args = Object.freeze([...(node.args?.list ?? [])]);
  const alt = compileAlternate(node.alternate, tables);
  const name = node.name;
  return (rt) => {
    let result = false;
    if (impl !== undefined) {
      try {
        result = impl.apply(args, rt);
      } catch (e) {
        rt.error('predicate', `Unexpected error in predicate ${name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (result) body(rt);
    else if (alt !== null) alt(rt);
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
