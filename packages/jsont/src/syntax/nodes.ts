/**
 * The syntax tree of a template. Nodes are plain frozen data with a `kind`
 * field, built through one small factory per node; the compiler turns them into
 * closures and `toReferenceCode` into the reference instruction arrays.
 */

/** A dotted variable reference split into segments; digit segments are numbers. */
export type Path = readonly (string | number)[];

/** One formatter call in a chain: `|name<delim>arg<delim>arg`. */
export interface FormatterCall {
  readonly name: string;
  readonly args: readonly string[];
  /** The delimiter character, or '' when the call has no arguments. */
  readonly delimiter: string;
}

/** Predicate or include arguments: the delimiter is the first character after the name. */
export interface Arguments {
  readonly list: readonly string[];
  readonly delimiter: string;
}

export interface TextNode {
  readonly kind: 'text';
  readonly text: string;
}

/** `.meta-left`, `.meta-right`, `.space`, `.tab`, `.newline`. */
export type SymbolName = 'meta-left' | 'meta-right' | 'space' | 'tab' | 'newline';
export interface SymbolNode {
  readonly kind: 'symbol';
  readonly name: SymbolName;
}

export interface CommentNode {
  readonly kind: 'comment';
  readonly text: string;
  readonly multiline: boolean;
}

export interface VariableNode {
  readonly kind: 'variable';
  readonly paths: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}

export interface BindvarNode {
  readonly kind: 'bindvar';
  /** The variable's name including the leading `@`. */
  readonly name: string;
  readonly paths: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}

export interface CtxvarNode {
  readonly kind: 'ctxvar';
  readonly name: string;
  readonly bindings: readonly (readonly [string, Path])[];
}

export interface EvalNode {
  readonly kind: 'eval';
  readonly code: string;
}

export interface IncludeNode {
  readonly kind: 'include';
  readonly name: string;
  readonly args: Arguments;
}

export interface InjectNode {
  readonly kind: 'inject';
  readonly name: string;
  readonly path: string;
  readonly args: Arguments | null;
}

/** What follows a block's body: an `.or` branch, or the closing `.end`. */
export type Alternate = OrNode | null;

export interface SectionNode {
  readonly kind: 'section';
  readonly path: Path;
  readonly body: readonly Node[];
  readonly alternate: Alternate;
}

export interface RepeatedNode {
  readonly kind: 'repeated';
  readonly path: Path;
  readonly body: readonly Node[];
  readonly alternatesWith: readonly Node[];
  readonly alternate: Alternate;
}

export interface PredicateNode {
  readonly kind: 'predicate';
  readonly name: string;
  readonly args: Arguments | null;
  readonly body: readonly Node[];
  readonly alternate: Alternate;
}

/** `{.or}` (name null) or `{.or name? args}`: the else-branch of a block. */
export interface OrNode {
  readonly kind: 'or';
  readonly name: string | null;
  readonly args: Arguments | null;
  readonly body: readonly Node[];
  readonly alternate: Alternate;
}

export type IfOperator = '&&' | '||';
export interface IfNode {
  readonly kind: 'if';
  readonly operators: readonly IfOperator[];
  readonly paths: readonly Path[];
  readonly body: readonly Node[];
  readonly alternate: Alternate;
}

export interface MacroNode {
  readonly kind: 'macro';
  readonly name: string;
  readonly body: readonly Node[];
}

export interface RootNode {
  readonly kind: 'root';
  readonly body: readonly Node[];
}

export type BlockNode = SectionNode | RepeatedNode | PredicateNode | OrNode | IfNode | MacroNode | RootNode;

export type Node =
  | TextNode
  | SymbolNode
  | CommentNode
  | VariableNode
  | BindvarNode
  | CtxvarNode
  | EvalNode
  | IncludeNode
  | InjectNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | OrNode
  | IfNode
  | MacroNode;

/*
 * Leaf factories return nodes frozen through and through: a leaf is complete when made, and
 * the parser may share one between trees (see `parseTag`).
 */
export const textNode = (text: string): TextNode => Object.freeze({ kind: 'text', text });
export const symbolNode = (name: SymbolName): SymbolNode => Object.freeze({ kind: 'symbol', name });
export const commentNode = (text: string, multiline: boolean): CommentNode =>
  Object.freeze({ kind: 'comment', text, multiline });
export const variableNode = (paths: readonly Path[], formatters: readonly FormatterCall[]): VariableNode =>
  Object.freeze({ kind: 'variable', paths: Object.freeze(paths), formatters: freezeCalls(formatters) });
export const bindvarNode = (name: string, paths: readonly Path[], formatters: readonly FormatterCall[]): BindvarNode =>
  Object.freeze({ kind: 'bindvar', name, paths: Object.freeze(paths), formatters: freezeCalls(formatters) });
export const ctxvarNode = (name: string, bindings: readonly (readonly [string, Path])[]): CtxvarNode => {
  for (const binding of bindings) Object.freeze(binding);
  return Object.freeze({ kind: 'ctxvar', name, bindings: Object.freeze(bindings) });
};
export const evalNode = (code: string): EvalNode => Object.freeze({ kind: 'eval', code });
export const includeNode = (name: string, args: Arguments): IncludeNode =>
  Object.freeze({ kind: 'include', name, args: freezeArgs(args) });
export const injectNode = (name: string, path: string, args: Arguments | null): InjectNode =>
  Object.freeze({ kind: 'inject', name, path, args: args === null ? null : freezeArgs(args) });

/*
 * Block factories return mutable drafts: the parser fills `body`/`alternate`
 * while it reads, then `freezeTree` seals the finished tree.
 */
export type Draft<T> = { -readonly [K in keyof T]: K extends 'body' | 'alternatesWith' ? Node[] : T[K] };

export const sectionNode = (path: Path): Draft<SectionNode> => ({ kind: 'section', path, body: [], alternate: null });
export const repeatedNode = (path: Path): Draft<RepeatedNode> => ({
  kind: 'repeated',
  path,
  body: [],
  alternatesWith: [],
  alternate: null,
});
export const predicateNode = (name: string, args: Arguments | null): Draft<PredicateNode> => ({
  kind: 'predicate',
  name,
  args,
  body: [],
  alternate: null,
});
export const orNode = (name: string | null, args: Arguments | null): Draft<OrNode> => ({
  kind: 'or',
  name,
  args,
  body: [],
  alternate: null,
});
export const ifNode = (operators: readonly IfOperator[], paths: readonly Path[]): Draft<IfNode> => ({
  kind: 'if',
  operators,
  paths,
  body: [],
  alternate: null,
});
export const macroNode = (name: string): Draft<MacroNode> => ({ kind: 'macro', name, body: [] });
export const rootNode = (): Draft<RootNode> => ({ kind: 'root', body: [] });

function freezeArgs(args: Arguments): Arguments {
  Object.freeze(args.list);
  return Object.freeze(args);
}

function freezeCalls(calls: readonly FormatterCall[]): readonly FormatterCall[] {
  for (const call of calls) {
    Object.freeze(call.args);
    Object.freeze(call);
  }
  return Object.freeze(calls);
}

function freezeBlock(nodes: readonly Node[]): void {
  for (const node of nodes) freezeNode(node);
  Object.freeze(nodes);
}

/** Freeze an `.or` chain in a loop: chains can be thousands of branches long. */
function freezeAlternates(first: OrNode | null): void {
  const chain: OrNode[] = [];
  for (let alt = first; alt !== null; alt = alt.alternate) {
    if (alt.args !== null) freezeArgs(alt.args);
    freezeBlock(alt.body);
    chain.push(alt);
  }
  for (let i = chain.length - 1; i >= 0; i--) Object.freeze(chain[i]);
}

/** Freeze one node and everything it holds (leaves are frozen when made, paths when split). */
function freezeNode(node: Node | RootNode): void {
  switch (node.kind) {
    case 'section':
      freezeBlock(node.body);
      freezeAlternates(node.alternate);
      break;
    case 'repeated':
      freezeBlock(node.body);
      freezeBlock(node.alternatesWith);
      freezeAlternates(node.alternate);
      break;
    case 'predicate':
    case 'or':
      if (node.args !== null) freezeArgs(node.args);
      freezeBlock(node.body);
      freezeAlternates(node.alternate);
      break;
    case 'if':
      Object.freeze(node.operators);
      Object.freeze(node.paths);
      freezeBlock(node.body);
      freezeAlternates(node.alternate);
      break;
    case 'macro':
    case 'root':
      freezeBlock(node.body);
      break;
    default:
      return;
  }
  Object.freeze(node);
}

/** Deep-freeze a finished tree so compiled templates can be shared safely. */
export function freezeTree(root: RootNode): RootNode {
  freezeNode(root);
  return root;
}
