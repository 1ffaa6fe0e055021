/**
 * Export a compiled template in the reference engine's instruction-array
 * format (opcode-first arrays, `0` for an absent part), for interoperability
 * with tools that read compiled Squarespace templates.
 */
import type { Template } from './engine.js';
import type { Arguments, FormatterCall, Node, OrNode, Path } from './syntax/nodes.js';

/** Opcodes of the reference format. */
const OPCODE = {
  text: 0,
  variable: 1,
  section: 2,
  end: 3,
  repeated: 4,
  predicate: 5,
  bindvar: 6,
  or: 7,
  if: 8,
  inject: 9,
  macro: 10,
  comment: 11,
  'meta-left': 12,
  'meta-right': 13,
  newline: 14,
  space: 15,
  tab: 16,
  root: 17,
  eof: 18,
  ctxvar: 22,
  eval: 23,
  include: 24,
} as const;

export type ReferenceCode = number | string | ReferenceCode[];

const paths = (list: readonly Path[]): ReferenceCode => list.map((p) => [...p]);

const args = (a: Arguments | null): ReferenceCode => (a === null ? 0 : [[...a.list], a.delimiter]);

function formatters(calls: readonly FormatterCall[]): ReferenceCode {
  if (calls.length === 0) return 0;
  return calls.map((c) => (c.delimiter === '' ? [c.name] : [c.name, [[...c.args], c.delimiter]]));
}

const block = (nodes: readonly Node[]): ReferenceCode[] => nodes.map(instruction);

/** An `.or` chain, built from its last branch back (chains can be thousands long). */
function alternate(first: OrNode | null): ReferenceCode {
  const chain: OrNode[] = [];
  for (let alt = first; alt !== null; alt = alt.alternate) chain.push(alt);
  let code: ReferenceCode = OPCODE.end;
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i] as OrNode;
    code = [OPCODE.or, node.name ?? 0, args(node.args), block(node.body), code];
  }
  return code;
}

function instruction(node: Node): ReferenceCode {
  switch (node.kind) {
    case 'text':
      return [OPCODE.text, node.text];
    case 'symbol':
      return OPCODE[node.name];
    case 'comment':
      return [OPCODE.comment, node.text, node.multiline ? 1 : 0];
    case 'variable':
      return [OPCODE.variable, paths(node.paths), formatters(node.formatters)];
    case 'bindvar':
      return [OPCODE.bindvar, node.name, paths(node.paths), formatters(node.formatters)];
    case 'ctxvar':
      return [OPCODE.ctxvar, node.name, node.bindings.map(([key, path]) => [key, [...path]])];
    case 'eval':
      return [OPCODE.eval, node.code];
    case 'include':
      return [OPCODE.include, node.name, args(node.args)];
    case 'inject':
      return [OPCODE.inject, node.name, node.path, args(node.args)];
    case 'section':
      return [OPCODE.section, [...node.path], block(node.body), alternate(node.alternate)];
    case 'repeated':
      return [OPCODE.repeated, [...node.path], block(node.body), alternate(node.alternate), block(node.alternatesWith)];
    case 'predicate':
      return [OPCODE.predicate, node.name, args(node.args), block(node.body), alternate(node.alternate)];
    case 'or':
      return alternate(node);
    case 'if':
      return [
        OPCODE.if,
        node.operators.map((op) => (op === '&&' ? 1 : 0)),
        paths(node.paths),
        block(node.body),
        alternate(node.alternate),
      ];
    case 'macro':
      return [OPCODE.macro, node.name, block(node.body)];
  }
}

/** The template's tree as the reference engine's `[ROOT, version, block, EOF]` array. */
export function toReferenceCode(template: Template): ReferenceCode {
  return [OPCODE.root, 1, block(template.root.body), OPCODE.eof];
}
