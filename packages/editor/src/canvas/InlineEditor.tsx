import { $generateHtmlFromNodes } from '@lexical/html';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $isLinkNode, $toggleLink } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, registerList } from '@lexical/list';
import { registerPlainText } from '@lexical/plain-text';
import { $createHeadingNode, type HeadingTagType, registerRichText } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $createRangeSelectionFromDom,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_HIGH,
  createEditor,
  FORMAT_TEXT_COMMAND,
  KEY_ENTER_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { IMPORT_TAG, importHtml, RICH_TEXT_NODES } from '../ui/rich-text-setup.js';
import type { InlineChange } from './inline.js';
import { cleanPlain } from './inline-text.js';
import type { InlineControl, InlineSession } from './use-inline-editing.js';
import './canvas-inline.css';

/** A pause in typing this long stores what is typed so far (one undo step); editing goes on. */
export const PAUSE_MS = 1500;

interface InlineEditorProps {
  session: InlineSession;
  control: RefObject<InlineControl | undefined>;
  frame: RefObject<HTMLIFrameElement | null>;
  onStop: () => void;
  onPause: (change: InlineChange) => void;
  onRestart: () => void;
}

interface Marks {
  bold: boolean;
  italic: boolean;
  link: boolean;
}

function readValue(editor: LexicalEditor, rich: boolean): string {
  return editor
    .getEditorState()
    .read(() => (rich ? $generateHtmlFromNodes(editor, null) : cleanPlain($getRoot().getTextContent())));
}

/**
 * Lexical on the element in the preview frame that shows the block's text (the same nodes and HTML
 * handling as the side form's rich text), with a floating toolbar over it. Loaded on demand.
 */
export default function InlineEditor({ session, control, frame, onStop, onPause, onRestart }: InlineEditorProps) {
  const editorRef = useRef<LexicalEditor | undefined>(undefined);
  const [marks, setMarks] = useState<Marks>({ bold: false, italic: false, link: false });
  const [place, setPlace] = useState<{ top: number; left: number } | undefined>();
  const [linking, setLinking] = useState<{ url: string; saved: BaseSelection | null } | undefined>();
  const level = useRef(session.field.level);
  /** While the link field (outside the frame) has focus, leaving the text does not end the burst. */
  const holding = useRef(false);
  const callbacks = useRef({ onStop, onPause });
  callbacks.current = { onStop, onPause };
  const rich = session.field.kind === 'rich';

  useEffect(() => {
    const { root } = session;
    const editor = createEditor({
      namespace: 'tessera-inline',
      nodes: RICH_TEXT_NODES,
      onError: (error) => console.error(error),
    });
    editorRef.current = editor;
    let pause: number | undefined;
    /** The text as Lexical writes it back right after loading: unchanged text is stored as it was. */
    let loaded: string | undefined;
    const changeOf = (value: string): InlineChange | undefined => {
      if (value === loaded && level.current === session.field.level) return undefined;
      return { value: value === loaded ? session.value : value, level: level.current };
    };
    const win = root.ownerDocument.defaultView ?? window;
    const unregister = mergeRegister(
      rich ? registerRichText(editor) : registerPlainText(editor),
      rich ? registerList(editor) : () => undefined,
      registerHistory(editor, createEmptyHistoryState(), 300),
      // A one-line field: Enter ends the burst (and is not seen by the editor's own keys).
      editor.registerCommand(
        KEY_ENTER_COMMAND,
        (event) => {
          if (rich) return false;
          event?.preventDefault();
          callbacks.current.onStop();
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      // Per keystroke only the cheap part: the toolbar's state when it differs, and the pause timer.
      // The text is written out (HTML) when the pause or the burst ends, not on every key.
      editor.registerUpdateListener(({ editorState, tags, dirtyElements, dirtyLeaves }) => {
        editorState.read(() => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return;
          const node = selection.anchor.getNode();
          const next = {
            bold: selection.hasFormat('bold'),
            italic: selection.hasFormat('italic'),
            link: $isLinkNode(node) || $isLinkNode(node.getParent()),
          };
          setMarks((m) => (m.bold === next.bold && m.italic === next.italic && m.link === next.link ? m : next));
        });
        if (tags.has(IMPORT_TAG)) {
          loaded = readValue(editor, rich);
          return;
        }
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        win.clearTimeout(pause);
        pause = win.setTimeout(() => {
          const change = changeOf(readValue(editor, rich));
          if (change) callbacks.current.onPause(change);
        }, PAUSE_MS);
      }),
    );
    root.contentEditable = 'true';
    root.spellcheck = true;
    editor.setRootElement(root);
    root.setAttribute('data-tessera-inline', session.field.kind);
    root.setAttribute('aria-label', 'Text on the page');
    if (rich) importHtml(editor, session.value);
    else
      editor.update(
        () => {
          const paragraph = $createParagraphNode();
          paragraph.append($createTextNode(session.value));
          $getRoot().clear().append(paragraph);
        },
        { tag: IMPORT_TAG },
      );
    const onBlur = () => {
      if (!holding.current) callbacks.current.onStop();
    };
    root.addEventListener('blur', onBlur);
    control.current = {
      finish: () => {
        win.clearTimeout(pause);
        return changeOf(readValue(editor, rich));
      },
    };
    // Focus went elsewhere in the editor (a side form field) while Lexical loaded: the burst is over.
    const away = frame.current?.ownerDocument.activeElement;
    const moved = away && away !== frame.current && away !== frame.current?.ownerDocument.body;
    if (moved) win.setTimeout(() => callbacks.current.onStop(), 0);
    else editor.focus(undefined, { defaultSelection: 'rootEnd' });
    const measure = () => {
      const r = root.getBoundingClientRect();
      const height = frame.current?.clientHeight ?? 0;
      setPlace(r.bottom < 0 || r.top > height ? undefined : { top: r.top, left: r.left });
    };
    measure();
    win.addEventListener('scroll', measure, { passive: true });
    win.addEventListener('resize', measure, { passive: true });
    return () => {
      win.clearTimeout(pause);
      win.removeEventListener('scroll', measure);
      win.removeEventListener('resize', measure);
      root.removeEventListener('blur', onBlur);
      root.removeAttribute('data-tessera-inline');
      root.removeAttribute('contenteditable');
      if (root.ownerDocument.activeElement === root) root.blur();
      root.removeAttribute('aria-label');
      unregister();
      editor.setRootElement(null);
      editorRef.current = undefined;
    };
  }, [session, control, frame, rich]);

  const run = (action: (editor: LexicalEditor) => void) => () => {
    const editor = editorRef.current;
    if (editor) action(editor);
  };
  const setBlock = (tag: HeadingTagType | 'p') =>
    run((editor) =>
      editor.update(() => {
        const selection = $getSelection();
        if ($isRangeSelection(selection))
          $setBlocksType(selection, () => (tag === 'p' ? $createParagraphNode() : $createHeadingNode(tag)));
      }),
    );
  const openLink = run((editor) => {
    const saved = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    holding.current = true;
    setLinking({ url: '', saved });
  });
  const closeLink = (url: string | null) => {
    const editor = editorRef.current;
    const saved = linking?.saved ?? null;
    setLinking(undefined);
    holding.current = false;
    if (!editor) return;
    // The frame keeps its own selection while the address field has focus: the link goes on it.
    const dom = session.root.ownerDocument.getSelection();
    editor.update(
      () => {
        const selection = $createRangeSelectionFromDom(dom, editor) ?? saved?.clone();
        if (selection) $setSelection(selection);
        if (url !== '') $toggleLink(url);
      },
      { discrete: true },
    );
    session.root.focus();
  };

  if (!place) return null;
  /** Toolbar buttons keep the focus (and the caret) in the text. */
  const keep = (event: React.MouseEvent) => event.preventDefault();
  return (
    <div
      className="ed-float ed-inline-bar"
      role="toolbar"
      aria-label="Text formatting on the page"
      style={{ top: Math.max(0, place.top - 38), left: Math.max(0, place.left) }}
    >
      {rich && (
        <>
          <button
            type="button"
            aria-pressed={marks.bold}
            onMouseDown={keep}
            onClick={run((e) => e.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'))}
          >
            Bold
          </button>
          <button
            type="button"
            aria-pressed={marks.italic}
            onMouseDown={keep}
            onClick={run((e) => e.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'))}
          >
            Italic
          </button>
          <button
            type="button"
            aria-pressed={marks.link}
            onMouseDown={keep}
            onClick={marks.link ? () => closeLink(null) : openLink}
          >
            {marks.link ? 'Unlink' : 'Link'}
          </button>
          <button type="button" onMouseDown={keep} onClick={setBlock('p')}>
            Paragraph
          </button>
          {(['h2', 'h3'] as const).map((tag) => (
            <button key={tag} type="button" onMouseDown={keep} onClick={setBlock(tag)}>
              {`Heading ${tag.slice(1)}`}
            </button>
          ))}
          <button
            type="button"
            onMouseDown={keep}
            onClick={run((e) => e.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined))}
          >
            Bulleted list
          </button>
          <button
            type="button"
            onMouseDown={keep}
            onClick={run((e) => e.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined))}
          >
            Numbered list
          </button>
        </>
      )}
      {session.field.level !== undefined &&
        [1, 2, 3, 4].map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={level.current === n}
            onMouseDown={keep}
            onClick={() => {
              level.current = n;
              onRestart();
            }}
          >
            {`Heading ${n}`}
          </button>
        ))}
      <button type="button" onMouseDown={keep} onClick={onStop}>
        Done
      </button>
      {linking && (
        <form
          className="ed-inline-link"
          onSubmit={(event) => {
            event.preventDefault();
            closeLink(linking.url.trim());
          }}
        >
          <input
            // Text, not url: addresses on the site itself (/about) are links too.
            type="text"
            inputMode="url"
            aria-label="Link address"
            placeholder="/about or https://"
            value={linking.url}
            // biome-ignore lint/a11y/noAutofocus: the field opened by the Link button takes the typing
            autoFocus
            onChange={(event) => setLinking({ ...linking, url: event.target.value })}
            onKeyDown={(event) => event.key === 'Escape' && closeLink('')}
          />
          <button type="submit">Apply</button>
        </form>
      )}
    </div>
  );
}
