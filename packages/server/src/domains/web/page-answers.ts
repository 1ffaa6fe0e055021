import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import { CONSENT_COOKIE, readConsent, TRACKING_KEYS } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CRUMB_COOKIE, HAS_CART_COOKIE } from '../../platform/http/cookies.js';
import { COMPRESS_MIN_BYTES, encodingWeight } from './compression.js';
import { type GzipTemplate, gzipSpliced, gzipTemplate } from './gzip-splice.js';
import { matchesIfNoneMatch, unmarkCacheablePage, weakEtagOfParts } from './etag.js';

/**
 * Whole answers of theme pages for anonymous visitors (issue 20), kept per process and sent from the
 * pages plugin's `onRequest` hook, before any lookup or render.
 *
 * Who gets one: a GET whose cookies are all in `SHARED_COOKIES` (the crumb, the consent choice, the
 * tracker's census cookies, `has-cart`): a cart, a signed-in owner or site user, an unlocked page, a
 * liked post (any other cookie) all go the normal way. The key is the host, the consent choice (the
 * banner shows or not) and the whole address with its query (`?lang=`, `?view=`, `?page=`).
 *
 * What is kept: the page as any visitor gets it, the crumb stood in for (`render-memo.ts` checks the
 * template passes the crumb through untouched), split where the crumb goes; the handler's headers
 * (content type, a site's own Content-Security-Policy). Each answer puts the visitor's own crumb back:
 * plain bytes, or gzip whose fixed parts were compressed once (`gzip-splice.ts`); a page without the
 * crumb is also kept as brotli. The view that rendered the page is sent the same way, so a page is
 * compressed once per version, not once for its first view and again for the rest. A visitor taking
 * brotli but not gzip is not served a page printing the crumb from here (see `brotliOnly`). `ETag`
 * and `Cache-Control` follow `etag.ts`: a page printing the crumb is private, and its tag names the
 * visitor's crumb.
 *
 * When it is forgotten: every answer is kept under the content cache's `generation`, which moves on any
 * write that can change a page (through this node or, by the cluster bus, another; the SQLite probe;
 * `invalidate`), and lives at most `ANSWER_LIFETIME_MS` (less while the bus is down) and never past the
 * site's next scheduled change (a publish date, an event's start or end). Relative times printed from
 * the clock (a post's "3 days ago") are at most that old. A render that read the clock is never kept.
 */
export interface AnswerFreshness {
  readonly generation: number;
  answerLifetime(upTo: number): number;
  nextChange(siteId: string): Promise<number>;
}

export const ANSWER_LIFETIME_MS = 1000;
/** Tests set `TESSERA_PAGE_ANSWER_MS` longer, so what they check is the generation, not the clock. */
const lifetimeSetting = () => numberSetting(process.env.TESSERA_PAGE_ANSWER_MS, ANSWER_LIFETIME_MS);
/**
 * The bytes of kept answers at most (plain and compressed), least recently used first out.
 * `TESSERA_PAGE_ANSWER_BYTES=0` keeps none (benchmarks compare with and without), read at start.
 */
export const ANSWER_CACHE_BYTES = 24 * 1024 * 1024;

function numberSetting(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

const SHARED_COOKIES: ReadonlySet<string> = new Set([
  CRUMB_COOKIE,
  CONSENT_COOKIE,
  HAS_CART_COOKIE,
  ...TRACKING_KEYS.census,
]);
/** The crumbs an answer puts back (as `render-memo.ts` replaces): anything else goes the normal way. */
const CRUMB = /^[A-Za-z0-9_-]{16,128}$/;
/** Headers of the handler's that are the request's own, or that the answer sets itself. */
const OWN_HEADERS = new Set(['set-cookie', 'content-length', 'etag', 'cache-control', 'vary', 'x-request-id', 'date']);
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

interface Answer {
  readonly generation: number;
  readonly expiresAt: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The page's bytes between crumbs; one part when it prints none. */
  readonly parts: readonly Buffer[];
  readonly etag: string;
  gzip?: GzipTemplate;
  br?: Buffer;
  bytes: number;
}

interface Pending {
  readonly key: string;
  readonly generation: number;
}

export interface PageAnswers {
  /** The `onRequest` hook: sends a kept answer, or notes the request as one whose answer may be kept. */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /**
   * After a render: keeps the page for the next visitors when it may be shared, and then sends it as
   * they will get it (answers true), so the page is compressed once, not once for this answer and
   * again for the next. Answers false when nothing was kept: the caller sends the page itself.
   */
  offer(
    request: FastifyRequest,
    reply: FastifyReply,
    siteId: string,
    shared: string | undefined,
    status: number,
  ): Promise<boolean>;
  readonly stats: { hits: number; misses: number; kept: number; entries: number; bytes: number };
}

/**
 * `standIn` is what the renderer prints where the crumb was (`render-memo.ts`'s `TOKEN_STAND_IN`).
 */
export function createPageAnswers(
  freshness: AnswerFreshness,
  standIn: string,
  maxBytes = numberSetting(process.env.TESSERA_PAGE_ANSWER_BYTES, ANSWER_CACHE_BYTES),
): PageAnswers {
  const lifetimeMs = lifetimeSetting();
  const standInBytes = Buffer.from(standIn);
  const answers = new Map<string, Answer>();
  const pending = new WeakMap<FastifyRequest, Pending>();
  const stats = { hits: 0, misses: 0, kept: 0, entries: 0, bytes: 0 };

  function keyOf(request: FastifyRequest): string | undefined {
    if (maxBytes <= 0 || request.method !== 'GET' || !CRUMB.test(request.crumb)) return undefined;
    for (const name in request.cookies) if (!SHARED_COOKIES.has(name)) return undefined;
    if (request.url.includes('themePreview')) return undefined;
    return `${request.hostname}\n${readConsent(request.headers.cookie) ?? ''}\n${request.url}`;
  }

  function drop(key: string, answer: Answer): void {
    answers.delete(key);
    stats.bytes -= answer.bytes;
  }

  function grow(answer: Answer, bytes: number): void {
    answer.bytes += bytes;
    stats.bytes += bytes;
  }

  return {
    stats,
    serve(request, reply) {
      const key = keyOf(request);
      if (key === undefined) return undefined;
      const generation = freshness.generation;
      const answer = answers.get(key);
      if (answer && (answer.generation !== generation || Date.now() >= answer.expiresAt)) drop(key, answer);
      else if (answer && brotliOnly(request, answer)) {
        // Rendered (from the memo) and compressed the usual way; nothing of it is kept again.
        return undefined;
      } else if (answer) {
        // Most recently used last.
        answers.delete(key);
        answers.set(key, answer);
        stats.hits++;
        return send(request, reply, answer);
      }
      stats.misses++;
      pending.set(request, { key, generation });
      return undefined;
    },
    async offer(request, reply, siteId, shared, status) {
      const noted = pending.get(request);
      if (!noted || status !== 200 || shared === undefined || reply.hasHeader('set-cookie')) return false;
      if (reply.hasHeader('cache-control')) return false;
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (!OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
      }
      const lifetime = freshness.answerLifetime(lifetimeMs);
      const next = await freshness.nextChange(siteId).catch(() => 0);
      // A write since the request began: what was read may be old already.
      if (freshness.generation !== noted.generation || lifetime <= 0) return false;
      const parts = shared.split(standIn).map((part) => Buffer.from(part));
      const plain = parts.reduce((sum, part) => sum + part.length, 0);
      const old = answers.get(noted.key);
      if (old) drop(noted.key, old);
      if (plain > maxBytes / 16) return false;
      const answer: Answer = {
        generation: noted.generation,
        expiresAt: Math.min(Date.now() + lifetime, next),
        headers,
        parts,
        etag: weakEtagOfParts(parts, standInBytes),
        bytes: 0,
      };
      answers.set(noted.key, answer);
      grow(answer, plain + 256);
      stats.kept++;
      for (const [key, oldest] of answers) {
        if (stats.bytes <= maxBytes) break;
        drop(key, oldest);
      }
      stats.entries = answers.size;
      if (brotliOnly(request, answer)) return false;
      unmarkCacheablePage(reply);
      send(request, reply, answer);
      return true;
    },
  };

  /** A kept page's tag for one visitor: the page's own, with a tag of their crumb when it prints one. */
  function etagFor(answer: Answer, crumb: string): string {
    return answer.parts.length > 1 ? `${answer.etag.slice(0, -1)}.${crumbTag(crumb)}"` : answer.etag;
  }

  function send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
    const crumb = request.crumb;
    const printsCrumb = answer.parts.length > 1;
    // Without a crumb cookie the crumb's hook sets one: the answer is then the visitor's own too.
    const setsCookie = !request.cookies[CRUMB_COOKIE];
    const personal = printsCrumb || setsCookie;
    const etag = etagFor(answer, crumb);
    reply.headers(answer.headers);
    reply.header('etag', etag);
    reply.header('cache-control', personal ? 'private, no-cache' : 'public, no-cache');
    reply.header('vary', personal ? 'Accept-Encoding' : 'Cookie, Accept-Encoding');
    if (!setsCookie && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      reply.removeHeader('content-type');
      return reply.code(304).send('');
    }
    const accepted = request.headers['accept-encoding'];
    const plainBytes = answer.parts[0]?.length ?? 0;
    if (!printsCrumb) {
      const page = answer.parts[0] ?? Buffer.alloc(0);
      if (plainBytes >= COMPRESS_MIN_BYTES && encodingWeight(accepted, 'br') > 0) {
        if (answer.br === undefined) {
          answer.br = brotliCompressSync(page, BROTLI);
          grow(answer, answer.br.length);
        }
        reply.header('content-encoding', 'br');
        return reply.code(200).send(answer.br);
      }
      if (plainBytes < COMPRESS_MIN_BYTES || encodingWeight(accepted, 'gzip') <= 0) return reply.code(200).send(page);
    }
    const visitor = Buffer.from(crumb);
    if (encodingWeight(accepted, 'gzip') > 0) {
      if (answer.gzip === undefined) {
        answer.gzip = gzipTemplate(answer.parts);
        grow(
          answer,
          answer.gzip.deflated.reduce((sum, part) => sum + part.length, 0),
        );
      }
      reply.header('content-encoding', 'gzip');
      return reply.code(200).send(Buffer.concat(gzipSpliced(answer.gzip, visitor)));
    }
    const chunks: Buffer[] = [];
    answer.parts.forEach((part, index) => {
      if (index > 0) chunks.push(visitor);
      chunks.push(part);
    });
    return reply.code(200).send(Buffer.concat(chunks));
  }
}

/**
 * A visitor who takes brotli but not gzip, asking for a page that prints the crumb: the kept answer
 * has no brotli of such a page (its crumb cannot be spliced into one), and sending it uncompressed
 * would cost them more than a render from the memo and a compression cost here.
 */
function brotliOnly(request: FastifyRequest, answer: Answer): boolean {
  const accepted = request.headers['accept-encoding'];
  return (
    answer.parts.length > 1 &&
    encodingWeight(accepted, 'gzip') <= 0 &&
    encodingWeight(accepted, 'br') > 0 &&
    answer.parts.reduce((sum, part) => sum + part.length, 0) >= COMPRESS_MIN_BYTES
  );
}

function crumbTag(crumb: string): string {
  return createHash('sha256').update(crumb).digest('base64url').slice(0, 12);
}

declare module '../../app.js' {
  interface AppServices {
    /** Set by the pages plugin: whole answers kept and served (`page-answers.ts`). */
    pageAnswerStats?: () => PageAnswers['stats'];
  }
}

/** Installs the answers' hook on a plugin's routes (the pages plugin's). */
export function installPageAnswers(app: FastifyInstance, answers: PageAnswers): void {
  app.services.pageAnswerStats = () => answers.stats;
  app.addHook('onRequest', (request, reply, done) => {
    if (answers.serve(request, reply) === undefined) done();
  });
}
