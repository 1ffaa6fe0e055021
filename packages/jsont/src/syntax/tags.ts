/**
 * Tags by text: `parseTag` reads a tag once (see tag.ts) and keeps how to make its instruction
 * again, so compiling a template again, or another that repeats a tag, skips the parsing.
 */
import { ifNode, macroNode, orNode, predicateNode, repeatedNode, sectionNode } from './nodes.js';
import { checkFormatters, type Instruction, type NameTables, predicateCheck, readTag } from './tag.js';

/** How to make a tag's instruction again: leaves are shared, blocks made anew (their drafts fill up). */
type Recipe = (tables: NameTables) => Instruction | null;

/**
 * Tags by text: what a tag parses to depends on nothing but its text, except which formatter
 * and predicate names the tables know, which each recipe checks again. A template compiled
 * again, or another repeating a tag, skips the parsing. Bounded: long tags are not kept, and
 * the cache starts over when full.
 */
const tagCache = new Map<string, Recipe>();
const TAG_CACHE_LIMIT = 5000;
const TAG_MAX_LENGTH = 256;
const NOT_AN_INSTRUCTION: Recipe = () => null;

/** Parse the text between `{` and `}`. */
export function parseTag(tag: string, tables: NameTables): Instruction | null {
  const cached = tagCache.get(tag);
  if (cached !== undefined) return cached(tables);
  let failed = false;
  const watched: NameTables = {
    hasFormatter: tables.hasFormatter,
    hasPredicate: tables.hasPredicate,
    error: (message) => {
      failed = true;
      tables.error(message);
    },
  };
  const inst = readTag(tag, watched);
  // Text that failed a check of the tables may be an instruction with other tables.
  if (tag.length <= TAG_MAX_LENGTH && !(failed && inst === null)) {
    if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
    tagCache.set(tag, inst === null ? NOT_AN_INSTRUCTION : recipe(inst));
  }
  return inst;
}

function recipe(inst: Instruction): Recipe {
  switch (inst.type) {
    case 'leaf': {
      const node = inst.node;
      const calls = node.kind === 'variable' || node.kind === 'bindvar' ? node.formatters : [];
      return (tables) => (checkFormatters(calls, tables) ? inst : null);
    }
    case 'open': {
      const node = inst.node;
      switch (node.kind) {
        case 'section':
          return () => ({ type: 'open', node: sectionNode(node.path) });
        case 'repeated':
          return () => ({ type: 'open', node: repeatedNode(node.path) });
        case 'macro':
          return () => ({ type: 'open', node: macroNode(node.name) });
        case 'if':
          return () => ({ type: 'open', node: ifNode(node.operators, node.paths) });
        case 'predicate':
          return (tables) => {
            predicateCheck(node.name, tables);
            return { type: 'open', node: predicateNode(node.name, node.args) };
          };
      }
      break;
    }
    case 'or': {
      const { name, args } = inst.node;
      if (name === null) return () => ({ type: 'or', node: orNode(null, null) });
      return (tables) => {
        predicateCheck(name, tables);
        return { type: 'or', node: orNode(name, args) };
      };
    }
  }
  return () => inst;
}
