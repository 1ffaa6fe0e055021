import { extname, posix } from 'node:path';
import { RESPONSIVE_WIDTHS } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { contentTypeOf, type FileStorage, type StoredFileInfo } from '../../platform/storage/index.js';
import { MAX_IMAGE_PIXELS } from './file-checks.js';

/** The upload checks other domains reuse (review photos): allow-list and size, content by first bytes, pixels. */
import { encodeAs, negotiateImageExt } from './image-formats.js';
import { FailureCache, ResizeQueue, ResizeQueueFull, RESIZE_LIMITS, resizeStats } from './resize-guard.js';

/** Variants live beside the originals in a hidden folder (`.cache/<name>/500w.webp`) that is never served directly. */
export const CACHE_DIR = '.cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ORIGINAL_MAX_AGE = 'public, max-age=86400';

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
 * `/files/*`: uploaded and generated files in the file storage (`platform/storage/`: the files
 * folder, or an S3 bucket shared by every node). Images answer `?format=<width>w` (only SPEC §9's
 * widths 100w…2500w, so the cache stays bounded) with a copy resized by sharp, made on first
 * request and kept under the key `.cache/<name>/<width>w<ext>`; those answers are immutable. The
 * store is asked before a copy is made, so whichever node gets there first makes it and every node
 * reuses it; requests on one node share one resize. A width at
 * or above the original's gives the original's pixels re-encoded at most once.
 * Resizes are bounded (`resize-guard.ts`): two at a time, a short waiting line (then 503 with
 * Retry-After), sharp refuses inputs over `MAX_IMAGE_PIXELS`, and a failed resize is remembered so
 * the same broken or huge image is not decoded again; its requests get the original file.
 * A `?format=` answer is AVIF or WebP when the browser's `Accept` names it (`image-formats.ts`),
 * made once beside the other copies (`.cache/<name>/500w.avif`), and says `Vary: Accept`.
 * A copy older than its original (the original was written again) is made again.
 * Each site's files are its own (`platform/storage/site-files.ts`): the request's host picks the
 * site, and names (and the copies made of them) are looked up in that site's part of the storage.
 */
export default async function filesPlugin(
  app: FastifyInstance,
  options: { filesOf: (request: FastifyRequest) => Promise<{ siteId: string; storage: FileStorage } | undefined> },
): Promise<void> {
  const inFlight = new Map<string, Promise<void>>();
  const queue = new ResizeQueue();
  const failures = new FailureCache();
  /** A stored copy made from (or after) the original as it is now (to the second: S3 keeps whole seconds). */
  const fresh = (variant: StoredFileInfo | undefined, source: StoredFileInfo) =>
    variant !== undefined && variant.lastModified.getTime() >= Math.floor(source.lastModified.getTime() / 1000) * 1000;

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
    const rel = posix.relative('/', posix.resolve('/', wanted));
    if (!rel || rel.split('/').some((part) => part.startsWith('.')) || /[\0\\]/.test(wanted)) {
      return notFound(reply);
    }
    const site = await options.filesOf(request);
    if (!site) return notFound(reply);
    const { storage } = site;
    // A name the site's view refuses (the first site's view: the other sites' folder) is not found.
    const source = await storage.head(rel).catch((error: Error) => {
      if (error.message.startsWith('Not a storage key')) return undefined;
      throw error;
    });
    if (!source) return notFound(reply);
    const ext = extname(rel).toLowerCase();
    const format = parseFormat(request.query.format);
    if (format === null) {
      return reply.code(400).send({
        error: 'bad-format',
        message: `Unknown image format. Use one of ${RESPONSIVE_WIDTHS.join('w, ')}w or original.`,
      });
    }
    const type = contentTypeOf(rel);
    reply.header('x-content-type-options', 'nosniff');
    const negotiated = format !== undefined && RESIZABLE.has(ext);
    if (negotiated) reply.header('vary', 'Accept');
    const outExt = negotiated ? (negotiateImageExt(request.headers.accept, ext) ?? ext) : ext;
    const sendStored = async (key: string, cacheControl: string, as: string) => {
      const found = await storage.get(key);
      if (!found) return notFound(reply);
      reply.header('cache-control', cacheControl);
      return reply.type(as).send(found.body);
    };
    if (format === undefined || (format === 'original' && outExt === ext) || !RESIZABLE.has(ext)) {
      return sendStored(rel, format === undefined ? ORIGINAL_MAX_AGE : IMMUTABLE, type);
    }
    const variant = `${CACHE_DIR}/${rel}/${format === 'original' ? 'original' : `${format}w`}${outExt}`;
    if (!fresh(await storage.head(variant), source)) {
      const jobKey = `${site.siteId}|${variant}`;
      const failureKey = `${jobKey}|${source.size}|${source.etag}`;
      const sendOriginal = () => sendStored(rel, ORIGINAL_MAX_AGE, type);
      if (failures.has(failureKey)) return sendOriginal();
      let job = inFlight.get(jobKey);
      if (!job) {
        job = queue
          .run(async () => {
            // Another node may have made it while this request waited for a slot.
            if (fresh(await storage.head(variant), source)) return;
            await makeVariant(storage, rel, variant, format === 'original' ? undefined : format);
          })
          .finally(() => inFlight.delete(jobKey));
        inFlight.set(jobKey, job);
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
    return sendStored(variant, IMMUTABLE, contentTypeOf(variant));
  });
}

/** Stores the original `sourceKey` resized to `width` (undefined: its own size) under `target`, encoded as its extension says. */
async function makeVariant(storage: FileStorage, sourceKey: string, target: string, width: number | undefined) {
  const input = await storage.read(sourceKey);
  if (!input) throw new Error(`${sourceKey} is gone`);
  resizeStats.decodes++;
  const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  if (width !== undefined) pipeline.resize({ width, withoutEnlargement: true });
  const output = await encodeAs(pipeline, extname(target)).toBuffer();
  await storage.put(target, output, contentTypeOf(target));
}
