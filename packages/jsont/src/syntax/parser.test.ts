import { describe, expect, it } from 'vitest';
import { parse } from './parser.js';

const known = { hasFormatter: (n: string) => n === 'html', hasPredicate: (n: string) => n === 'equal?' };
const errorsOf = (src: string, preprocess = false) => parse(src, { ...known, preprocess }).errors.map((e) => e.message);

describe('parse', () => {
  it('builds frozen nodes with kinds, paths split at compile time', () => {
    const { root, errors } = parse('a{b.0.c|html}{.section s}x{.or}y{.end}', known);
    expect(errors).toEqual([]);
    expect(Object.isFrozen(root)).toBe(true);
    expect(root.body.map((n) => n.kind)).toEqual(['text', 'variable', 'section']);
    const variable = root.body[1];
    expect(variable?.kind === 'variable' && variable.paths[0]).toEqual(['b', 0, 'c']);
    const section = root.body[2];
    expect(section?.kind === 'section' && section.alternate?.kind).toBe('or');
  });

  it('keeps tags it cannot read as text', () => {
    const { root } = parse('{ a}{a b}{.nope}', known);
    expect(root.body.map((n) => (n.kind === 'text' ? n.text : n.kind))).toEqual(['{ a}', '{a b}', '{.nope}']);
  });

  it('reports unknown formatters (tag becomes text) and unknown predicates', () => {
    expect(errorsOf('{a|nope}')).toEqual(["Formatter 'nope' is unknown"]);
    expect(parse('{a|nope}', known).root.body).toEqual([{ kind: 'text', text: '{a|nope}' }]);
    expect(errorsOf('{.nope?}x{.end}')).toEqual(["Predicate 'nope?' is unknown"]);
  });

  it('reports block structure errors and keeps going', () => {
    expect(errorsOf('{.end}')).toEqual(['Instruction END not allowed at root']);
    expect(errorsOf('{.or}')).toEqual(['Instruction OR_PREDICATE not allowed at root']);
    expect(errorsOf('{.section a}{.alternates with}{.end}')).toEqual([
      'ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    ]);
    expect(errorsOf('{.section a}{.or}{.or}{.end}')).toEqual(['This OR_PREDICATE block will never execute.']);
    expect(errorsOf('{.macro m}{.or}{.end}')).toEqual(['OR_PREDICATE instruction is not allowed inside MACRO block.']);
    expect(errorsOf('{.section a}')).toEqual([
      'Reached EOF in the middle of SECTION',
      'Unclosed SECTION: the block has no matching END',
    ]);
  });

  it('treats comments, multi-line comments and preprocessor tags', () => {
    expect(parse('{# x}{##\n{a}\n##}', known).root.body.map((n) => n.kind)).toEqual(['comment', 'comment']);
    expect(parse('{^a}{b}', known).root.body.map((n) => n.kind)).toEqual(['variable']);
    const pre = parse('{^a}{b}', { ...known, preprocess: true }).root.body;
    expect(pre.map((n) => n.kind)).toEqual(['variable', 'text']);
  });

  it('refuses nesting past the block depth limit instead of overflowing the stack', () => {
    const src = `${'{.section a}'.repeat(5000)}x${'{.end}'.repeat(5000)}`;
    const errors = errorsOf(src);
    expect(errors[0]).toBe('Blocks nest deeper than 256 levels');
    expect(errors.length).toBeLessThanOrEqual(201);
  });

  it('locates errors by line and column', () => {
    const { errors } = parse('line one\n  {a|nope}\n{.end}', known);
    expect(errors).toEqual([
      { message: "Formatter 'nope' is unknown", line: 2, column: 3 },
      { message: 'Instruction END not allowed at root', line: 3, column: 1 },
    ]);
  });

  it('reports an unclosed block at the tag that opened it and the end of input where it was noticed', () => {
    const { errors } = parse('<p>x</p>{.section a}\n{.section b}{.end}\n<footer>\n', known);
    expect(errors).toEqual([
      { message: 'Reached EOF in the middle of SECTION', line: 4, column: 1 },
      { message: 'Unclosed SECTION: the block has no matching END', line: 1, column: 9 },
    ]);
  });

  it('parses tags seen before as the first time, checking names against the tables each time', () => {
    const src =
      'a{b|html}{.equal? x 1}y{.or equal? z 2}w{.or}v{.end}{.section s}{.repeated section r}{@}' +
      '{.alternates with},{.end}{.end}{.if a && b}t{.end}{.var @v b|html}{ not a tag }{.macro m}{.end}{# note}';
    const first = parse(src, known);
    const again = parse(src, known);
    expect(again).toEqual(first);
    expect(again.errors).toEqual([]);
    // Blocks are made anew; everything is frozen through.
    expect(again.root.body[2]).not.toBe(first.root.body[2]);
    const unfrozen: unknown[] = [];
    const visit = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return;
      if (!Object.isFrozen(value)) unfrozen.push(value);
      for (const child of Object.values(value)) visit(child);
    };
    visit(again.root);
    expect(unfrozen).toEqual([]);
    // Tables that know no names: the same tags are reported on every parse, formatter tags become text.
    const none = { hasFormatter: () => false, hasPredicate: () => false };
    for (let i = 0; i < 2; i++) {
      const other = parse(src, none);
      expect(other.errors.map((e) => e.message)).toEqual([
        "Formatter 'html' is unknown",
        "Predicate 'equal?' is unknown",
        "Predicate 'equal?' is unknown",
        "Formatter 'html' is unknown",
      ]);
      expect(other.root.body[1]).toEqual({ kind: 'text', text: '{b|html}' });
    }
    // A tag that was text for unknown names is an instruction under tables that know them.
    expect(parse('{a|later}', known).root.body[0]?.kind).toBe('text');
    expect(parse('{a|later}', { ...known, hasFormatter: () => true }).root.body[0]?.kind).toBe('variable');
  });
});
