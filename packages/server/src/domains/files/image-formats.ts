import type { Sharp } from 'sharp';

// Which encoding a resized image goes out in (issue 22): AVIF to browsers that say they read it,
// else WebP, else the upload's own type. Chosen by the request's `Accept` header, so the same
// address (`/files/a.jpg?format=500w`) serves each browser its smallest readable copy; answers
// carry `Vary: Accept` so shared caches keep one copy per kind.

/** Encodings made beside an upload's resized copies, best first. */
export const MODERN_IMAGE_TYPES = Object.freeze([
  { ext: '.avif', type: 'image/avif' },
  { ext: '.webp', type: 'image/webp' },
] as const);

export type ModernImageExt = (typeof MODERN_IMAGE_TYPES)[number]['ext'];

/** Media types an `Accept` header names with a quality above zero (wildcards are not a promise to read AVIF). */
export function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  if (!accept) return types;
  for (const part of accept.slice(0, 1000).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q !== undefined && !(Number(q) > 0)) continue;
    types.add(name.trim());
  }
  return types;
}

/**
 * The modern encoding to send for an upload with extension `sourceExt`, or undefined to keep the
 * upload's own type (the browser reads neither, or the upload already is that encoding).
 */
export function negotiateImageExt(accept: string | undefined, sourceExt: string): ModernImageExt | undefined {
  const accepted = acceptedTypes(accept);
  for (const candidate of MODERN_IMAGE_TYPES) {
    if (candidate.ext === sourceExt) return undefined;
    if (accepted.has(candidate.type)) return candidate.ext;
  }
  return undefined;
}

/**
 * Sets the encoder for `ext` on a sharp pipeline: modest AVIF effort keeps a first request of a
 * large picture to about a second on a small server; the result is cached on disk.
 */
export function encodeAs(pipeline: Sharp, ext: string): Sharp {
  if (ext === '.avif') return pipeline.avif({ quality: 50, effort: 2 });
  if (ext === '.webp') return pipeline.webp({ quality: 76 });
  return pipeline;
}
