import { createHmac, timingSafeEqual } from 'node:crypto';

// What the product page says after its review form was posted without JavaScript: the form post
// answers 303 back to the product page's `#reviews` with `?review=sent` or `?review=refused&
// reviewNote=<the server's reason>`, signed with the site user's session secret (its XSRF token)
// in `reviewSig`. The page shows the note only when the signature holds for the signed-in user and
// that product, so a link made by someone else cannot put words of theirs on the page. A refusal
// also names the draft of what was typed (`reviewDraft`, form-drafts.ts), under the same signature.

export const REVIEW_SENT_TEXT = 'Thank you! Your review was received and appears here once the shop has approved it.';
const NOTE_MAX = 300;

export type ReviewNote = { kind: 'sent' } | { kind: 'refused'; message: string; draft?: string };

const mac = (secret: string, itemId: string, kind: string, message: string, draft: string) =>
  createHmac('sha256', secret).update(`review-note\n${itemId}\n${kind}\n${message}\n${draft}`).digest('base64url');

/** The query (no `?`) that carries a note for one product to the signed-in user's next page view. */
export function reviewNoteQuery(note: ReviewNote, itemId: string, secret: string): string {
  const message = note.kind === 'refused' ? note.message.slice(0, NOTE_MAX) : '';
  const draft = note.kind === 'refused' ? (note.draft ?? '') : '';
  return new URLSearchParams({
    review: note.kind,
    ...(message ? { reviewNote: message } : {}),
    ...(draft ? { reviewDraft: draft } : {}),
    reviewSig: mac(secret, itemId, note.kind, message, draft),
  }).toString();
}

/** The note of a product page's query, or undefined when there is none or its signature does not hold. */
export function readReviewNote(query: unknown, itemId: string, secret: string | undefined): ReviewNote | undefined {
  if (!secret || !query || typeof query !== 'object') return undefined;
  const { review, reviewNote, reviewSig, reviewDraft } = query as Record<string, unknown>;
  if ((review !== 'sent' && review !== 'refused') || typeof reviewSig !== 'string') return undefined;
  const message = review === 'refused' && typeof reviewNote === 'string' ? reviewNote.slice(0, NOTE_MAX) : '';
  if (review === 'refused' && !message) return undefined;
  const draft = review === 'refused' && typeof reviewDraft === 'string' ? reviewDraft.slice(0, 64) : '';
  const expected = Buffer.from(mac(secret, itemId, review, message, draft));
  const given = Buffer.from(reviewSig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (review === 'sent') return { kind: 'sent' };
  return draft ? { kind: 'refused', message, draft } : { kind: 'refused', message };
}
