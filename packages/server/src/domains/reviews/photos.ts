import type { FileStorage } from '../../platform/storage/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { newId } from '../../platform/ids.js';
import { checkStoredFile, sniffType } from '../files/index.js';

// Photos of a review: at most `REVIEW_PHOTO_LIMITS.count` pictures (JPEG, PNG, WebP or GIF by their
// first bytes, whatever their name says), each at most `maxBytes`, checked like the file manager's
// uploads (`domains/files`), stored under `review-photos/<folder>/` and removed with the review.

export const REVIEW_PHOTO_LIMITS = Object.freeze({
  count: 4,
  maxBytes: 5 * 1024 * 1024,
  maxLabel: '5 MB',
  altMax: 200,
});
export const PHOTO_PREFIX = 'review-photos';

export const PHOTO_MESSAGES = Object.freeze({
  tooMany: `You can add at most ${REVIEW_PHOTO_LIMITS.count} photos to a review.`,
  notImage: (n: number) => `Photo ${n} is not a picture. Add JPEG, PNG, WebP or GIF photos only.`,
  tooLarge: `Each photo can be at most ${REVIEW_PHOTO_LIMITS.maxLabel}.`,
});

const EXT: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
};

export interface ReviewPhoto {
  key: string;
  alt: string;
}

export interface PhotoUpload {
  bytes: Buffer;
  alt: string;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The photos of a multipart review post (`photos` file fields, `photoAlt` text fields in the same
 * order; empty file inputs are skipped). Throws a 400 with a sentence for the reviewer.
 */
export async function photosOfBody(body: unknown): Promise<PhotoUpload[]> {
  const raw = (body ?? {}) as Record<string, unknown>;
  const files = list(raw.photos as unknown).filter((file) => !(Buffer.isBuffer(file) && file.length === 0));
  const alts = list(raw.photoAlt as unknown).map((alt) => (typeof alt === 'string' ? alt : ''));
  if (files.length > REVIEW_PHOTO_LIMITS.count) throw new AppError('unsupported-file', PHOTO_MESSAGES.tooMany);
  const photos: PhotoUpload[] = [];
  for (const [index, file] of files.entries()) {
    const n = index + 1;
    if (!Buffer.isBuffer(file)) throw new AppError('unsupported-file', PHOTO_MESSAGES.notImage(n));
    if (file.length > REVIEW_PHOTO_LIMITS.maxBytes) throw new AppError('unsupported-file', PHOTO_MESSAGES.tooLarge);
    const type = sniffType(file.subarray(0, 64));
    const ext = type ? EXT[type] : undefined;
    if (!ext) throw new AppError('unsupported-file', PHOTO_MESSAGES.notImage(n));
    // Content against the extension it gets, and at most 40 megapixels, as for the owner's uploads.
    await checkStoredFile(file, `photo-${n}${ext}`);
    const alt = (alts[index] ?? '').replace(/\s+/g, ' ').trim().slice(0, REVIEW_PHOTO_LIMITS.altMax);
    photos.push({ bytes: file, alt });
  }
  return photos;
}

/** Stores checked photos in a new folder; their keys and alt texts (`fallbackAlt(n)` when none was given). */
export async function storePhotos(
  storage: FileStorage,
  photos: PhotoUpload[],
  fallbackAlt: (n: number) => string,
): Promise<ReviewPhoto[]> {
  if (photos.length === 0) return [];
  const folder = `${PHOTO_PREFIX}/${newId()}`;
  const stored: ReviewPhoto[] = [];
  for (const [index, photo] of photos.entries()) {
    const ext = EXT[sniffType(photo.bytes.subarray(0, 64)) ?? ''] ?? '.jpg';
    const key = `${folder}/${index + 1}${ext}`;
    await storage.put(key, photo.bytes);
    stored.push({ key, alt: photo.alt || fallbackAlt(index + 1) });
  }
  return stored;
}

/** Removes stored photos (and their resized copies, kept under `.cache/<key>/`). */
export async function removePhotos(storage: FileStorage, photos: ReviewPhoto[]): Promise<void> {
  for (const photo of photos) {
    if (!photo.key.startsWith(`${PHOTO_PREFIX}/`)) continue;
    await storage.delete(photo.key);
    await storage.deletePrefix(`.cache/${photo.key}/`);
  }
}

export function parsePhotos(json: string | null | undefined): ReviewPhoto[] {
  try {
    const value = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((p): p is ReviewPhoto => typeof p?.key === 'string' && typeof p?.alt === 'string')
      : [];
  } catch {
    return [];
  }
}

export const photoUrl = (key: string) => `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
