import { createHash, type Hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OWNER_COOKIE } from '../auth/index.js';
import { CART_COOKIE } from '../../platform/http/cookies.js';
import { UNLOCK_COOKIE_PREFIX } from '../content/index.js';
import { SITE_USER_COOKIE } from '../site-users/index.js';

/**
 * Validators and caching rules of visitor pages (issue 22 "Delivery").
 *
 * A page's `ETag` is a weak validator over the final bytes sent (the visitor's crumb, cart pill and
 * owner bar included, before compression): two visitors whose pages differ in any byte, a crumb
 * among them, never share a tag, so a `304` can never hand one visitor's page to another. Weak,
 * because the same page goes out as brotli, gzip or plain bytes.
 *
 * `Cache-Control`:
 * - `private, no-cache` when the page is the visitor's own: it prints their crumb (product, comment
 *   and cookie-banner forms), sets a cookie (the first page sets the crumb), or the visitor has a cart,
 *   is a signed-in owner or site user, or unlocked a password page. Their browser may keep it and
 *   must ask again each time (cheap: a 304).
 * - `public, no-cache` with `Vary: Cookie` otherwise: any cache may keep it but must revalidate, and
 *   a shared cache keeps one copy per cookie header, since consent and language choices live there.
 *
 * Everything else (account, checkout, editor, API answers) keeps its own `no-store`.
 */

const cacheable = new WeakSet<FastifyReply>();

/** Marks a visitor page answer for validators (`installPageValidators` does the rest on send). */
export function markCacheablePage(reply: FastifyReply): void {
  cacheable.add(reply);
}

/**
 * Takes the mark back: the page goes out as a kept answer (`page-answers.ts`), which sets its own
 * validators, the same as every later view of it gets (so its 304s hold either way).
 */
export function unmarkCacheablePage(reply: FastifyReply): void {
  cacheable.delete(reply);
}

/** The crumb is at least this long; a shorter one (never issued) is not looked for in the page. */
const MIN_CRUMB = 16;

export function weakEtag(body: string | Buffer): string {
  return tagOf(createHash('sha256').update(body));
}

/**
 * `weakEtag(parts.join(joint))` from bytes already encoded: a kept page's parts are UTF-8 once, and
 * hashing its text would encode the whole page again (issue 20: a tenth of a millisecond per page).
 */
export function weakEtagOfParts(parts: readonly Buffer[], joint: Buffer): string {
  const hash = createHash('sha256');
  parts.forEach((part, index) => {
    if (index > 0) hash.update(joint);
    hash.update(part);
  });
  return tagOf(hash);
}

function tagOf(hash: Hash): string {
  return `W/"${hash.digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: `If-None-Match` with weak comparison; `*` matches any current page. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === mine);
}

/** Does this answer belong to one visitor only? */
export function isPersonalPage(request: FastifyRequest, reply: FastifyReply, body: string | Buffer): boolean {
  if (reply.hasHeader('set-cookie')) return true;
  const cookies = request.cookies ?? {};
  if (cookies[CART_COOKIE] || cookies[OWNER_COOKIE] || cookies[SITE_USER_COOKIE]) return true;
  if (Object.keys(cookies).some((name) => name.startsWith(UNLOCK_COOKIE_PREFIX))) return true;
  const crumb = request.crumb;
  return typeof crumb === 'string' && crumb.length >= MIN_CRUMB && body.includes(crumb);
}

/**
 * The `onSend` hook for marked pages: `ETag`, `Cache-Control`, `Vary`, and `304` without a body when
 * `If-None-Match` names the page's tag. Install it after the crumb's hook (which may set a cookie)
 * and before compression (the tag is over the uncompressed bytes).
 */
export function installPageValidators(app: FastifyInstance): void {
  // Callback style: no extra turn of the event loop between a handler's send and the answer.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    done(null, validate(request, reply, payload));
  });
}

function validate(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!cacheable.has(reply)) return payload;
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode !== 200) {
    // Not-found and error pages: never kept.
    reply.header('cache-control', 'no-store');
    return payload;
  }
  const personal = isPersonalPage(request, reply, payload);
  const etag = weakEtag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', personal ? 'private, no-cache' : 'public, no-cache');
  if (!personal) addVary(reply, 'Cookie');
  // A page that sets a cookie (the crumb) is sent whole, so the cookie always comes with it.
  if (!reply.hasHeader('set-cookie') && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (text.split(',').some((part) => part.trim().toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', text ? `${text}, ${name}` : name);
}
