import { TesseraError } from '../../platform/errors/index.js';
import { guardedGet } from '../../platform/net/guarded-get.js';
import { KIT_CSS_LIMITS, readKitCss } from './kit-css.js';

/**
 * Reading a font kit's stylesheet (issue 21), when it is connected or re-read: the address is
 * checked (https; http only with the test knob), fetched through the SSRF guard
 * (`platform/net/guarded-get.ts`: vetted address, no redirects, 5 s), and its `@font-face` families
 * and the other origins of their files are read. A kit stylesheet that `@import`s other stylesheets
 * (the "CSS that imports CSS" shape of some kit hosts) has those read too, one level deep, under the
 * same rules: each import's origin is allowed for styles only, the files its `@font-face` rules name
 * for fonts, and all of them count toward one limit of other origins; the kit and its imports
 * together are at most 512 KB. An import that cannot be read refuses the kit with its address.
 */
export const FONT_KIT_LIMITS = {
  perSite: 5,
  /** The stylesheet and the stylesheets it imports, together. */
  maxBytes: 512 * 1024,
  timeoutMs: 5000,
  maxUrl: 2000,
  /**
   * Other origins a kit may load from: its font files' hosts and its imported stylesheets' hosts
   * together (each one widens the site's `font-src` or `style-src`).
   */
  maxFontOrigins: 4,
  /** Stylesheets a kit's stylesheet may `@import` (one level: an imported one may import nothing). */
  maxImports: 4,
} as const;

/** Hosts allowed on a private address (tests only: the local fake kit server). */
export const FONT_KIT_ALLOW_HOSTS = 'TESSERA_FONT_KIT_ALLOW_HOSTS';
/** `1` allows plain http kit addresses (tests only; pages would otherwise load mixed content). */
export const FONT_KIT_ALLOW_HTTP = 'TESSERA_FONT_KIT_ALLOW_HTTP';

const kb = `${FONT_KIT_LIMITS.maxBytes / 1024} KB`;

export const FONT_KIT_MESSAGES = {
  notUrl: 'Enter the full address of the font kit’s stylesheet, starting with https://.',
  notHttps: 'The font kit’s address must start with https://.',
  credentials: 'The address must not contain a user name or password.',
  fetchFailed: (reason: string) => `The font kit’s stylesheet could not be read: ${reason}.`,
  notCss: (type: string) => `That address did not answer a stylesheet (it answered ${type || 'no content type'}).`,
  tooLarge: `The font kit’s stylesheet is larger than ${kb}.`,
  noFamilies: 'The stylesheet has no @font-face rules with a font-family, so there are no fonts to offer.',
  duplicate: 'This font kit is already connected.',
  tooMany: `A site can connect ${FONT_KIT_LIMITS.perSite} font kits; remove one before connecting another.`,
  inUse: (family: string, uses: string[]) =>
    `${family} from this kit is in use (${uses.join(', ')}); choose another font there first.`,
  notFound: 'There is no connected font kit with this id.',
  tooManyOrigins: (origin: string) =>
    `The font kit loads its font files and stylesheets from more than ${FONT_KIT_LIMITS.maxFontOrigins} other addresses (${origin} would be one more); connect a kit that serves them from fewer places.`,
  tooManyImports: `The font kit’s stylesheet imports more than ${FONT_KIT_LIMITS.maxImports} other stylesheets.`,
  importNotHttps: (address: string) =>
    `The font kit’s stylesheet imports ${address}, which is not an https:// address; only https stylesheets can be imported.`,
  importCredentials: (address: string) =>
    `The font kit’s stylesheet imports ${address}, whose address contains a user name or password.`,
  importFetchFailed: (address: string, reason: string) =>
    `The stylesheet ${address}, imported by the font kit, could not be read: ${reason}.`,
  importNotCss: (address: string, type: string) =>
    `The stylesheet ${address}, imported by the font kit, is not a stylesheet (it answered ${type || 'no content type'}).`,
  importImports: (address: string) =>
    `The stylesheet ${address}, imported by the font kit, imports another stylesheet in turn; only one level of @import is followed.`,
  tooLargeWithImports: `The font kit’s stylesheet and the stylesheets it imports are larger than ${kb} together.`,
} as const;

/** What a kit's stylesheet (and its imports) declare, as stored. */
export interface KitRead {
  families: string[];
  /** Other origins of its `@font-face` files (the site's `font-src`). */
  fontOrigins: string[];
  /** Other origins of the stylesheets it imports (the site's `style-src`). */
  styleOrigins: string[];
}

/** A plain web origin as `URL.origin` prints it (what may go into a CSP header). */
export const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export const refused = (message: string) => new TesseraError('font-kit-refused', message);

const httpAllowed = (url: URL, env: NodeJS.ProcessEnv) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && env[FONT_KIT_ALLOW_HTTP] === '1');

/** The owner's address, checked for its form (https; http only with the test knob). */
export function kitUrlProblem(raw: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return FONT_KIT_MESSAGES.notUrl;
  }
  if (url.username || url.password) return FONT_KIT_MESSAGES.credentials;
  if (httpAllowed(url, env)) return undefined;
  return url.protocol === 'http:' ? FONT_KIT_MESSAGES.notHttps : FONT_KIT_MESSAGES.notUrl;
}

/**
 * The address an `@import` of the kit at `kitUrl` names, resolved against it; throws
 * `font-kit-refused` naming it when it is not https (http with the test knob) or has a user name.
 */
export function kitImportUrl(raw: string, kitUrl: string, env: NodeJS.ProcessEnv = process.env): URL {
  let url: URL;
  try {
    url = new URL(raw, kitUrl);
  } catch {
    throw refused(FONT_KIT_MESSAGES.importNotHttps(raw));
  }
  if (!httpAllowed(url, env) || !ORIGIN.test(url.origin)) throw refused(FONT_KIT_MESSAGES.importNotHttps(url.href));
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
    throw refused(FONT_KIT_MESSAGES.importCredentials(url.href));
  }
  return url;
}

/**
 * The origins, other than the stylesheet's own, that a kit's font file addresses point at: each
 * resolved against the stylesheet's address; `data:` and relative files need none; only https
 * (http with the test knob), no user names. `counted`: the other origins the kit already loads from
 * (its imported stylesheets'); with them, at most `maxFontOrigins`. Throws `font-kit-refused` past it.
 */
export function kitFontOrigins(
  sources: readonly string[],
  kitUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  counted: readonly string[] = [],
): string[] {
  const own = new URL(kitUrl).origin;
  const origins: string[] = [];
  const all = new Set(counted);
  for (const source of sources) {
    let url: URL;
    try {
      url = new URL(source, kitUrl);
    } catch {
      continue;
    }
    if (!httpAllowed(url, env) || url.username || url.password) continue;
    const origin = url.origin;
    if (origin === own || origins.includes(origin) || !ORIGIN.test(origin)) continue;
    if (!all.has(origin) && all.size >= FONT_KIT_LIMITS.maxFontOrigins)
      throw refused(FONT_KIT_MESSAGES.tooManyOrigins(origin));
    all.add(origin);
    origins.push(origin);
  }
  return origins;
}

type Sheet = { ok: true; body: string; size: number } | { ok: false; error: string; large?: boolean; type?: string };

/** One stylesheet through the guard: its text, or why not (too large, not CSS, not read). */
async function fetchSheet(url: string, maxBytes: number, env: NodeJS.ProcessEnv): Promise<Sheet> {
  const answer = await guardedGet(url, {
    timeoutMs: FONT_KIT_LIMITS.timeoutMs,
    maxBytes,
    accept: 'text/css',
    allowVariable: FONT_KIT_ALLOW_HOSTS,
    env,
    userAgent: 'Tessera-FontKits/1',
  });
  if (!answer.ok) return { ok: false, error: answer.error, large: answer.error.startsWith('larger than') };
  const type = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'text/css') return { ok: false, error: 'not css', type };
  return { ok: true, body: answer.body, size: answer.bytes.length };
}

/** Fetches and reads a kit's stylesheet and the stylesheets it imports; throws `font-kit-refused` with the reason. */
export async function readKit(url: string, env: NodeJS.ProcessEnv = process.env): Promise<KitRead> {
  const main = await fetchSheet(url, FONT_KIT_LIMITS.maxBytes, env);
  if (!main.ok) {
    if (main.large) throw refused(FONT_KIT_MESSAGES.tooLarge);
    if (main.type !== undefined) throw refused(FONT_KIT_MESSAGES.notCss(main.type));
    throw refused(FONT_KIT_MESSAGES.fetchFailed(main.error));
  }
  const own = new URL(url).origin;
  const sheet = readKitCss(main.body);
  const families = [...sheet.families];
  const sources = [...sheet.sources];

  // Every import is checked before any is fetched: a refused one is never asked for.
  if (sheet.imports.length > FONT_KIT_LIMITS.maxImports) throw refused(FONT_KIT_MESSAGES.tooManyImports);
  const imports: URL[] = [];
  const styleOrigins: string[] = [];
  for (const raw of sheet.imports) {
    const target = kitImportUrl(raw, url, env);
    if (imports.some((other) => other.href === target.href)) continue;
    imports.push(target);
    if (target.origin === own || styleOrigins.includes(target.origin)) continue;
    if (styleOrigins.length >= FONT_KIT_LIMITS.maxFontOrigins)
      throw refused(FONT_KIT_MESSAGES.tooManyOrigins(target.origin));
    styleOrigins.push(target.origin);
  }
  const budget = FONT_KIT_LIMITS.maxBytes - main.size;
  const answers = await Promise.all(imports.map((target) => fetchSheet(target.href, budget, env)));
  let total = main.size;
  for (const [i, answer] of answers.entries()) {
    const address = (imports[i] as URL).href;
    if (!answer.ok) {
      if (answer.large) throw refused(FONT_KIT_MESSAGES.tooLargeWithImports);
      if (answer.type !== undefined) throw refused(FONT_KIT_MESSAGES.importNotCss(address, answer.type));
      throw refused(FONT_KIT_MESSAGES.importFetchFailed(address, answer.error));
    }
    total += answer.size;
    if (total > FONT_KIT_LIMITS.maxBytes) throw refused(FONT_KIT_MESSAGES.tooLargeWithImports);
    const inner = readKitCss(answer.body);
    if (inner.imports.length > 0) throw refused(FONT_KIT_MESSAGES.importImports(address));
    for (const family of inner.families)
      if (families.length < KIT_CSS_LIMITS.maxFamilies && !families.includes(family)) families.push(family);
    // Files are named relative to the stylesheet that names them.
    for (const source of inner.sources) {
      try {
        sources.push(new URL(source, address).href);
      } catch {
        // Not an address: no origin to allow.
      }
    }
  }
  if (families.length === 0) throw refused(FONT_KIT_MESSAGES.noFamilies);
  return { families, fontOrigins: kitFontOrigins(sources, url, env, styleOrigins), styleOrigins };
}
