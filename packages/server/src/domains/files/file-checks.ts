import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { extname } from 'node:path';
import { checkUpload, EDITOR_MESSAGES, UPLOAD_TYPES } from '@tessera/core';
import sharp from 'sharp';
import { AppError } from '../../platform/errors/aliases.js';
import type { FileStorage } from '../../platform/storage/index.js';

// What the file manager checks before a file is stored under a name (an upload, or a rename): the
// name's extension is on the upload allow-list (`UPLOAD_TYPES` of @tessera/core), the content is
// of the type the extension says (by its first bytes), and an image has at most
// `MAX_IMAGE_PIXELS` pixels. Renames and deletes act on regular files only, never on folders.

/** The largest picture accepted (width × height), and the most sharp decodes (`limitInputPixels`). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_MEGAPIXELS_LABEL = '40 megapixels';

export const FILE_MESSAGES = Object.freeze({
  contentMismatch: (name: string, kind: string) =>
    `${name} does not match its contents (a ${kind} file). Keep the extension of the file's real type.`,
  unreadableImage: (name: string) => `${name} could not be read as an image.`,
  tooManyPixels: (name: string, width: number, height: number) =>
    `${name} is ${width} × ${height} pixels. Images may have at most ${MAX_IMAGE_MEGAPIXELS_LABEL}; make it smaller and upload it again.`,
  folderRename: (name: string) => `${name} is a folder. Only files can be renamed.`,
  folderDelete: (name: string) => `${name} is a folder. Only files can be deleted.`,
  notAFile: (name: string) => `${name} is not a regular file.`,
});

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** The type a file's first bytes show, for the types the allow-list knows; undefined for anything else (text). */
export function sniffType(head: Buffer): string | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(4, 8) === 'ftyp') return 'video/mp4';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && head.length > 1 && (head[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 5).toLowerCase() === '<?xml' || /^\s*<(svg|!doctype|html)/i.test(ascii(0, 64))) return 'text/markup';
  return undefined;
}

function readHead(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks a file (a path on disk, or its bytes) as it would be stored under `name`: the allow-list
 * and size (`checkUpload`), then its content against the extension. Throws a 4xx `AppError` with a
 * sentence for the owner; resolves when the file may be kept under that name.
 */
export async function checkStoredFile(path: string | Buffer, name: string): Promise<void> {
  const size = typeof path === 'string' ? lstatSync(path).size : path.length;
  const refused = checkUpload(name, size);
  if (refused) throw new AppError('unsupported-file', refused, { field: 'name' });
  const expected = UPLOAD_TYPES[extname(name).toLowerCase()];
  const actual = sniffType(typeof path === 'string' ? readHead(path) : path.subarray(0, 64));
  if (expected === 'text/plain') {
    // Text stays text: a picture, a document or markup is not served as text/plain.
    if (actual !== undefined)
      throw new AppError('unsupported-file', FILE_MESSAGES.contentMismatch(name, actual), { field: 'name' });
    return;
  }
  if (expected === 'audio/mpeg' && actual === undefined) return;
  if (actual !== expected) {
    throw new AppError('unsupported-file', FILE_MESSAGES.contentMismatch(name, actual ?? 'text or unknown'), {
      field: 'name',
    });
  }
  if (IMAGE_TYPES.has(expected)) await checkImagePixels(path, name);
}

/** Refuses an image over `MAX_IMAGE_PIXELS` (read from its header, without decoding it). */
export async function checkImagePixels(path: string | Buffer, name: string): Promise<void> {
  const meta = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw new AppError('unsupported-file', FILE_MESSAGES.unreadableImage(name));
  const height = meta.pageHeight && meta.pages ? meta.pageHeight * meta.pages : meta.height;
  if (meta.width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('image-too-large', FILE_MESSAGES.tooManyPixels(name, meta.width, height));
  }
}

/** Renames and deletes act on stored files only: a folder answers 400 with a sentence, nothing at all 404. */
export async function requireStoredFile(
  storage: FileStorage,
  name: string,
  action: 'rename' | 'delete',
): Promise<void> {
  if (await storage.head(name)) return;
  if (await storage.hasPrefix(`${name}/`)) {
    throw new AppError(
      'invalid-body',
      action === 'rename' ? FILE_MESSAGES.folderRename(name) : FILE_MESSAGES.folderDelete(name),
    );
  }
  throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
}

/** Drops the resized copies of `name` (kept under `.cache/<name>/`), so a later file of that name never gets them. */
export async function dropVariants(storage: FileStorage, cacheDir: string, name: string): Promise<void> {
  await storage.deletePrefix(`${cacheDir}/${name}/`);
}
