import { autocompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
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
/**
 * Inside the shadow root the panel's style sheet does not apply: the editor fills its host (which
 * has a fixed height, theme-editor.css) and scrolls itself, so CodeMirror has one scroller to keep
 * the cursor in view and the host is a layout boundary for what a keystroke changes.
 */
const SIZE = EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } });
/** Compile after this much quiet typing: the errors show shortly after typing stops, never in a keystroke. */
export const LINT_DELAY_MS = 250;

/**
 * CodeMirror 6 for one theme file. Templates and partials get the JSON-T highlighter, completion
 * of formatter and predicate names and the engine's compile errors inline (compiled in the browser by
 * CodeMirror's lint source, after a pause in typing); stylesheets are plain text. Remade when `path`
 * changes. The text stays in CodeMirror: `onEdit` hands over the document (an immutable `Text`, not a
 * string) on each change, so a keystroke costs the panel no render and no copy of the file.
 */
export default function SourceEditor(props: {
  path: string;
  value: string;
  jsont: boolean;
  onEdit: (doc: Text) => void;
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
          // The engine's errors go inline and to the panel's list; the panel hears of them only when they change.
          linter(
            (view) => {
              const errors = jsontErrors(view.state.doc.toString());
              handlers.current.onErrors(errors);
              return toDiagnostics(view.state.doc, errors);
            },
            { delay: LINT_DELAY_MS },
          ),
          lintGutter(),
        ]
      : [];
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
            if (update.docChanged) handlers.current.onEdit(update.state.doc);
          }),
          ...language,
        ],
      }),
    });
    if (!props.jsont) props.onErrors([]);
    return () => view.destroy();
  }, [props.path]);

  return <div ref={host} className="te-source" data-file={props.path} />;
}
