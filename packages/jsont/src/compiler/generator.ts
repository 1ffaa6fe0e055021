/**
 * The passes of `generateBlock` (see codegen.ts) over one block: binding, which collects the
 * bound values and spells the block's structure as a key, and writing, which writes its code.
 */
import { PREDICATE_PLANS } from '../plugin.js';
import { FrameSlot, LoopSlot } from '../runtime/frame.js';
import type {
  BindvarNode,
  IfNode,
  Node,
  OrNode,
  Path,
  PredicateNode,
  RepeatedNode,
  SectionNode,
  VariableNode,
} from '../syntax/nodes.js';
import { bareTest, bindFormatters, blockSteps, type Instruction, predicateFailure, valueSteps } from './bound.js';
import type { Fallback } from './codegen.js';
import type { CompileTables } from './compile.js';
import { splitPath } from '../syntax/tag.js';
import { enterCode, leaveCode } from './frame-code.js';
import { compilePath, compileSectionPath, inlineResolver, pathToken } from './paths.js';

/** Instructions written out in one function; past this, further ones are calls to their closures. */
const MAX_INLINE = 400;
/** Sections nested deeper than this in one function are calls to their closures. */
const MAX_DEPTH = 12;
/** `.or` chains and `.if` operands longer than this run as closures (they loop). */
const MAX_CHAIN = 16;

/** `isTruthy(v)`, with strings and arrays (what sections mostly hold) decided in place. */
function truthy(v: string): string {
  return `(typeof ${v} === 'string' ? ${v} !== '' : Array.isArray(${v}) ? ${v}.length !== 0 : isTruthy(${v}))`;
}

/**
 * One pass over a block. Binding (`writing` false) collects the bound values and the key;
 * writing collects the code. Both make the same choices in the same order, so the code's
 * `kN` is the binding pass's `consts[N]`.
 */
export class Generator {
  /** The key: the structure as numbers (tokens' character codes, paths past 127), and its hash. */
  readonly key: number[] = [];
  hash = 0x811c9dc5;
  code = '';
  readonly consts: unknown[] = [];
  /** Bound values referred to so far. */
  count = 0;
  private inlined = 0;
  private names = 0;
  /** The index variables of the loops the code is inside, innermost last (empty names when binding). */
  private readonly loops: string[] = [];

  constructor(
    private readonly tables: CompileTables,
    private readonly fallback: Fallback,
    private readonly writing: boolean,
  ) {}

  private mark(n: number): void {
    this.key.push(n);
    this.hash = Math.imul(this.hash ^ n, 0x01000193);
  }

  private token(t: string): void {
    this.mark(t.charCodeAt(0));
  }

  /** Bind a value (kept only when binding); its name in the code. */
  private bind(value: unknown): string {
    if (this.writing) return `k${this.count++}`;
    this.consts.push(value);
    this.count++;
    return '';
  }

  /** A fresh local name (only when writing). */
  private name(prefix: string): string {
    return this.writing ? `${prefix}${this.names++}` : '';
  }

  steps(steps: readonly (string | Instruction)[], depth: number): void {
    for (const step of steps) {
      if (typeof step !== 'string') this.instruction(step, depth);
      else if (this.writing) this.code += `rt.out += ${this.bind(step)};\n`;
      else {
        this.bind(step);
        this.token('t');
      }
    }
  }

  private block(nodes: readonly Node[], depth: number): void {
    if (!this.writing) this.token('(');
    this.steps(blockSteps(nodes), depth);
    if (!this.writing) this.token(')');
  }

  /** Statements that resolve `path` into a new local (a section's from its own frame only); its name. */
  private resolve(path: Path, scopeOnly: boolean): string {
    // Inside a loop of this function, the nearest frame with an index is the loop's array:
    // sections between here and there have none, and no private partial stops the lookup.
    const head = path[0];
    const loop = this.loops[this.loops.length - 1];
    if (!scopeOnly && loop !== undefined && path.length === 1 && (head === '@index' || head === '@index0')) {
      if (!this.writing) {
        this.token(head === '@index' ? '#' : '0');
        return '';
      }
      const v = this.name('v');
      this.code += `let ${v} = ${loop}${head === '@index' ? ' + 1' : ''};\n`;
      return v;
    }
    if (!this.writing) {
      const token = pathToken(path);
      if ((token & 1) === 0) this.bind(scopeOnly ? compileSectionPath(path) : compilePath(path));
      this.token(scopeOnly ? 's' : 'v');
      this.mark(128 + token);
      return '';
    }
    const v = this.name('v');
    const label = this.name('r');
    const inline = inlineResolver(path, scopeOnly, v, label);
    if (inline !== undefined) this.code += `let ${v}; ${label}: {\n${inline}}\n`;
    else this.code += `let ${v} = ${this.bind(null)}(rt);\n`;
    return v;
  }

  private call(node: Instruction): void {
    if (this.writing) this.code += `${this.bind(null)}(rt);\n`;
    else {
      this.bind(this.fallback.node(node, this.tables));
      this.token('c');
    }
  }

  private instruction(node: Instruction, depth: number): void {
    if (this.inlined >= MAX_INLINE || depth > MAX_DEPTH) {
      this.call(node);
      return;
    }
    this.inlined++;
    switch (node.kind) {
      case 'variable':
        this.variable(node);
        break;
      case 'bindvar':
        this.bindvar(node);
        break;
      case 'section':
        this.section(node, depth);
        break;
      case 'repeated':
        this.repeated(node, depth);
        break;
      case 'predicate':
        this.predicate(node, depth);
        break;
      case 'if':
        this.condition(node, depth);
        break;
      case 'or':
        this.alternate(node, depth);
        break;
      default:
        this.call(node);
    }
  }

  /** A variable, or a one-variable chain of value formatters as plain calls on the value. */
  private variable(node: VariableNode): void {
    const chain = bindFormatters(node.formatters, this.tables);
    const path = node.paths[0] ?? [];
    if (chain.length === 0) {
      if (this.writing) this.code += '{ ';
      else this.token('V');
      const v = this.resolve(path, false);
      if (this.writing)
        this.code += `rt.out += typeof ${v} === 'string' ? ${v} : typeof ${v} === 'number' ? String(${v}) : outputText(${v}); }\n`;
      return;
    }
    if (node.paths.length !== 1) {
      this.call(node);
      return;
    }
    const plan = valueSteps(chain);
    if (plan === undefined) {
      this.call(node);
      return;
    }
    const { steps, framed } = plan;
    if (!this.writing) {
      this.token(framed ? 'F' : 'D');
      this.resolve(path, false);
      if (framed) this.bind(new FrameSlot());
      for (const step of steps) {
        this.bind(step.fn);
        this.bind(step.args);
        this.token(step.fused ? (step.voidAware ? 'A' : 'B') : step.voidAware ? 'a' : 'b');
      }
      this.token('.');
      return;
    }
    this.code += '{ ';
    const v = this.resolve(path, false);
    const ok = this.name('ok');
    const label = this.name('c');
    const slot = framed ? this.bind(null) : '';
    let code = `let ${ok} = true;\n`;
    if (framed) code += enterCode(slot, v);
    code += `try { ${label}: {\n`;
    for (const step of steps) {
      if (!step.voidAware) code += `if (${v} === VOID) ${v} = undefined;\n`;
      const fn = this.bind(null);
      code += `${v} = ${fn}(${v}, ${this.bind(null)}, rt);\n`;
      // rt.checkValue in place: it is false past the output limit (and halts) or once halted.
      code += `if (rt.halted || (typeof ${v} === 'string' && ${v}.length > rt.maxOutputLength)) { rt.checkValue(${v}); ${ok} = false; break ${label}; }\n`;
    }
    code += `} } catch (e) { reportThrown(rt, 'formatter', 'Unexpected error in formatter', e); ${ok} = false; }\n`;
    if (framed) code += leaveCode(slot, v);
    this.code += `${code}if (${ok}) rt.out += typeof ${v} === 'string' ? ${v} : typeof ${v} === 'number' ? String(${v}) : ${v} === VOID ? '' : outputText(${v}); }\n`;
  }

  /** `.var @name path` without formatters: the value set on the current frame. */
  private bindvar(node: BindvarNode): void {
    if (bindFormatters(node.formatters, this.tables).length > 0) {
      this.call(node);
      return;
    }
    if (this.writing) this.code += '{ ';
    else this.token('B');
    const v = this.resolve(node.paths[0] ?? [], false);
    const name = this.bind(node.name);
    if (this.writing) this.code += `rt.setVar(${name}, ${v}); }\n`;
  }

  private section(node: SectionNode, depth: number): void {
    const slot = this.bind(this.writing ? null : new FrameSlot());
    if (this.writing) this.code += '{ ';
    else this.token('S');
    const v = this.resolve(node.path, true);
    if (this.writing) this.code += `${enterCode(slot, v)}if (${truthy(v)}) {\n`;
    this.block(node.body, depth + 1);
    if (this.writing) this.code += '}';
    this.orElse(node.alternate, depth);
    if (this.writing) this.code += `${leaveCode(slot, v)}}\n`;
  }

  /** One frame for the array and one for its elements, reset on each iteration as in `compileRepeated`. */
  private repeated(node: RepeatedNode, depth: number): void {
    const slot = this.bind(this.writing ? null : new LoopSlot());
    if (this.writing) this.code += '{ ';
    else this.token('L');
    const v = this.resolve(node.path, true);
    const i = this.name('i');
    if (this.writing) this.code += `if (!Array.isArray(${v}) || ${v}.length === 0) {\n`;
    this.alternate(node.alternate, depth);
    if (this.writing) {
      this.code += `} else {
const e${v} = ${slot}.enter(rt, ${v}); const a${v} = e${v}.parent; const l${v} = ${v}.length - 1;
for (let ${i} = 0; ${i} <= l${v}; ${i}++) {
if (!rt.tick()) break;
a${v}.index = ${i}; e${v}.node = ${v}[${i}]; rt.frame = e${v};
if (e${v}.vars !== undefined) e${v}.vars.clear(); if (e${v}.macros !== undefined) e${v}.macros.clear();\n`;
    }
    this.loops.push(i);
    this.block(node.body, depth + 1);
    if (node.alternatesWith.length > 0) {
      if (this.writing) this.code += `if (${i} < l${v}) {\n`;
      else this.token('|');
      this.block(node.alternatesWith, depth + 1);
      if (this.writing) this.code += '}\n';
    }
    this.loops.pop();
    if (this.writing) this.code += `}\n${slot}.leave(rt, e${v}); } }\n`;
  }

  /** A predicate's test into a fresh local, or `false`: a throw is reported and counts as false. */
  private test(name: string, args: readonly string[]): string {
    const impl = this.tables.predicates[name];
    if (impl === undefined) {
      // What `bareTest` makes of a predicate the tables do not have: false.
      if (!this.writing) this.token('0');
      return 'false';
    }
    const c = this.name('t');
    const plan = PREDICATE_PLANS.get(impl)?.(args);
    if (plan === undefined) {
      if (!this.writing) {
        this.token('1');
        this.bind(bareTest(name, args, this.tables));
        this.bind(predicateFailure(name));
        return '';
      }
      const test = this.bind(null);
      this.code += `let ${c}; try { ${c} = ${test}(rt); } catch (e) {
reportThrown(rt, 'predicate', ${this.bind(null)}, e); ${c} = false; }\n`;
      return c;
    }
    // A planned predicate: its operands read here, then its test called on their values.
    if (this.writing) this.code += `let ${c}; try {\n`;
    else this.token('2');
    const values: string[] = [];
    for (const op of plan.operands) {
      if (!this.writing) this.token(op === 'node' ? 'n' : 'path' in op ? 'p' : 'l');
      if (op === 'node') values.push('rt.frame.node');
      else if ('path' in op) values.push(this.resolve(splitPath(op.path), false));
      else values.push(this.bind(op.value));
    }
    if (!this.writing) this.token('.');
    const test = this.bind(plan.test);
    const failure = this.bind(predicateFailure(name));
    if (this.writing) {
      this.code += `${c} = ${test}(${values.join(', ')});
} catch (e) {\nreportThrown(rt, 'predicate', ${failure}, e); ${c} = false; }\n`;
    }
    return c;
  }

  private predicate(node: PredicateNode, depth: number): void {
    if (this.writing) this.code += '{ ';
    else this.token('P');
    const c = this.test(node.name, node.args?.list ?? []);
    if (this.writing) this.code += `if (${c}) {\n`;
    this.block(node.body, depth + 1);
    if (this.writing) this.code += '}';
    this.orElse(node.alternate, depth);
    if (this.writing) this.code += '}\n';
  }

  /** `.if a && b || c`: evaluated left to right, stopping at the first operand that settles it. */
  private condition(node: IfNode, depth: number): void {
    if (node.paths.length > MAX_CHAIN) {
      this.call(node);
      return;
    }
    const c = this.name('t');
    if (this.writing) this.code += `{ let ${c};\n`;
    else this.token('I');
    let close = '';
    for (let i = 0; i < node.paths.length; i++) {
      if (i > 0) {
        const and = node.operators[i - 1] === '&&';
        if (this.writing) this.code += `if (${and ? '' : '!'}${c}) {\n`;
        else this.token(and ? '&' : '/');
        close += '}';
      }
      if (this.writing) this.code += '{ ';
      const v = this.resolve(node.paths[i] ?? [], false);
      if (this.writing) this.code += `${c} = ${truthy(v)}; }\n`;
    }
    if (this.writing) this.code += `${close}\nif (${c}) {\n`;
    this.block(node.body, depth + 1);
    if (this.writing) this.code += '}';
    this.orElse(node.alternate, depth);
    if (this.writing) this.code += '}\n';
  }

  /** ` else { … }` for a block's `.or` branches, if it has any; then a new line. */
  private orElse(first: OrNode | null, depth: number): void {
    if (first !== null) {
      if (this.writing) this.code += ' else {\n';
      this.alternate(first, depth);
      if (this.writing) this.code += '}';
    }
    if (this.writing) this.code += '\n';
  }

  /** An `.or` chain: the first branch whose predicate holds (or that has none) runs. */
  private alternate(first: OrNode | null, depth: number): void {
    let length = 0;
    for (let alt = first; alt !== null && length <= MAX_CHAIN; alt = alt.name === null ? null : alt.alternate) length++;
    if (length > MAX_CHAIN) {
      if (this.writing) this.code += `${this.bind(null)}(rt);\n`;
      else {
        this.bind(this.fallback.alternate(first, this.tables));
        this.token('c');
      }
      return;
    }
    if (!this.writing) this.token('A');
    let close = '';
    for (let alt = first; alt !== null; alt = alt.alternate) {
      if (alt.name === null) {
        this.block(alt.body, depth + 1);
        break;
      }
      if (this.writing) this.code += '{ ';
      const c = this.test(alt.name, alt.args?.list ?? []);
      if (this.writing) this.code += `if (${c}) {\n`;
      this.block(alt.body, depth + 1);
      if (this.writing) this.code += '} else {\n';
      close += '} }\n';
    }
    if (this.writing) this.code += close;
    else this.token('.');
  }
}
