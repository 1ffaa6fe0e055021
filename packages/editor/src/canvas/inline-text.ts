// Text rules shared by the canvas's model (`inline.ts`) and its Lexical session (`InlineEditor.tsx`),
// kept apart so the session's chunk (loaded on demand) does not pull the editor model with it.

/** Plain fields hold one line: line breaks typed or pasted become spaces, the ends are trimmed. */
export function cleanPlain(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
