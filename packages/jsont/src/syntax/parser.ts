/**
 * Turns template source into a syntax tree. The scanner finds `{…}` tags
 * (a tag runs from the last `{` before the next `}`), `parseTag` reads each one,
 * and a small block machine nests them, recording the language's syntax errors
 * without ever stopping: whatever can be built is built.
 */
import type { Draft, Node, OrNode, RootNode, TextNode } from './nodes.js';
import { commentNode, freezeTree, rootNode, textNode } from './nodes.js';
import type { Instruction, NameTables, OpenBlock } from './tag.js';
import { parseTag } from './tags.js';

export interface ParseOptions {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
  /**
   * Preprocessor scope: when true only `{^…}` tags are instructions and every
   * other tag is text; when false `{^…}` tags are dropped.
   */
  preprocess?: boolean;
  /** Parsing stops after this many instructions (tags read as instructions); see `ParseResult`. */
  maxInstructions?: number;
}

export interface ParseResult {
  readonly root: RootNode;
  readonly errors: readonly ParseError[];
  /** Instructions read; past `maxInstructions` parsing stopped and the tree is incomplete. */
  readonly instructions: number;
}

/** A syntax error with the 1-based line and column of the tag that caused it. */
export interface ParseError {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** Deeper nesting is refused (the tag prints as text) so compiling and rendering stay within the stack. */
export const MAX_BLOCK_DEPTH = 256;
const MAX_ERRORS = 200;

type Block = OpenBlock | Draft<OrNode> | Draft<RootNode>;

interface Level {
  /** The block whose list receives instructions (a block, or its current `.or` branch). */
  block: Block;
  /** Where instructions go: the body, or a repeated section's `alternates with` part. */
  list: Node[];
  /** The outermost block of this level, the one `.end` closes. */
  opener: Block;
  alternates: boolean;
  /** Source offset of the tag that opened the block: an unclosed block is reported there. */
  start: number;
}

const BLOCK_NAMES: Readonly<Record<Block['kind'], string>> = {
  section: 'SECTION',
  repeated: 'REPEATED',
  predicate: 'PREDICATE',
  if: 'IF',
  macro: 'MACRO',
  or: 'OR_PREDICATE',
  root: 'ROOT',
};

const INSTRUCTION_NAMES: Readonly<Record<'or' | 'end' | 'alternates', string>> = {
  or: 'OR_PREDICATE',
  end: 'END',
  alternates: 'ALTERNATES_WITH',
};

/** Text nodes are frozen: short ones are shared by text, like tags (see `parseTag`). */
const textCache = new Map<string, TextNode>();
const TEXT_CACHE_LIMIT = 5000;
const TEXT_MAX_LENGTH = 256;

class Assembler {
  readonly root = rootNode();
  readonly errors: string[] = [];
  readonly offsets: number[] = [];
  /** Source offset of the tag being assembled, for error positions. */
  offset = 0;

  fail(message: string): void {
    this.errors.push(message);
    this.offsets.push(this.offset);
  }
  private readonly stack: Level[] = [];
  private level: Level = { block: this.root, list: this.root.body, opener: this.root, alternates: false, start: 0 };

  /** Text pieces stay separate, as the reference tree keeps them; the compiler joins them. */
  text(text: string): void {
    let node = text.length <= TEXT_MAX_LENGTH ? textCache.get(text) : undefined;
    if (node === undefined) {
      node = textNode(text);
      if (text.length <= TEXT_MAX_LENGTH) {
        if (textCache.size >= TEXT_CACHE_LIMIT) textCache.clear();
        textCache.set(text, node);
      }
    }
    this.level.list.push(node);
  }

  /** How many blocks are open. */
  get depth(): number {
    return this.stack.length;
  }

  leaf(node: Node): void {
    this.level.list.push(node);
  }

  accept(inst: Instruction): void {
    const level = this.level;
    const here = BLOCK_NAMES[level.block.kind];
    switch (inst.type) {
      case 'leaf':
        level.list.push(inst.node);
        return;
      case 'open':
        level.list.push(inst.node as Node);
        this.stack.push(level);
        this.level = {
          block: inst.node,
          list: inst.node.body,
          opener: inst.node,
          alternates: false,
          start: this.offset,
        };
        return;
      case 'end':
        if (level.opener.kind === 'root') {
          this.fail(`Instruction ${INSTRUCTION_NAMES.end} not allowed at root`);
          return;
        }
        this.level = this.stack.pop() as Level;
        return;
      case 'or': {
        const block = level.block;
        if (block.kind === 'root') {
          this.fail(`Instruction ${INSTRUCTION_NAMES.or} not allowed at root`);
          return;
        }
        if (block.kind === 'macro') {
          this.fail(`${INSTRUCTION_NAMES.or} instruction is not allowed inside ${here} block.`);
          return;
        }
        if (block.kind === 'or' && block.name === null) {
          this.fail(`This ${INSTRUCTION_NAMES.or} block will never execute.`);
          return;
        }
        block.alternate = inst.node;
        level.block = inst.node;
        level.list = inst.node.body;
        level.alternates = false;
        return;
      }
      case 'alternates':
        if (level.block.kind === 'root') {
          this.fail(`Instruction ${INSTRUCTION_NAMES.alternates} not allowed at root`);
          return;
        }
        if (level.block.kind !== 'repeated' || level.alternates) {
          this.fail(`${INSTRUCTION_NAMES.alternates} instruction is not allowed inside ${here} block.`);
          return;
        }
        level.alternates = true;
        level.list = level.block.alternatesWith;
        return;
      case 'eof':
        this.finish();
        return;
    }
  }

  private finished = false;

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.level.opener.kind !== 'root') {
      const name = BLOCK_NAMES[this.level.block.kind];
      this.fail(`Reached EOF in the middle of ${name}`);
      const end = this.offset;
      this.offset = this.level.start;
      this.fail(`Unclosed ${name}: the block has no matching END`);
      this.offset = end;
    }
  }
}

/** Parse a template source into a frozen syntax tree plus the syntax errors found. */
export function parse(source: string, options: ParseOptions): ParseResult {
  const asm = new Assembler();
  const tables: NameTables = {
    hasFormatter: options.hasFormatter,
    hasPredicate: options.hasPredicate,
    error: (message) => asm.fail(message),
  };
  const preprocess = options.preprocess === true;
  const maxInstructions = options.maxInstructions ?? Number.POSITIVE_INFINITY;
  let instructions = 0;
  let tooDeep = false;
  const len = source.length;
  let idx = 0;
  while (idx < len) {
    let start = source.indexOf('{', idx);
    if (start === -1) break;
    if (!preprocess && source.startsWith('{##', start)) {
      if (start > idx) asm.text(source.slice(idx, start));
      const end = source.indexOf('##}', start + 3);
      asm.leaf(commentNode(source.slice(start + 3, end === -1 ? len : end), true));
      idx = end === -1 ? len : end + 3;
      continue;
    }
    // The tag runs from the last `{` before the next `}`.
    const close = source.indexOf('}', start + 1);
    if (close === -1) break;
    start = source.lastIndexOf('{', close);
    if (start > idx) asm.text(source.slice(idx, start));
    const tag = source.slice(start + 1, close);
    asm.offset = start;
    let inst: Instruction | null = null;
    if (tag[0] === '^') {
      // Preprocessor tags run only in the preprocessor pass; the normal pass drops them.
      if (!preprocess) {
        idx = close + 1;
        continue;
      }
      inst = parseTag(tag.slice(1), tables);
    } else if (!preprocess) {
      inst = parseTag(tag, tables);
    }
    if (inst !== null && inst.type === 'open' && asm.depth >= MAX_BLOCK_DEPTH) {
      if (!tooDeep) asm.fail(`Blocks nest deeper than ${MAX_BLOCK_DEPTH} levels`);
      tooDeep = true;
      inst = null;
    }
    if (inst === null) asm.text(source.slice(start, close + 1));
    else if (++instructions > maxInstructions) {
      idx = len;
      break;
    } else asm.accept(inst);
    idx = close + 1;
  }
  if (idx < len) asm.text(source.slice(idx));
  asm.offset = len;
  asm.finish();
  const errors = positionErrors(source, asm.errors.slice(0, MAX_ERRORS), asm.offsets);
  if (asm.errors.length > MAX_ERRORS) {
    const last = errors[errors.length - 1] as ParseError;
    errors.push({ ...last, message: `Too many syntax errors: ${asm.errors.length - MAX_ERRORS} more not reported` });
  }
  return { root: freezeTree(asm.root), errors, instructions };
}

/** Attach line and column to each message from its source offset. */
function positionErrors(source: string, messages: readonly string[], offsets: readonly number[]): ParseError[] {
  if (messages.length === 0) return [];
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return messages.map((message, k) => {
    const offset = offsets[k] ?? 0;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { message, line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  });
}
