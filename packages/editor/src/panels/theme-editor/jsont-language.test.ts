import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState, Text } from '@codemirror/state';
import { StringStream } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import {
  FORMATTER_NAMES,
  jsontCompletions,
  jsontErrors,
  jsontStreamParser,
  PREDICATE_NAMES,
  toDiagnostics,
} from './jsont-language.js';

function tokens(line: string): [string, string | null][] {
  const state = jsontStreamParser.startState!(2);
  const stream = new StringStream(line, 2, 2);
  const out: [string, string | null][] = [];
  while (!stream.eol()) {
    const style = jsontStreamParser.token(stream, state);
    out.push([stream.current(), style]);
    stream.start = stream.pos;
  }
  return out;
}

function complete(doc: string) {
  const state = EditorState.create({ doc });
  return jsontCompletions(new CompletionContext(state, doc.length, true));
}

describe('JSON-T highlighter', () => {
  it('marks instructions, variables, formatters and comments; markup stays plain', () => {
    expect(tokens('<p>{.section item}{title|htmltag}{.end}{# note}</p>')).toEqual([
      ['<p>', null],
      ['{', 'brace'],
      ['.section', 'keyword'],
      [' ', null],
      ['item', 'variableName'],
      ['}', 'brace'],
      ['{', 'brace'],
      ['title', 'propertyName'],
      ['|', 'operator'],
      ['htmltag', 'atom'],
      ['}', 'brace'],
      ['{', 'brace'],
      ['.end', 'keyword'],
      ['}', 'brace'],
      ['{# note}', 'comment'],
      ['</p>', null],
    ]);
  });

  it('leaves CSS braces alone', () => {
    expect(tokens('a { color: red }').every(([, style]) => style === null)).toBe(true);
  });
});

describe('JSON-T completion', () => {
  it('offers the engine’s formatter names after a pipe', () => {
    const result = complete('{price|mon');
    expect(result?.from).toBe(7);
    expect(result?.options.map((o) => o.label)).toEqual(FORMATTER_NAMES);
    expect(FORMATTER_NAMES).toContain('htmlattr');
  });

  it('offers instructions and predicate names after `{.`', () => {
    const labels = complete('<div>{.equ')?.options.map((o) => o.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['section', 'repeated section', 'end', ...PREDICATE_NAMES]));
    expect(PREDICATE_NAMES).toContain('equal?');
  });

  it('offers nothing in plain markup', () => {
    expect(complete('<div class="x">')).toBeNull();
  });
});

describe('JSON-T lint', () => {
  it('places compile errors at their line and column', () => {
    const source = '<p>\n  {title|nosuch}\n</p>';
    const errors = jsontErrors(source);
    expect(errors).toEqual([{ line: 2, column: 3, message: expect.stringMatching(/nosuch/) }]);
    const [diagnostic] = toDiagnostics(Text.of(source.split('\n')), errors);
    expect(source.slice(diagnostic!.from, diagnostic!.to)).toBe('{title|nosuch}');
    expect(diagnostic!.severity).toBe('error');
  });

  it('has no errors for a good template', () => {
    expect(jsontErrors('{.section a}{b}{.end}')).toEqual([]);
  });
});
