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

export const textNode = (text: string): TextNode => ({ kind: 'text', text });
export const symbolNode = (name: SymbolName): SymbolNode => ({ kind: 'symbol', name });
export const commentNode = (text: string, multiline: boolean): CommentNode => ({ kind: 'comment', text, multiline });
export const variableNode = (paths: readonly Path[], formatters: readonly FormatterCall[]): VariableNode => ({
  kind: 'variable',
  paths,
  formatters,
});
export const bindvarNode = (
  name: string,
  paths: readonly Path[],
  formatters: readonly FormatterCall[],
): BindvarNode => ({
  kind: 'bindvar',
  name,
  paths,
  formatters,
});
export const ctxvarNode = (name: string, bindings: readonly (readonly [string, Path])[]): CtxvarNode => ({
  kind: 'ctxvar',
  name,
  bindings,
});
export const evalNode = (code: string): EvalNode => ({ kind: 'eval', code });
export const includeNode = (name: string, args: Arguments): IncludeNode => ({ kind: 'include', name, args });
export const injectNode = (name: string, path: string, args: Arguments | null): InjectNode => ({
  kind: 'inject',
  name,
  path,
  args,
});

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

const freezeArgs = (args: Arguments | null): void => {
  if (args !== null) {
    Object.freeze(args.list);
    Object.freeze(args);
  }
};

const freezeCalls = (calls: readonly FormatterCall[]): void => {
  for (const call of calls) {
    Object.freeze(call.args);
    Object.freeze(call);
  }
  Object.freeze(calls);
};

function freezeBlock(nodes: readonly Node[]): void {
  for (const node of nodes) freezeNode(node);
  Object.freeze(nodes);
}

/** Freeze an `.or` chain in a loop: chains can be thousands of branches long. */
function freezeAlternates(first: OrNode | null): void {
  const chain: OrNode[] = [];
  for (let alt = first; alt !== null; alt = alt.alternate) {
    freezeArgs(alt.args);
    freezeBlock(alt.body);
    chain.push(alt);
  }
  for (let i = chain.length - 1; i >= 0; i--) Object.freeze(chain[i]);
}

/** Freeze one node and everything it holds (paths are frozen when split). */
function freezeNode(node: Node | RootNode): void {
  switch (node.kind) {
    case 'variable':
    case 'bindvar':
      Object.freeze(node.paths);
      freezeCalls(node.formatters);
      break;
    case 'ctxvar':
      for (const binding of node.bindings) Object.freeze(binding);
      Object.freeze(node.bindings);
      break;
    case 'include':
    case 'inject':
      freezeArgs(node.args);
      break;
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
      freezeArgs(node.args);
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
      break;
  }
  Object.freeze(node);
}

/** Deep-freeze a finished tree so compiled templates can be shared safely. */
export function freezeTree(root: RootNode): RootNode {
  freezeNode(root);
  return root;
}
