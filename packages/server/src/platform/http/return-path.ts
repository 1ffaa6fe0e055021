/** Longest return path kept; a longer one is dropped. */
const MAX_LENGTH = 2000;

/**
 * The one check for every "where to go next" value a client sends (`next` of the owner and
 * site-user sign-in, `returnTo` of the cookie banner): a path of this site, ready for a
 * `Location` header. Anything else (`https://other`, `//other`, `/\other`, control characters,
 * text that is not well-formed Unicode) gives undefined, so the caller uses its default.
 * Characters outside printable ASCII (`/€`, spaces) are percent-encoded: Node refuses a
 * `Location` header holding characters beyond Latin-1, and would answer 500.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  try {
    // encodeURIComponent throws on a lone surrogate (text that is not well-formed Unicode).
    return value.replace(/[^\u0021-\u007e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return undefined;
  }
}
