import { $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $getRoot, type Klass, type LexicalEditor, type LexicalNode } from 'lexical';

// The Lexical setup shared by the side form's rich text (`RichText.tsx`) and inline editing on the
// canvas (`canvas/InlineEditor.tsx`): the same nodes and the same HTML in and out. Loaded on demand only.

/** The nodes a text block's HTML is made of: paragraphs, headings, quotes, lists and links. */
export const RICH_TEXT_NODES: Klass<LexicalNode>[] = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode];

/** The tag of updates that load stored HTML (not an edit by the owner). */
export const IMPORT_TAG = 'tessera-import';

/** Replaces the editor's content with `html` (parsed by the browser). */
export function importHtml(editor: LexicalEditor, html: string) {
  editor.update(
    () => {
      const dom = new DOMParser().parseFromString(html, 'text/html');
      const root = $getRoot();
      root.clear();
      root.append(
        ...$generateNodesFromDOM(editor, dom).filter(
          (node) => node.getType() !== 'text' || node.getTextContent().trim(),
        ),
      );
    },
    { tag: IMPORT_TAG },
  );
}
