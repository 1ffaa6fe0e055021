import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LruMap } from '../../platform/lru-map.js';
import { findRedirect, parseRedirects, type RedirectRule, SERVER_PAGES } from './redirects.js';

/** Parsed rules by the owner's text: parsing runs once per saved version, not per request. */
const PARSED_LIMIT = 256;
/** The most recently used kept (issue 20: a thousand sites on one install, each its own text). */
const parsed = new LruMap<string, readonly RedirectRule[]>(PARSED_LIMIT);
const SKIP = /^\/(api|assets|theme|config|files|site-icon)(\/|$)/;

function rulesOf(text: string): readonly RedirectRule[] {
  let rules = parsed.get(text);
  if (!rules) {
    const result = parseRedirects(text);
    // Saved text was checked; an old one that no longer parses redirects nothing rather than half.
    rules = result.ok ? result.rules : [];
    parsed.set(text, rules);
  }
  return rules;
}

/**
 * Answers GET and HEAD requests for an address in the owner's redirects (`website.redirects`) with
 * 301 or 302 before any route runs; the query string goes along unless the target has its own.
 */
export function installRedirects(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '/', query] = splitOnce(request.url, '?');
    if (SKIP.test(path) || SERVER_PAGES.test(path)) return;
    const content = app.services?.content;
    if (!content) return;
    let text: unknown;
    try {
      text = (await content.getSiteForHost(request.hostname)).websiteSettings.redirects;
    } catch {
      return;
    }
    if (typeof text !== 'string' || text.trim() === '') return;
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return;
    }
    const found =
      findRedirect(rulesOf(text), decoded) ?? (decoded === path ? undefined : findRedirect(rulesOf(text), path));
    if (!found) return;
    const location =
      query !== undefined && !found.location.includes('?') ? `${found.location}?${query}` : found.location;
    reply.header('cache-control', 'no-cache').redirect(encodeURI(safeDecode(location)), found.status);
    return reply;
  });
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
