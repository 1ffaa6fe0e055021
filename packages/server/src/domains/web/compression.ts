import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Answers shorter than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** Text formats worth compressing: HTML, JSON, XML (sitemaps, feeds), CSS, JavaScript, SVG, plain text. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Brotli quality 5 and gzip level 6: most of the gain for a small share of the CPU of the maximum. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * The encoding to use for an `Accept-Encoding` header: brotli when the client takes it, else gzip,
 * else none. `q=0` refuses an encoding; `*` stands for the ones not named.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const br = encodingWeight(header, 'br');
  const gz = encodingWeight(header, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/** The weight (`q`) an `Accept-Encoding` header gives `encoding`: 0 when refused or not named. */
export function encodingWeight(header: string | undefined, encoding: Encoding): number {
  if (!header) return 0;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  return weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
}

/** Adds `Accept-Encoding` to the answer's `Vary` once. */
export function varyAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(text)) return;
  reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/** `Accept-Encoding` headers set aside by `guardPrecompressedFreshness`, by request. */
const setAside = new WeakMap<object, string | undefined>();

function isStream(payload: unknown): payload is Readable {
  return payload !== null && typeof payload === 'object' && typeof (payload as Readable).pipe === 'function';
}

/**
 * Compresses answers on their way out (an `onSend` hook for the whole app): HTML, JSON, XML, CSS,
 * JavaScript and SVG, as strings, buffers or streams, with brotli or gzip by `Accept-Encoding`.
 * Left alone: answers that already carry a `Content-Encoding` (precompressed static files), bodiless
 * statuses (204, 304) and HEAD, small answers, and any answer marked `Cache-Control: no-transform`.
 * Every compressible answer says `Vary: Accept-Encoding`, compressed or not.
 */
export function installCompression(app: FastifyInstance): void {
  // Callback style and synchronous on purpose: handlers that `reply.send()` without returning the
  // reply would otherwise be sent a second time (empty) while an asynchronous compression ran.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    try {
      done(null, compressPayload(request, reply, payload));
    } catch (error) {
      done(error as Error);
    }
  });
}

function compressPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (payload === null || payload === undefined) return payload;
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode < 200) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!isCompressible(type)) return payload;
  if (/no-transform/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
  varyAcceptEncoding(reply);
  if (request.method === 'HEAD') return payload;
  const encoding = negotiateEncoding(
    setAside.has(request.raw) ? setAside.get(request.raw) : request.headers['accept-encoding'],
  );
  if (!encoding) return payload;

  if (isStream(payload)) {
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const zip = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
    payload.on('error', (error) => zip.destroy(error));
    return payload.pipe(zip);
  }
  const bytes =
    typeof payload === 'string'
      ? Buffer.from(payload)
      : Buffer.isBuffer(payload)
        ? payload
        : payload instanceof Uint8Array
          ? Buffer.from(payload)
          : undefined;
  if (bytes === undefined || bytes.length < COMPRESS_MIN_BYTES) return payload;
  const compressed = encoding === 'br' ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes, GZIP_OPTIONS);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

/** File endings the build precompresses (`scripts/precompress.mjs`); woff2 and images are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.html',
  '.txt',
  '.map',
  '.ttf',
  '.otf',
];

/**
 * For a static folder whose `.br`/`.gz` siblings are written by the build but whose sources can be
 * edited in place (the theme's assets): a request for a file whose compressed sibling is older
 * than the file itself is served uncompressed by the static handler (its `Accept-Encoding` is set
 * aside), and `installCompression` compresses the fresh bytes instead, so an edit never serves a
 * stale stylesheet.
 */
export function guardPrecompressedFreshness(app: FastifyInstance, prefix: string, root: string): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(prefix)) return;
    let relative: string;
    try {
      relative = decodeURIComponent(path.slice(prefix.length));
    } catch {
      return;
    }
    if (relative.includes('..') || relative.includes('\0')) return;
    const source = join(root, relative);
    const sourceTime = mtimeOf(source);
    if (sourceTime === undefined) return;
    const stale = ['.br', '.gz'].some((suffix) => {
      const time = mtimeOf(source + suffix);
      return time !== undefined && time < sourceTime;
    });
    if (stale) {
      setAside.set(request.raw, request.headers['accept-encoding']);
      request.headers['accept-encoding'] = 'identity';
    }
  });
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
