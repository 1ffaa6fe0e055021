import type { Readable } from 'node:stream';

// Where uploaded and generated files are kept (issue 18): the local disk by default, or an
// S3-compatible bucket shared by every node. Keys are relative paths with `/` separators
// (`logo.png`, `products/mug.jpg`, `.cache/logo.png/500w.webp`); the same key names the same file
// in every implementation, so a disk folder can be copied into a bucket as it is.

/** What a store knows about one stored file. */
export interface StoredFileInfo {
  size: number;
  /** The type it was stored with (disk: from the extension). */
  contentType: string;
  lastModified: Date;
  /** Changes whenever the content is written again (S3: the object's ETag; disk: size and mtime). */
  etag: string;
}

/** One file directly under a listed prefix. */
export interface StoredFileEntry {
  key: string;
  size: number;
  lastModified: Date;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores `body` under `key`, replacing what was there; readers never see a half-written file. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** The file as a stream with its details, or undefined when there is none. */
  get(key: string): Promise<{ info: StoredFileInfo; body: Readable } | undefined>;
  /** The whole file in memory, or undefined. */
  read(key: string): Promise<Buffer | undefined>;
  head(key: string): Promise<StoredFileInfo | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Moves a file to another key (S3: copy, then delete). */
  move(from: string, to: string): Promise<void>;
  /** The files directly under `prefix` ('' or ending with `/`), not those in deeper folders. */
  list(prefix: string): Promise<StoredFileEntry[]>;
  /** The folders directly under `prefix` ('' or ending with `/`), each as `<prefix><name>/`, sorted. */
  folders(prefix: string): Promise<string[]>;
  /** Whether any file's key starts with `prefix` (a "folder"). */
  hasPrefix(prefix: string): Promise<boolean>;
  /** Throws when the store cannot be written to or reached (readiness probe). */
  check(): Promise<void>;
}

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

/** The media type a stored file is served with, from its extension (octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Throws unless `key` is a plain relative path: no empty, `.` or `..` segment, no backslash or NUL. */
export function assertKey(key: string, allowPrefix = false): void {
  const trimmed = allowPrefix && key.endsWith('/') ? key.slice(0, -1) : key;
  if (allowPrefix && trimmed === '') return;
  const bad =
    trimmed === '' ||
    /[\0\\]/.test(trimmed) ||
    trimmed.split('/').some((part) => part === '' || part === '.' || part === '..');
  if (bad) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
