import { autocompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import {
  jsontCompletions,
  jsontErrors,
  jsontStreamParser,
  type PositionedError,
  toDiagnostics,
} from './jsont-language.js';

const jsont = StreamLanguage.define(jsontStreamParser);
/** Inside the shadow root the panel's style sheet does not apply: the editor's size goes here. */
const SIZE = EditorView.theme({ '&': { minHeight: '320px' }, '.cm-scroller': { minHeight: '320px' } });
/** Compile after this much quiet typing. */
const LINT_DELAY_MS = 300;

/**
 * CodeMirror 6 for one theme file. Templates and partials get the JSON-T highlighter, completion
 * of formatter and predicate names and the engine's compile errors inline (compiled in the browser,
 * debounced); stylesheets are plain text. Remade when `path` changes.
 */
export default function SourceEditor(props: {
  path: string;
  value: string;
  jsont: boolean;
  onChange: (value: string) => void;
  onErrors: (errors: PositionedError[]) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per file; later text comes from the editor
  useEffect(() => {
    if (!host.current) return;
    // CodeMirror's own styles (white-space: pre-wrap above all, without which Chromium types a
    // non-breaking space for a space, so `{.section x}` stops being an instruction) reach a document
    // as a `<style>` element, which the site's CSP (`style-src 'self'`) refuses. In a shadow root they
    // go in as constructed style sheets instead, which the policy allows.
    const root = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    const language = props.jsont
      ? [
          jsont,
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [jsontCompletions] }),
          lintGutter(),
        ]
      : [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Compiles with the engine after a pause in typing; the errors go inline and to the panel's list.
    const check = () => {
      if (!props.jsont) return;
      const doc = view.state.doc;
      const errors = jsontErrors(doc.toString());
      handlers.current.onErrors(errors);
      view.dispatch(setDiagnostics(view.state, toDiagnostics(doc, errors)));
    };
    const view = new EditorView({
      root,
      parent: root,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // No wrapping: End goes to the end of the source line, and lines and columns read as the engine counts them.
          SIZE,
          EditorView.contentAttributes.of({ 'aria-label': `Source of ${props.path}` }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            handlers.current.onChange(update.state.doc.toString());
            clearTimeout(timer);
            timer = setTimeout(check, LINT_DELAY_MS);
          }),
          ...language,
        ],
      }),
    });
    if (props.jsont) check();
    else props.onErrors([]);
    return () => {
      clearTimeout(timer);
      view.destroy();
    };
  }, [props.path]);

  return <div ref={host} className="te-source" data-file={props.path} />;
}
