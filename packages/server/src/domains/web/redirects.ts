/**
 * The owner's URL redirects (Settings → Search engines): one per line, `/old-path -> /new-path 301`
 * (the status is 301 or 302; 301 when left out). A `*` at the end of the old path matches the rest of
 * the address, and a `*` at the end of the new one puts that rest back: `/journal/* -> /blog/* 301`.
 * Lines starting with `#` and blank lines are ignored.
 */
export interface RedirectRule {
  readonly from: string;
  readonly to: string;
  readonly status: 301 | 302;
  /** `from` ends with `*`: a prefix match. */
  readonly wildcard: boolean;
}

export const REDIRECTS_MAX_CHARS = 20_000;
export const REDIRECTS_MAX_RULES = 500;
/** A chain longer than this is refused (browsers give up after about 20). */
const MAX_CHAIN = 10;

const LINE = /^(\/\S*)\s+->\s+(\/\S*|https?:\/\/\S+)(?:\s+(301|302))?$/i;
/**
 * Visitor pages the server itself draws (sign-in, cart, checkout, member areas, links sent by
 * mail…): the redirect hook never sends them away and imports never add a rule for them, so a rule
 * made by an editor's import cannot take site users' sign-in or checkout off the site.
 */
export const SERVER_PAGES =
  /^\/(account|cart|checkout|commerce|search|donate|member-areas|membership|owner-invite|unsubscribe|reviews)(\/|$)/;

/** Paths the server itself owns: never redirected away. */
const RESERVED =
  /^\/(api|assets|theme|config|files|site-icon)(\/|$)|^\/(robots\.txt|sitemap[\w-]*\.xml|manifest\.webmanifest)$/;

export type ParsedRedirects = { ok: true; rules: RedirectRule[] } | { ok: false; errors: string[] };

/** Reads the owner's text; every problem is named by its line number. */
export function parseRedirects(text: string): ParsedRedirects {
  const errors: string[] = [];
  const rules: RedirectRule[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const at = `Line ${index + 1}`;
    const match = LINE.exec(line);
    if (!match) {
      errors.push(`${at}: write it as "/old-path -> /new-path 301" (301 or 302).`);
      return;
    }
    const from = match[1] as string;
    const to = match[2] as string;
    const wildcard = from.endsWith('*');
    if (from.slice(0, -1).includes('*') || (!wildcard && from.includes('*'))) {
      errors.push(`${at}: a * may only end the old path.`);
      return;
    }
    if (to.endsWith('*') && !wildcard) {
      errors.push(`${at}: the new path may end with * only when the old one does.`);
      return;
    }
    if (to.slice(0, -1).includes('*')) {
      errors.push(`${at}: a * may only end the new path.`);
      return;
    }
    if (from.startsWith('//') || to.startsWith('//')) {
      errors.push(`${at}: paths start with a single /.`);
      return;
    }
    if (RESERVED.test(wildcard ? from.slice(0, -1) || '/' : from) || from === '/*') {
      errors.push(`${at}: ${from} belongs to the site itself and cannot be redirected.`);
      return;
    }
    if (rules.some((rule) => rule.from === from)) {
      errors.push(`${at}: ${from} is redirected twice.`);
      return;
    }
    rules.push({ from, to, status: match[3] === '302' ? 302 : 301, wildcard });
  });
  if (rules.length > REDIRECTS_MAX_RULES) errors.push(`Keep to ${REDIRECTS_MAX_RULES} redirects.`);
  if (errors.length === 0) {
    for (const rule of rules) {
      const loop = chainProblem(rules, rule.wildcard ? rule.from.slice(0, -1) : rule.from);
      if (loop) errors.push(loop);
    }
  }
  return errors.length > 0 ? { ok: false, errors: [...new Set(errors)] } : { ok: true, rules };
}

/** Where `path` goes under `rules` (exact matches first, then the longest wildcard), or undefined. */
export function findRedirect(
  rules: readonly RedirectRule[],
  path: string,
): { location: string; status: 301 | 302 } | undefined {
  // `/old/` finds the rule for `/old` too: the same page to every visitor and search engine.
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const exact = rules.find((rule) => !rule.wildcard && (rule.from === path || rule.from === bare));
  if (exact) return { location: exact.to, status: exact.status };
  let best: RedirectRule | undefined;
  for (const rule of rules) {
    if (!rule.wildcard) continue;
    const prefix = rule.from.slice(0, -1);
    if (path.startsWith(prefix) && (!best || prefix.length > best.from.length - 1)) best = rule;
  }
  if (!best) return undefined;
  const rest = path.slice(best.from.length - 1);
  const location = best.to.endsWith('*') ? `${best.to.slice(0, -1)}${rest}` : best.to;
  return { location, status: best.status };
}

/** A loop or an over-long chain starting at `start`, as the message the owner sees. */
function chainProblem(rules: readonly RedirectRule[], start: string): string | undefined {
  const seen = [start];
  let path = start;
  for (let hops = 0; hops <= MAX_CHAIN; hops++) {
    const location = findRedirect(rules, path)?.location;
    if (!location?.startsWith('/')) return undefined;
    const target = location.split(/[?#]/)[0] as string;
    if (seen.includes(target)) return `These redirects go round in a loop: ${[...seen, target].join(' -> ')}.`;
    seen.push(target);
    path = target;
  }
  return `A chain of redirects from ${start} is longer than ${MAX_CHAIN} steps.`;
}

/** Adds `/old -> /new 301` for an address that moved, unless a rule for `/old` exists; drops rules that would now loop. */
export function withMovedAddress(text: string, oldPath: string, newPath: string): string {
  if (oldPath === newPath) return text;
  const kept = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => {
      const match = LINE.exec(line.trim());
      // A rule sending the new address elsewhere would loop back: the page lives there now.
      return !(match && match[1] === newPath);
    });
  const body = kept.join('\n').trim();
  if (LINE.test(`${oldPath} -> ${newPath}`) && !kept.some((line) => LINE.exec(line.trim())?.[1] === oldPath)) {
    return `${body ? `${body}\n` : ''}${oldPath} -> ${newPath} 301`;
  }
  return body;
}
