import { sanitizeOwnerHtml } from '../../../platform/html/sanitize-owner-html.js';

// The sections a blog post stores when the editor saves it (issue 19). The post editor edits the
// post's HTML body; a post imported with blocks of its own (domains/imports: image, gallery, video,
// quote…) keeps them: all of them while the body comes back unchanged, and all but one when the
// edit lies inside one of its text blocks (an edit in "Edit as HTML"). Any other edit of the body
// stores the new body as one html block, as a post written in the editor has.

type Block = { type?: unknown; variant?: unknown; content?: { html?: unknown } } & Record<string, unknown>;
type Section = { blocks: Block[] } & Record<string, unknown>;

/** A body as the sections of a post written in the editor: one html block, none when empty. */
export function bodySections(body: string): string {
  return JSON.stringify(body ? [{ blocks: [{ type: 2, settings: {}, content: { html: body } }] }] : []);
}

const htmlOf = (block: Block): string | undefined =>
  block.type === 2 && !block.variant && typeof block.content?.html === 'string' ? block.content.html : undefined;

function parsedSections(text: string): Section[] | undefined {
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return undefined;
    return list.every((s) => Array.isArray((s as Section | null)?.blocks)) ? (list as Section[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sections to store for a saved post: `before` is the stored row, `body` the checked body sent.
 * Unchanged (as stored, or as the owner-HTML cleaner writes the stored one): the stored sections.
 */
export function sectionsFor(before: { body: string; sections: string }, body: string): string {
  if (body === before.body || body === sanitizeOwnerHtml(before.body)) return before.sections;
  return editedBlock(before, body) ?? bodySections(body);
}

/** The stored sections with the one text block the edit lies in changed, or undefined. */
function editedBlock(before: { body: string; sections: string }, body: string): string | undefined {
  const sections = parsedSections(before.sections);
  const old = before.body;
  if (!sections || !old) return undefined;
  let start = 0;
  while (start < old.length && start < body.length && old[start] === body[start]) start++;
  let tail = 0;
  while (
    tail < old.length - start &&
    tail < body.length - start &&
    old[old.length - 1 - tail] === body[body.length - 1 - tail]
  )
    tail++;
  const end = old.length - tail;
  // Where each text block stands in the stored body, in order; the edit must lie inside one.
  let cursor = 0;
  for (const [s, section] of sections.entries()) {
    for (const [b, block] of section.blocks.entries()) {
      const html = htmlOf(block);
      if (html === undefined || html === '') continue;
      const at = old.indexOf(html, cursor);
      if (at < 0) return undefined;
      cursor = at + html.length;
      if (at > start || end > cursor) continue;
      const edited = sanitizeOwnerHtml(body.slice(at, cursor + body.length - old.length)).trim();
      const next = sections.map((one) => ({ ...one, blocks: [...one.blocks] }));
      const target = next[s] as Section;
      if (edited) target.blocks[b] = { ...block, content: { ...block.content, html: edited } };
      else target.blocks.splice(b, 1);
      return JSON.stringify(next.filter((one) => one.blocks.length > 0));
    }
  }
  return undefined;
}
