/**
 * Reads the family names a font kit's stylesheet declares: the `font-family` of each `@font-face`
 * rule. Our own small reader, for CSS from elsewhere: comments and strings are skipped properly,
 * escapes are decoded, anything malformed is passed over, and the work is bounded (at most
 * `maxRules` `@font-face` rules looked at, each character scanned a bounded number of times, at most `maxFamilies` names kept, each at most 100 characters).
 */
export const KIT_CSS_LIMITS = { maxRules: 500, maxFamilies: 50, maxNameLength: 100 } as const;

/** The distinct family names, in the order first declared. */
export function kitFamilies(css: string): string[] {
  const families: string[] = [];
  let rules = 0;
  let i = 0;
  const n = css.length;
  while (i < n && rules < KIT_CSS_LIMITS.maxRules && families.length < KIT_CSS_LIMITS.maxFamilies) {
    const at = css.indexOf('@', i);
    if (at < 0) break;
    // Skip any comment or string that starts before this `@`.
    const skipped = skipNoise(css, i, at);
    if (skipped > at) {
      i = skipped;
      continue;
    }
    const keyword = /^@([A-Za-z-]+)/.exec(css.slice(at, at + 40));
    if (!keyword) {
      i = at + 1;
      continue;
    }
    if (keyword[1]?.toLowerCase() !== 'font-face') {
      // Another at-rule (`@import …;`, `@media { … }`): carry on just after its name, so an
      // `@font-face` inside `@media` or `@supports` is still found (and every step moves forward).
      i = at + (keyword[0]?.length ?? 1);
      continue;
    }
    rules += 1;
    const open = findOutside(css, at, '{');
    if (open < 0) break;
    const close = findOutside(css, open + 1, '}');
    const body = css.slice(open + 1, close < 0 ? n : close);
    i = close < 0 ? n : close + 1;
    const name = fontFamilyOf(body);
    if (name && !families.includes(name)) families.push(name);
  }
  return families;
}

/** From `from`, skips comments and strings that begin before `limit`; answers where scanning may resume. */
function skipNoise(css: string, from: number, limit: number): number {
  let i = from;
  while (i < limit) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      if (i > limit) return i;
    } else if (c === '"' || c === "'") {
      i = stringEnd(css, i);
      if (i > limit) return i;
    } else i += 1;
  }
  return from;
}

/** The index just past the string starting at `start` (quote at `start`). */
function stringEnd(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length) {
    const c = css[i];
    if (c === '\\') i += 2;
    else if (c === quote || c === '\n') return i + 1;
    else i += 1;
  }
  return css.length;
}

/** The first of `chars` at or after `from` that is outside comments and strings, or -1. */
function findOutside(css: string, from: number, chars: string): number {
  let i = from;
  while (i < css.length) {
    const c = css[i] as string;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return -1;
      i = end + 2;
    } else if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (chars.includes(c)) return i;
    else i += 1;
  }
  return -1;
}

/** The `font-family` value of an `@font-face` body, as a plain name, or undefined. */
function fontFamilyOf(body: string): string | undefined {
  let i = 0;
  while (i < body.length) {
    const semi = findOutside(body, i, ';');
    const declaration = body.slice(i, semi < 0 ? body.length : semi);
    i = semi < 0 ? body.length : semi + 1;
    const colon = findOutside(declaration, 0, ':');
    if (colon < 0) continue;
    const property = declaration
      .slice(0, colon)
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
      .trim()
      .toLowerCase();
    if (property !== 'font-family') continue;
    return cleanName(declaration.slice(colon + 1));
  }
  return undefined;
}

function cleanName(raw: string): string | undefined {
  let value = raw.replace(/\/\*[\s\S]*?(\*\/|$)/g, '').trim();
  value = value.replace(/!\s*important\s*$/i, '').trim();
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  let name = quoted ? (quoted[2] as string) : value;
  if (!quoted && !/^[A-Za-z0-9 _\-\\]+$/.test(name)) return undefined;
  name = name.replace(/\\([0-9A-Fa-f]{1,6})\s?|\\([\s\S])/g, (_m, hex: string | undefined, ch: string | undefined) => {
    if (hex) {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ch === '\n' ? '' : (ch ?? '');
  });
  // Only printable text: no control characters, angle brackets or quotes in a name we print back.
  name = name
    .replace(/[\u0000-\u001f\u007f<>"'`\\;{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || name.length > KIT_CSS_LIMITS.maxNameLength) return undefined;
  return name;
}
