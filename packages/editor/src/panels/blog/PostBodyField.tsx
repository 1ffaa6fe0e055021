import type { PostDocument } from '@tessera/core/contracts/blog';
import { lazy, Suspense, useId, useState } from 'react';
import type { EditorState } from '../../model/commands.js';
import { AddBlockMenu } from '../../ui/AddBlockMenu.js';
import { PostBlocks } from './PostBlocks.js';
import { addAtEnd } from './post-blocks.js';
import { bodyBlocksNote } from './post-form.js';

// The page editor's rich-text component (Lexical), loaded only when a post is opened.
const RichText = lazy(() => import('../../ui/RichText.js'));

/**
 * The post's body: one rich-text field (or its HTML), or, for a post that keeps blocks of its own (an
 * import's pictures, galleries, videos…), its blocks one by one (PostBlocks.tsx). Adding a block to a
 * body alone makes the body the first of its blocks.
 */
export function PostBodyField(props: {
  body: string;
  onBody: (body: string) => void;
  saved: PostDocument | undefined;
  blocks: EditorState | undefined;
  updateBlocks: (change: (state: EditorState) => EditorState) => void;
}) {
  const id = useId();
  const [htmlMode, setHtmlMode] = useState(false);
  const note = props.blocks ? bodyBlocksNote(props.saved) : '';
  return (
    <div className="ed-form-row">
      <div className="ed-blog__body-head">
        <span id={`${id}-label`}>Body</span>
        <button type="button" aria-pressed={htmlMode} onClick={() => setHtmlMode(!htmlMode)}>
          Edit as HTML
        </button>
      </div>
      {note && (
        <p className="ed-hint" id={`${id}-blocks`}>
          {note}
        </p>
      )}
      {props.blocks ? (
        <PostBlocks state={props.blocks} update={props.updateBlocks} htmlMode={htmlMode} />
      ) : htmlMode ? (
        <textarea aria-label="Body HTML" rows={14} value={props.body} onChange={(e) => props.onBody(e.target.value)} />
      ) : (
        <Suspense fallback={<p className="ed-empty">Loading the text editor…</p>}>
          <RichText id={`${id}-body`} label="Body" html={props.body} onChange={props.onBody} />
        </Suspense>
      )}
      {!props.blocks && (
        <>
          <AddBlockMenu disabled={false} onAdd={(kind) => props.updateBlocks((state) => addAtEnd(state, kind))} />
          <p className="ed-hint">Adding a block keeps the text above as the post's first block.</p>
        </>
      )}
    </div>
  );
}
