import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { Diagnostic } from '@codemirror/lint';
import type { StreamParser, StringStream } from '@codemirror/language';
import type { Text } from '@codemirror/state';
import { compile, DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from '@tessera/jsont';

/** Instruction words after `{.` that are not predicates. */
export const JSONT_KEYWORDS = [
  'section',
  'repeated section',
  'end',
  'or',
  'if',
  'alternates with',
  'var',
  'macro',
  'bind',
  'eval',
  'include',
  'inject',
  'ctx',
  'newline',
  'space',
  'tab',
] as const;

/** Formatter names (after `|`) and predicate names (after `{.`), from the engine's own tables. */
export const FORMATTER_NAMES: readonly string[] = Object.keys(DEFAULT_FORMATTERS).sort();
export const PREDICATE_NAMES: readonly string[] = Object.keys(DEFAULT_PREDICATES).sort();

interface JsontState {
  /** Inside `{ … }`: 'instruction' (`{.x}`), 'variable' (`{x|f}`) or null (markup). */
  inside: 'instruction' | 'variable' | null;
  /** Inside a `{## … ##}` comment that spans lines. */
  comment: boolean;
  /** After `|`: the next word is a formatter. */
  afterPipe: boolean;
}

/**
 * A small JSON-T highlighter for `StreamLanguage`: instructions (`{.section x}`, `{.end}`) as
 * keywords, variables and their formatters (`{price|money}`), comments (`{# x}`, `{## … ##}`);
 * everything else is markup and left plain.
 */
export const jsontStreamParser: StreamParser<JsontState> = {
  name: 'jsont',
  startState: () => ({ inside: null, comment: false, afterPipe: false }),
  token(stream: StringStream, state: JsontState): string | null {
    if (state.comment) {
      if (stream.skipTo('##}')) {
        stream.match('##}');
        state.comment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (state.inside === null) {
      if (stream.match('{##')) {
        state.comment = true;
        return 'comment';
      }
      if (stream.match(/^\{#[^}]*\}/)) return 'comment';
      // `{` followed by a space or a line end is markup (CSS, script), not an instruction.
      if (stream.match(/^\{(?=[.@a-zA-Z$])/)) {
        state.inside = stream.peek() === '.' ? 'instruction' : 'variable';
        state.afterPipe = false;
        return 'brace';
      }
      stream.next();
      while (!stream.eol() && stream.peek() !== '{') stream.next();
      return null;
    }
    if (stream.eat('}')) {
      state.inside = null;
      return 'brace';
    }
    if (stream.eat('|')) {
      state.afterPipe = true;
      return 'operator';
    }
    if (stream.eatSpace()) return null;
    if (state.inside === 'instruction' && stream.match(/^\.[a-zA-Z-]+\??/)) return 'keyword';
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number';
    if (stream.match(/^[@$]?[\w.-]+\??/)) {
      if (state.afterPipe) {
        state.afterPipe = false;
        return 'atom';
      }
      return state.inside === 'instruction' ? 'variableName' : 'propertyName';
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { block: { open: '{##', close: '##}' } } },
};

/** Completion of formatter names after `|` and of instruction and predicate names after `{.`. */
export function jsontCompletions(context: CompletionContext): CompletionResult | null {
  const formatter = context.matchBefore(/\|[\w-]*$/);
  if (formatter) {
    return {
      from: formatter.from + 1,
      options: FORMATTER_NAMES.map((label) => ({ label, type: 'function', detail: 'formatter' })),
      validFor: /^[\w-]*$/,
    };
  }
  const instruction = context.matchBefore(/\{\.[\w -]*\??$/);
  if (instruction) {
    return {
      from: instruction.from + 2,
      options: [
        ...JSONT_KEYWORDS.map((label) => ({ label, type: 'keyword' })),
        ...PREDICATE_NAMES.map((label) => ({ label, type: 'method', detail: 'predicate' })),
      ],
      validFor: /^[\w -]*\??$/,
    };
  }
  return null;
}

export interface PositionedError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The engine's compile errors of `source`, at their 1-based line and column. */
export function jsontErrors(source: string): PositionedError[] {
  return compile(source).errors.map((error) => ({
    line: error.line ?? 1,
    column: error.column ?? 1,
    message: error.message,
  }));
}

/** Errors as CodeMirror diagnostics: from the error's column to the end of its instruction (or line). */
export function toDiagnostics(doc: Text, errors: readonly PositionedError[]): Diagnostic[] {
  return errors.map((error) => {
    const line = doc.line(Math.min(Math.max(error.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(error.column - 1, 0), line.to);
    const close = line.text.indexOf('}', from - line.from);
    const to = close === -1 ? line.to : line.from + close + 1;
    return { from, to: Math.max(to, Math.min(from + 1, doc.length)), severity: 'error', message: error.message };
  });
}
