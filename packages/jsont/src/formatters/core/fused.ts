/**
 * Formatters fused in pairs (see `FUSED_FORMATTERS`): each function gives what the two give in
 * turn, in one pass, without building (and then flattening) the first one's text.
 */
import { isTruncateSpace, stripTags } from './text.js';

/**
 * `html` then `line-breaks` in one pass: `&`, `<`, `>` escaped and each newline made `<br/>`
 * (after the escaping, so the tags stay). Past the output limit it stops as `escapeMarkup` does,
 * and the chain stops there too.
 */
export function escapeLines(text: string, max: number): string {
  if (text.length > max) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Letters and most punctuation come after `>`: one comparison for them.
    if (c > 62) continue;
    let rep: string;
    if (c === 10) rep = '<br/>';
    else if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else continue;
    out += text.slice(last, i) + rep;
    last = i + 1;
    if (out.length > max) return out;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * `safe` then `truncate limit ellipsis` on a text: the tags left out as `stripTags` does, then
 * cut at the last whitespace before `limit` as `truncate` does, reading the kept parts of the
 * text in place. A stripped text past `max` comes back whole (the chain stops on it, as after
 * `safe` alone).
 */
export function stripThenTruncate(text: string, limit: number, ellipsis: string, max: number): string {
  // First the length of the stripped text, keeping nothing: most texts are shorter than the limit
  // (or past the output limit) and go to stripTags whole, so their parts are never stored.
  let total = 0;
  let last = 0;
  let open = text.indexOf('<');
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    if (close === -1) break;
    total += open - last;
    last = close + 1;
    open = text.indexOf('<', last);
  }
  total += text.length - last;
  if (total <= limit || total > max) return stripTags(text, max);
  // The kept parts, as stripTags finds them, in the shared lists (nothing here calls out, so one
  // call at a time uses them), up to the one that reaches the limit: the cut needs no more.
  const starts = STARTS;
  const ends = ENDS;
  let count = 0;
  let kept = 0;
  last = 0;
  open = text.indexOf('<');
  while (kept < limit) {
    const close = open === -1 ? -1 : text.indexOf('>', open + 1);
    const end = close === -1 ? text.length : open;
    if (end > last) {
      starts[count] = last;
      ends[count] = end;
      count++;
      kept += end - last;
    }
    if (close === -1) break;
    last = close + 1;
    open = text.indexOf('<', last);
  }
  const result = cut(text, limit, ellipsis, count, kept);
  if (count > KEPT_PARTS) {
    // A text with very many tags before the limit: its parts are not kept past this call.
    STARTS.length = 0;
    ENDS.length = 0;
  }
  return result;
}

/** The stripped text cut at the last whitespace before `limit`, from the `count` kept parts. */
function cut(text: string, limit: number, ellipsis: string, count: number, total: number): string {
  const starts = STARTS;
  const ends = ENDS;
  // The last whitespace before `limit`, searched backwards through the kept parts.
  let end = limit;
  let base = total;
  search: for (let r = count - 1; r >= 0; r--) {
    const start = starts[r] as number;
    base -= (ends[r] as number) - start;
    if (base >= limit) continue;
    for (let k = Math.min(base + (ends[r] as number) - start, limit) - 1; k >= base; k--) {
      if (isTruncateSpace(text.charCodeAt(start + k - base))) {
        end = k + 1;
        break search;
      }
    }
  }
  let out = '';
  for (let r = 0; end > 0; r++) {
    const start = starts[r] as number;
    const take = Math.min((ends[r] as number) - start, end);
    out += text.slice(start, start + take);
    end -= take;
  }
  return out + ellipsis;
}

/** Kept parts of the text `stripThenTruncate` is working on (reused; trimmed past KEPT_PARTS). */
const STARTS: number[] = [];
const ENDS: number[] = [];
const KEPT_PARTS = 1024;
