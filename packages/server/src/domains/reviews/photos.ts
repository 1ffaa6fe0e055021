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
  tooManyFields: 'The review form was sent with more fields than it has. Please reload the page and try again.',
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
 * order; empty file inputs are skipped with their alt fields). Throws a 400 with a sentence for
 * the reviewer. Both ways of posting a review (the product page's form, with or without
 * JavaScript, and the mailed link's page) read their photos here.
 */
export async function photosOfBody(body: unknown): Promise<PhotoUpload[]> {
  const raw = (body ?? {}) as Record<string, unknown>;
  const alts = list(raw.photoAlt as unknown).map((alt) => (typeof alt === 'string' ? alt : ''));
  // Each file keeps the alt text sent in its place, also when an earlier file input was left empty.
  const chosen = list(raw.photos as unknown)
    .map((file, index) => ({ file, alt: alts[index] ?? '' }))
    .filter(({ file }) => !(Buffer.isBuffer(file) && file.length === 0));
  if (chosen.length > REVIEW_PHOTO_LIMITS.count) throw new AppError('unsupported-file', PHOTO_MESSAGES.tooMany);
  const photos: PhotoUpload[] = [];
  for (const [index, { file, alt: givenAlt }] of chosen.entries()) {
    const n = index + 1;
    if (!Buffer.isBuffer(file)) throw new AppError('unsupported-file', PHOTO_MESSAGES.notImage(n));
    if (file.length > REVIEW_PHOTO_LIMITS.maxBytes) throw new AppError('unsupported-file', PHOTO_MESSAGES.tooLarge);
    const type = sniffType(file.subarray(0, 64));
    const ext = type ? EXT[type] : undefined;
    if (!ext) throw new AppError('unsupported-file', PHOTO_MESSAGES.notImage(n));
    // Content against the extension it gets, and at most 40 megapixels, as for the owner's uploads;
    // a file that starts like a picture but does not decode is "not a picture" too.
    await checkStoredFile(file, `photo-${n}${ext}`).catch((error: unknown) => {
      const unreadable = error instanceof AppError && error.code === 'unsupported-file';
      throw unreadable ? new AppError('unsupported-file', PHOTO_MESSAGES.notImage(n)) : error;
    });
    const alt = givenAlt.replace(/\s+/g, ' ').trim().slice(0, REVIEW_PHOTO_LIMITS.altMax);
    photos.push({ bytes: file, alt });
  }
  return photos;
}

/** The multipart parser's own refusals (`@fastify/multipart` limits), in the reviewer's words. */
const PARSER_LIMITS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('file-too-large', PHOTO_MESSAGES.tooLarge),
  FST_FILES_LIMIT: () => new AppError('unsupported-file', PHOTO_MESSAGES.tooMany),
  FST_FIELDS_LIMIT: () => new AppError('invalid-body', PHOTO_MESSAGES.tooManyFields),
  FST_PARTS_LIMIT: () => new AppError('invalid-body', PHOTO_MESSAGES.tooManyFields),
};

/**
 * A review post's error as the reviewer should read it: a photo over the size limit, more files
 * than a review takes, or too many fields, as caught by the multipart parser before any handler
 * runs; undefined for every other error.
 */
export function photoUploadError(error: unknown): AppError | undefined {
  const code = error && typeof error === 'object' ? String((error as { code?: unknown }).code ?? '') : '';
  return PARSER_LIMITS[code]?.();
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
