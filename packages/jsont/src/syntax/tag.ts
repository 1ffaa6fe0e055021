/**
 * Reads the inside of one `{…}` tag into an instruction. A tag that does not
 * match any instruction yields `null`, and the parser then emits it as text.
 */
import type { Arguments, FormatterCall, IfOperator, Node, Path, SymbolName } from './nodes.js';
import {
  bindvarNode,
  commentNode,
  ctxvarNode,
  evalNode,
  ifNode,
  includeNode,
  injectNode,
  macroNode,
  orNode,
  predicateNode,
  repeatedNode,
  sectionNode,
  symbolNode,
  variableNode,
} from './nodes.js';
import type { Draft, IfNode, MacroNode, OrNode, PredicateNode, RepeatedNode, SectionNode } from './nodes.js';

/** A block opener: its body is filled by the parser until the matching `.end`. */
export type OpenBlock =
  | Draft<SectionNode>
  | Draft<RepeatedNode>
  | Draft<PredicateNode>
  | Draft<IfNode>
  | Draft<MacroNode>;

export type Instruction =
  | { readonly type: 'leaf'; readonly node: Node }
  | { readonly type: 'open'; readonly node: OpenBlock }
  | { readonly type: 'or'; readonly node: Draft<OrNode> }
  | { readonly type: 'end' }
  | { readonly type: 'alternates' }
  | { readonly type: 'eof' };

/** Names the parser needs to know to report unknown formatters and predicates. */
export interface NameTables {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
  error(message: string): void;
}

const WORD = /[a-zA-Z][a-zA-Z0-9_-]*/y;
const SEGMENT = '(?:\\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)';
const VARIABLE = new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`, 'y');
const VARIABLE_SEPARATOR = / *, */y;
const WHITESPACE = /[ \f\n\r\t\v]+/y;
const PREDICATE = /[a-zA-Z][a-zA-Z0-9_-]*\?/y;
const DEFINITION = /@[a-zA-Z][a-zA-Z0-9_-]*/y;
const FILE_PATH = /[./a-zA-Z0-9_-]+/y;
const OPERATOR = /&&|\|\|/y;
const DIGITS = /^\d+$/;

const SYMBOLS: Readonly<Record<string, SymbolName>> = {
  'meta-left': 'meta-left',
  'meta-right': 'meta-right',
  space: 'space',
  tab: 'tab',
  newline: 'newline',
};

/** Split paths by text: templates repeat them, and a frozen path can be shared. */
const splitCache = new Map<string, Path>();
const SPLIT_CACHE_LIMIT = 5000;

/** Split `a.b.0.c` into `['a', 'b', 0, 'c']`; digit segments within int32 become numbers. */
export function splitPath(raw: string): Path {
  let path = splitCache.get(raw);
  if (path === undefined) {
    path = splitUncached(raw);
    if (splitCache.size >= SPLIT_CACHE_LIMIT) splitCache.clear();
    splitCache.set(raw, path);
  }
  return path;
}

function splitUncached(raw: string): Path {
  const parts: (string | number)[] = raw.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (DIGITS.test(part)) {
      const n = Number.parseInt(part, 10);
      if (n <= 0x7fffffff) parts[i] = n;
    }
  }
  return Object.freeze(parts);
}

/** A cursor over the text of one tag. */
class Cursor {
  pos = 0;
  constructor(readonly str: string) {}

  match(re: RegExp): string | null {
    re.lastIndex = this.pos;
    const m = re.exec(this.str);
    if (m === null) return null;
    this.pos = re.lastIndex;
    return m[0];
  }

  skip(ch: string): boolean {
    if (this.str[this.pos] === ch) {
      this.pos++;
      return true;
    }
    return false;
  }

  done(): boolean {
    return this.pos === this.str.length;
  }

  rest(): string {
    return this.str.slice(this.pos);
  }

  /** The remaining text as delimiter-separated arguments, or null when nothing remains. */
  args(): Arguments | null {
    if (this.done()) return null;
    const raw = this.rest();
    this.pos = this.str.length;
    return splitArgs(raw);
  }

  variables(): Path[] | null {
    const start = this.pos;
    const result: Path[] = [];
    for (;;) {
      const raw = this.match(VARIABLE);
      if (raw === null) {
        if (result.length > 0) return null;
        this.pos = start;
        return null;
      }
      result.push(splitPath(raw));
      if (this.match(VARIABLE_SEPARATOR) === null) return result;
    }
  }

  /** `|name args|name args…`; undefined when absent, null when malformed. */
  formatters(): FormatterCall[] | undefined | null {
    if (this.str[this.pos] !== '|') return undefined;
    if (this.str[this.pos + 1] === '|') return null;
    this.pos++;
    const calls: FormatterCall[] = [];
    for (;;) {
      const name = this.match(WORD);
      if (name === null) return null;
      let end = this.str.indexOf('|', this.pos);
      if (end === -1) end = this.str.length;
      if (end > this.pos) {
        const parsed = splitArgs(this.str.slice(this.pos, end));
        calls.push({ name, args: parsed.list, delimiter: parsed.delimiter });
        this.pos = end;
      } else {
        calls.push({ name, args: [], delimiter: '' });
      }
      if (!this.skip('|')) return calls;
    }
  }
}

function splitArgs(raw: string): Arguments {
  const delimiter = raw[0] as string;
  const list = raw.slice(1).split(delimiter);
  return { list: list.length === 1 && list[0] === '' ? [] : list, delimiter };
}

/** Parse the text between `{` and `}` (uncached: see `parseTag` in tags.ts). */
export function readTag(tag: string, tables: NameTables): Instruction | null {
  const first = tag[0];
  if (first === '#') return { type: 'leaf', node: commentNode(tag.slice(1), false) };
  if (first === '.') return parseInstruction(new Cursor(tag.slice(1)), tables);
  return parseVariable(new Cursor(tag), tables);
}

export function predicateCheck(name: string, tables: NameTables): void {
  if (!tables.hasPredicate(name)) tables.error(`Predicate '${name}' is unknown`);
}

export function checkFormatters(calls: readonly FormatterCall[], tables: NameTables): boolean {
  for (const call of calls) {
    if (!tables.hasFormatter(call.name)) {
      tables.error(`Formatter '${call.name}' is unknown`);
      return false;
    }
  }
  return true;
}

function parseVariable(c: Cursor, tables: NameTables): Instruction | null {
  const paths = c.variables();
  if (paths === null) return null;
  const calls = c.formatters();
  if (calls === null || !c.done()) return null;
  if (calls && !checkFormatters(calls, tables)) return null;
  return { type: 'leaf', node: variableNode(paths, calls ?? []) };
}

function parsePredicate(c: Cursor, tables: NameTables, or: boolean): Instruction | null {
  const save = c.pos;
  const name = c.match(PREDICATE);
  if (name === null) {
    c.pos = save;
    return null;
  }
  predicateCheck(name, tables);
  const args = c.args();
  return or ? { type: 'or', node: orNode(name, args) } : { type: 'open', node: predicateNode(name, args) };
}

const KEYWORDS = [
  'alternates with',
  'ctx',
  'end',
  'eof',
  'eval',
  'if',
  'include',
  'inject',
  'macro',
  'meta-left',
  'meta-right',
  'newline',
  'or',
  'repeated section',
  'section',
  'space',
  'tab',
  'var',
] as const;
type Keyword = (typeof KEYWORDS)[number];

function matchKeyword(c: Cursor): Keyword | null {
  for (const kw of KEYWORDS) {
    if (c.str.startsWith(kw, c.pos)) {
      c.pos += kw.length;
      return kw;
    }
  }
  return null;
}

function parseInstruction(c: Cursor, tables: NameTables): Instruction | null {
  const pred = parsePredicate(c, tables, false);
  if (pred !== null) return pred;
  const kw = matchKeyword(c);
  switch (kw) {
    case null:
      return null;
    case 'end':
      return c.done() ? { type: 'end' } : null;
    case 'eof':
      return c.done() ? { type: 'eof' } : null;
    case 'alternates with':
      return c.done() ? { type: 'alternates' } : null;
    case 'meta-left':
    case 'meta-right':
    case 'newline':
    case 'space':
    case 'tab':
      return c.done() ? { type: 'leaf', node: symbolNode(SYMBOLS[kw] as SymbolName) } : null;
    case 'var':
      return parseBindvar(c, tables);
    case 'ctx':
      return parseCtxvar(c);
    case 'eval':
      if (c.match(WHITESPACE) === null) return null;
      return { type: 'leaf', node: evalNode(c.rest()) };
    case 'if':
      return parseIf(c, tables);
    case 'include': {
      if (c.str[c.pos] !== ' ') return null;
      const args = c.args();
      if (args === null || args.list.length < 1) return null;
      return {
        type: 'leaf',
        node: includeNode(args.list[0] as string, { list: args.list.slice(1), delimiter: args.delimiter }),
      };
    }
    case 'inject':
      return parseInject(c);
    case 'macro': {
      if (!c.skip(' ')) return null;
      const name = c.match(FILE_PATH);
      if (name === null || !c.done()) return null;
      return { type: 'open', node: macroNode(name) };
    }
    case 'or': {
      if (c.done()) return { type: 'or', node: orNode(null, null) };
      if (!c.skip(' ')) return null;
      return parsePredicate(c, tables, true);
    }
    case 'section':
    case 'repeated section': {
      if (c.match(WHITESPACE) === null) return null;
      const raw = c.match(VARIABLE);
      if (raw === null || !c.done()) return null;
      const path = splitPath(raw);
      return { type: 'open', node: kw === 'section' ? sectionNode(path) : repeatedNode(path) };
    }
  }
}

function parseBindvar(c: Cursor, tables: NameTables): Instruction | null {
  if (!c.skip(' ')) return null;
  const name = c.match(DEFINITION);
  if (name === null || !c.skip(' ')) return null;
  const paths = c.variables();
  if (paths === null) return null;
  const calls = c.formatters();
  if (calls === null || !c.done()) return null;
  if (calls && !checkFormatters(calls, tables)) return null;
  return { type: 'leaf', node: bindvarNode(name, paths, calls ?? []) };
}

function parseCtxvar(c: Cursor): Instruction | null {
  if (!c.skip(' ')) return null;
  const name = c.match(DEFINITION);
  if (name === null || !c.skip(' ')) return null;
  const bindings: [string, Path][] = [];
  for (;;) {
    const save = c.pos;
    const key = c.match(WORD);
    if (key === null || !c.skip('=')) {
      c.pos = save;
      break;
    }
    const ref = c.match(VARIABLE);
    if (ref === null) {
      c.pos = save;
      break;
    }
    bindings.push([key, splitPath(ref)]);
    c.match(WHITESPACE);
  }
  if (bindings.length === 0 || !c.done()) return null;
  return { type: 'leaf', node: ctxvarNode(name, bindings) };
}

function parseIf(c: Cursor, tables: NameTables): Instruction | null {
  if (c.match(WHITESPACE) === null) return null;
  const pred = parsePredicate(c, tables, false);
  if (pred !== null) return pred;
  const paths: Path[] = [];
  const operators: IfOperator[] = [];
  for (;;) {
    const raw = c.match(VARIABLE);
    if (raw === null) {
      if (operators.length > 0) return null;
      break;
    }
    paths.push(splitPath(raw));
    c.match(WHITESPACE);
    const op = c.match(OPERATOR);
    if (op === null) break;
    operators.push(op as IfOperator);
    c.match(WHITESPACE);
  }
  if (paths.length === 0 || !c.done()) return null;
  return { type: 'open', node: ifNode(operators, paths) };
}

function parseInject(c: Cursor): Instruction | null {
  if (!c.skip(' ')) return null;
  const name = c.match(DEFINITION);
  if (name === null || !c.skip(' ')) return null;
  const path = c.match(FILE_PATH);
  if (path === null) return null;
  return { type: 'leaf', node: injectNode(name, path, c.args()) };
}
