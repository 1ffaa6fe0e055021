import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { RESPONSIVE_WIDTHS } from '@tessera/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './file-checks.js';
import { FailureCache, ResizeQueue, ResizeQueueFull, RESIZE_LIMITS, resizeStats } from './resize-guard.js';

/** Variants live beside the originals in a hidden folder that is never served directly. */
export const CACHE_DIR = '.cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ORIGINAL_MAX_AGE = 'public, max-age=86400';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};
const RESIZABLE = new Set(['.jpg', '.jpeg', '.png', '.webp']);

/** What `?format=` asks for: the original, or one of SPEC §9's widths ('500w'); anything else is refused. */
export function parseFormat(format: string | undefined): number | 'original' | undefined | null {
  if (format === undefined || format === '') return undefined;
  if (format === 'original') return 'original';
  const match = /^(\d{1,4})w$/.exec(format);
  const width = match ? Number(match[1]) : Number.NaN;
  return (RESPONSIVE_WIDTHS as readonly number[]).includes(width) ? width : null;
}

/**
 * `/files/*`: uploaded and generated files under `filesDir`. Images answer `?format=<width>w`
 * (only SPEC §9's widths 100w…2500w, so the cache stays bounded) with a copy resized by sharp,
 * made on first request and kept under `filesDir/.cache`; those answers are immutable. A width at
 * or above the original's gives the original's pixels re-encoded at most once.
 * Resizes are bounded (`resize-guard.ts`): two at a time, a short waiting line (then 503 with
 * Retry-After), sharp refuses inputs over `MAX_IMAGE_PIXELS`, and a failed resize is remembered so
 * the same broken or huge image is not decoded again; its requests get the original file.
 */
export default async function filesPlugin(app: FastifyInstance, options: { filesDir: string }): Promise<void> {
  const root = resolve(options.filesDir);
  mkdirSync(root, { recursive: true });
  const inFlight = new Map<string, Promise<void>>();
  const queue = new ResizeQueue();
  const failures = new FailureCache();

  function notFound(reply: FastifyReply) {
    return reply.code(404).send({ error: 'not-found', message: 'File not found.' });
  }

  app.get<{ Params: { '*': string }; Querystring: { format?: string } }>('/files/*', async (request, reply) => {
    let wanted: string;
    try {
      wanted = decodeURIComponent(request.params['*'] ?? '');
    } catch {
      return notFound(reply);
    }
    const file = resolve(root, wanted);
    const rel = relative(root, file);
    if (!rel || rel.startsWith('..') || rel.split(sep).some((part) => part.startsWith('.')) || wanted.includes('\0')) {
      return notFound(reply);
    }
    if (!existsSync(file) || !statSync(file).isFile()) return notFound(reply);
    const ext = extname(file).toLowerCase();
    const format = parseFormat(request.query.format);
    if (format === null) {
      return reply.code(400).send({
        error: 'bad-format',
        message: `Unknown image format. Use one of ${RESPONSIVE_WIDTHS.join('w, ')}w or original.`,
      });
    }
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    reply.header('x-content-type-options', 'nosniff');
    if (format === undefined || format === 'original' || !RESIZABLE.has(ext)) {
      reply.header('cache-control', format === undefined ? ORIGINAL_MAX_AGE : IMMUTABLE);
      return reply.type(type).send(createReadStream(file));
    }
    const variant = join(root, CACHE_DIR, rel, `${format}w${ext}`);
    const source = statSync(file);
    if (!existsSync(variant) || statSync(variant).mtimeMs < source.mtimeMs) {
      const failureKey = `${variant}|${source.size}|${source.mtimeMs}`;
      const sendOriginal = () => {
        reply.header('cache-control', ORIGINAL_MAX_AGE);
        return reply.type(type).send(createReadStream(file));
      };
      if (failures.has(failureKey)) return sendOriginal();
      let job = inFlight.get(variant);
      if (!job) {
        job = queue.run(() => makeVariant(file, variant, format)).finally(() => inFlight.delete(variant));
        inFlight.set(variant, job);
      }
      try {
        await job;
      } catch (error) {
        if (error instanceof ResizeQueueFull) {
          resizeStats.refusedBusy++;
          return reply
            .code(503)
            .header('retry-after', String(RESIZE_LIMITS.retryAfterSeconds))
            .header('cache-control', 'no-store')
            .send({
              error: 'busy',
              message: 'Too many pictures are being prepared right now. Please try again in a moment.',
            });
        }
        // Remembered once, by the request that ran the resize; the others shared its job.
        if (!failures.has(failureKey)) {
          failures.add(failureKey);
          resizeStats.failures++;
          request.log.warn({ err: error, file: rel }, 'could not resize an image');
        }
        return sendOriginal();
      }
    }
    reply.header('cache-control', IMMUTABLE);
    return reply.type(type).send(createReadStream(variant));
  });
}

async function makeVariant(source: string, target: string, width: number): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}${extname(target)}`;
  resizeStats.decodes++;
  try {
    await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFile(tmp);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  renameSync(tmp, target);
}
