import { $generateHtmlFromNodes } from '@lexical/html';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { FORMAT_TEXT_COMMAND } from 'lexical';
import { useEffect, useRef } from 'react';
import { IMPORT_TAG, importHtml, RICH_TEXT_NODES } from './rich-text-setup.js';

interface RichTextProps {
  id: string;
  label: string;
  html: string;
  onChange: (html: string) => void;
}

/** Keeps the editor in step with the stored HTML when it changes from outside (undo, redo). */
function SyncPlugin({ html, last }: { html: string; last: React.RefObject<string> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (html === last.current) return;
    last.current = html;
    importHtml(editor, html);
  }, [editor, html, last]);
  return null;
}

function Toolbar() {
  const [editor] = useLexicalComposerContext();
  return (
    <div role="toolbar" aria-label="Text formatting" className="ed-toolbar">
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}>
        Bold
      </button>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}>
        Italic
      </button>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline')}>
        Underline
      </button>
    </div>
  );
}

/** Rich text for the text block (Lexical, loaded on demand): edits are stored as HTML in `content.html`. */
export default function RichText({ id, label, html, onChange }: RichTextProps) {
  const last = useRef(html);
  return (
    <LexicalComposer
      initialConfig={{
        namespace: 'tessera-text',
        nodes: RICH_TEXT_NODES,
        onError: (error) => console.error(error),
        editorState: (editor) => importHtml(editor, html),
      }}
    >
      <Toolbar />
      <RichTextPlugin
        contentEditable={<ContentEditable id={id} className="ed-rich" aria-label={label} />}
        ErrorBoundary={LexicalErrorBoundary}
      />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(state, editor, tags) => {
          if (tags.has(IMPORT_TAG)) return;
          state.read(() => {
            const next = $generateHtmlFromNodes(editor);
            if (next === last.current) return;
            last.current = next;
            onChange(next);
          });
        }}
      />
      <SyncPlugin html={html} last={last} />
    </LexicalComposer>
  );
}
