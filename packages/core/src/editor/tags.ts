import { EDITOR_LIMITS, EDITOR_MESSAGES } from './editor-limits.js';

// The rules of blog tags and categories (SPEC §5 "Editor"): how a name is tidied, when two names
// are the same term (case does not matter), the length limits (tag 50, category 25), the SPEC
// messages, and the tag manager's rule that only one term is edited at a time. The post editor,
// the tag manager and the owner API all check names here.

export const TERM_KINDS = Object.freeze(['tag', 'category'] as const);
export type TermKind = (typeof TERM_KINDS)[number];

export const TERM_MAX_LENGTH: Readonly<Record<TermKind, number>> = Object.freeze({
  tag: EDITOR_LIMITS.tagMaxLength,
  category: EDITOR_LIMITS.categoryMaxLength,
});

export const TERM_MESSAGES = Object.freeze({
  /** SPEC: 'This {tagType} already exists'. */
  exists: (kind: TermKind) => EDITOR_MESSAGES.tagExists(kind),
  /** SPEC: 'You may only edit one {tagType} at a time'. */
  oneAtATime: (kind: TermKind) => EDITOR_MESSAGES.oneTagAtATime(kind),
  empty: (kind: TermKind) => `Enter a ${kind} name.`,
  tooLong: (kind: TermKind) => `A ${kind} can be at most ${TERM_MAX_LENGTH[kind]} characters long.`,
  badCharacter: (kind: TermKind) => `A ${kind} cannot contain control characters.`,
  notFound: (kind: TermKind) => `This ${kind} no longer exists. Reload the list.`,
  tooMany: (kind: TermKind, max: number) => `A post can have at most ${max} ${kind === 'tag' ? 'tags' : 'categories'}.`,
});

/** Most tags (or categories) one post may carry. */
export const MAX_TERMS_PER_POST = 50;

export function isTermKind(value: unknown): value is TermKind {
  return value === 'tag' || value === 'category';
}

/** A name as it is stored: Unicode NFC, outer spaces trimmed, inner runs of white space made one space. */
export function normalizeTerm(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The key two names are compared by: "Linen Care" and " linen  care" are the same term. */
export function termKey(name: string): string {
  return normalizeTerm(name).toLowerCase();
}

/** The stored spelling of `name` among `existing`, if it is there (case-insensitively). */
export function findTerm(existing: readonly string[], name: string): string | undefined {
  const key = termKey(name);
  return existing.find((term) => termKey(term) === key);
}

/** Length in characters as a person counts them (an emoji is one). */
function characterCount(value: string): number {
  return [...value].length;
}

export type TermCheck = { ok: true; value: string } | { ok: false; error: string };

/**
 * Checks a new name for a tag or category: not empty, within the length limit, not already among
 * `existing` (case-insensitively). When renaming, `renaming` is the current name, which may keep
 * its own place (a rename that only changes case is allowed).
 */
export function checkTermName(
  kind: TermKind,
  raw: string,
  existing: readonly string[],
  options: { renaming?: string } = {},
): TermCheck {
  const value = normalizeTerm(raw);
  if (!value) return { ok: false, error: TERM_MESSAGES.empty(kind) };
  if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, error: TERM_MESSAGES.badCharacter(kind) };
  if (characterCount(value) > TERM_MAX_LENGTH[kind]) return { ok: false, error: TERM_MESSAGES.tooLong(kind) };
  const self = options.renaming === undefined ? undefined : termKey(options.renaming);
  const clash = existing.some((term) => termKey(term) === termKey(value) && termKey(term) !== self);
  if (clash) return { ok: false, error: TERM_MESSAGES.exists(kind) };
  return { ok: true, value };
}

export type TermListCheck = { ok: true; value: string[] } | { ok: false; error: string };

/**
 * Checks the tags (or categories) of one post. Each name is checked as above; a name the blog
 * already uses in another case takes the blog's spelling (no near-duplicates), and the same name
 * twice in one post is refused with SPEC's message.
 */
export function checkPostTerms(kind: TermKind, names: readonly string[], known: readonly string[]): TermListCheck {
  if (names.length > MAX_TERMS_PER_POST) return { ok: false, error: TERM_MESSAGES.tooMany(kind, MAX_TERMS_PER_POST) };
  const accepted: string[] = [];
  for (const name of names) {
    const check = checkTermName(kind, name, accepted);
    if (!check.ok) return check;
    accepted.push(findTerm(known, check.value) ?? check.value);
  }
  return { ok: true, value: accepted };
}

/** The term an owner is editing in the tag manager (its kind and current name). */
export interface OpenTermEdit {
  kind: TermKind;
  name: string;
}

export type TermEditStart = { ok: true; edit: OpenTermEdit } | { ok: false; error: string };

/**
 * Opening an edit in the tag manager: allowed when nothing is open or the same term is asked for
 * again; otherwise SPEC's 'You may only edit one {tagType} at a time' for the kind asked for.
 */
export function startTermEdit(open: OpenTermEdit | undefined, next: OpenTermEdit): TermEditStart {
  if (!open || (open.kind === next.kind && termKey(open.name) === termKey(next.name))) return { ok: true, edit: next };
  return { ok: false, error: TERM_MESSAGES.oneAtATime(next.kind) };
}
