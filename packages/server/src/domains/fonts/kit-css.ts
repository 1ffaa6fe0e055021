/**
 * Reads what a font kit's stylesheet declares: the `font-family` of each `@font-face` rule, the
 * `url(…)` addresses of their `src` (where the font files live: the page's CSP must allow their
 * origins), and the addresses of its `@import` rules (stylesheets the browser loads with it). Our own small reader, for CSS from elsewhere: comments and strings are skipped properly,
 * escapes are decoded, anything malformed is passed over, and the work is bounded (at most
 * `maxRules` `@font-face` rules looked at, each character scanned a bounded number of times, at most
 * `maxFamilies` names kept, each at most 100 characters, at most `maxSources` addresses kept, each at
 * most `maxSourceLength` characters, at most `maxImports` imports kept).
 */
export const KIT_CSS_LIMITS = {
  maxRules: 500,
  maxFamilies: 50,
  maxNameLength: 100,
  maxSources: 200,
  maxSourceLength: 2000,
  maxImports: 50,
} as const;

export interface KitCss {
  /** The distinct family names, in the order first declared. */
  families: string[];
  /** The distinct `src: url(…)` addresses of the `@font-face` rules, as written (maybe relative). */
  sources: string[];
  /**
   * The distinct addresses of its `@import` rules, as written (maybe relative). Only those a browser
   * follows: before the first block of the sheet (an `@import` after a rule or inside `@media { }`
   * is ignored by browsers, so it is not read here either).
   */
  imports: string[];
}

/** The distinct family names, in the order first declared. */
export function kitFamilies(css: string): string[] {
  return readKitCss(css).families;
}

/** The families and font file addresses of a kit's `@font-face` rules. */
export function readKitCss(css: string): KitCss {
  const families: string[] = [];
  const sources: string[] = [];
  const imports: string[] = [];
  // Imports count only before the sheet's first block (one scan, from the start).
  const firstBlock = findOutside(css, 0, '{');
  const importsEnd = firstBlock < 0 ? css.length : firstBlock;
  let rules = 0;
  let i = 0;
  const n = css.length;
  while (i < n && rules < KIT_CSS_LIMITS.maxRules) {
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
    const name = keyword[1]?.toLowerCase();
    if (name === 'import' && at < importsEnd && imports.length < KIT_CSS_LIMITS.maxImports) {
      const address = importAddress(css.slice(at + 7, at + 7 + KIT_CSS_LIMITS.maxSourceLength + 100));
      if (address && !imports.includes(address)) imports.push(address);
    }
    if (name !== 'font-face') {
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
    const { family, src } = faceDeclarations(body);
    const familyName = family === undefined ? undefined : cleanName(family);
    if (familyName && families.length < KIT_CSS_LIMITS.maxFamilies && !families.includes(familyName))
      families.push(familyName);
    for (const url of src === undefined ? [] : urlsOf(src)) {
      if (sources.length >= KIT_CSS_LIMITS.maxSources) break;
      if (!sources.includes(url)) sources.push(url);
    }
  }
  return { families, sources, imports };
}

/**
 * The address of an `@import` whose text follows in `text` (up to its `;`): a string or a `url(…)`,
 * after any spaces and comments; undefined when neither.
 */
function importAddress(text: string): string | undefined {
  // The prelude ends at the rule's `;` (a string or comment may hold one).
  const semi = findOutside(text, 0, ';');
  const prelude = semi < 0 ? text : text.slice(0, semi);
  let i = 0;
  for (;;) {
    while (i < prelude.length && /\s/.test(prelude[i] as string)) i += 1;
    if (prelude[i] !== '/' || prelude[i + 1] !== '*') break;
    const end = prelude.indexOf('*/', i + 2);
    if (end < 0) return undefined;
    i = end + 2;
  }
  const c = prelude[i];
  if (c === '"' || c === "'") {
    const end = stringEnd(prelude, i);
    if (prelude[end - 1] !== c || end - 1 === i) return undefined;
    return plainAddress(unescapeCss(prelude.slice(i + 1, end - 1)));
  }
  if (!/^url\(/i.test(prelude.slice(i, i + 4))) return undefined;
  return urlsOf(prelude.slice(i))[0];
}

/** An address kept as read: trimmed, bounded, no control characters or spaces. */
function plainAddress(raw: string): string | undefined {
  const url = raw.trim();
  return url && url.length <= KIT_CSS_LIMITS.maxSourceLength && !/[\u0000-\u001f\u007f\s]/.test(url) ? url : undefined;
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

/** The raw `font-family` and `src` values of an `@font-face` body (the first of each). */
function faceDeclarations(body: string): { family?: string; src?: string } {
  const found: { family?: string; src?: string } = {};
  let i = 0;
  while (i < body.length && (found.family === undefined || found.src === undefined)) {
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
    const value = declaration.slice(colon + 1);
    if (property === 'font-family' && found.family === undefined) found.family = value;
    else if (property === 'src' && found.src === undefined) found.src = value;
  }
  return found;
}

/** The addresses of the `url(…)` functions in a `src` value (`local(…)` names are not addresses). */
function urlsOf(value: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    if (c === '/' && value[i + 1] === '*') {
      const end = value.indexOf('*/', i + 2);
      i = end < 0 ? value.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = stringEnd(value, i);
      continue;
    }
    if (!/^url\(/i.test(value.slice(i, i + 4))) {
      i += 1;
      continue;
    }
    let j = i + 4;
    while (j < value.length && /\s/.test(value[j] as string)) j += 1;
    let raw: string;
    if (value[j] === '"' || value[j] === "'") {
      const end = stringEnd(value, j);
      raw = value.slice(j + 1, end - 1);
      j = end;
      const close = value.indexOf(')', j);
      i = close < 0 ? value.length : close + 1;
    } else {
      const close = value.indexOf(')', j);
      raw = value.slice(j, close < 0 ? value.length : close).trim();
      i = close < 0 ? value.length : close + 1;
    }
    const url = plainAddress(unescapeCss(raw));
    if (url) urls.push(url);
  }
  return urls;
}

function unescapeCss(text: string): string {
  return text.replace(/\\([0-9A-Fa-f]{1,6})\s?|\\([\s\S])/g, (_m, hex: string | undefined, ch: string | undefined) => {
    if (hex) {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ch === '\n' ? '' : (ch ?? '');
  });
}

function cleanName(raw: string): string | undefined {
  let value = raw.replace(/\/\*[\s\S]*?(\*\/|$)/g, '').trim();
  value = value.replace(/!\s*important\s*$/i, '').trim();
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  let name = quoted ? (quoted[2] as string) : value;
  if (!quoted && !/^[A-Za-z0-9 _\-\\]+$/.test(name)) return undefined;
  name = unescapeCss(name);
  // Only printable text: no control characters, angle brackets or quotes in a name we print back.
  name = name
    .replace(/[\u0000-\u001f\u007f<>"'`\\;{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || name.length > KIT_CSS_LIMITS.maxNameLength) return undefined;
  return name;
}
