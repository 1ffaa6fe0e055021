import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import sharp from 'sharp';
import { guardedGet } from '../../platform/net/guarded-get.js';
import type { FileStorage } from '../../platform/storage/index.js';

// The pictures of a WordPress export (issue 19), brought into the site's file store when the owner
// asks (`--fetch-media`: downloaded from their addresses; `--media DIR`: read from a copy of the old
// site's `wp-content/uploads` folder). Only the export's own uploads are taken (addresses under
// `<site>/wp-content/uploads/`, in attachments and in `<img>` of posts and pages); each must be a
// real picture (read by sharp) of at most `MAX_MEDIA_BYTES`; posts and pages then point at the
// copy (`/files/wordpress/2024/08/tomatoes.jpg`). Downloads go through the server's guarded client
// (no private addresses, no redirects, bounded time and size). What fails is listed and keeps its
// old address.

export const MAX_MEDIA_BYTES = 15 * 1024 * 1024;
export const MAX_MEDIA_FILES = 2000;
/** Hosts allowed on a private address for downloads (tests only), as for feeds and webhooks. */
export const IMPORT_ALLOW_HOSTS = 'TESSERA_IMPORT_ALLOW_HOSTS';
const PICTURES = new Set(['jpeg', 'png', 'gif', 'webp', 'avif']);
const UPLOADS = '/wp-content/uploads/';

export interface MediaSource {
  storage: FileStorage;
  /** Download from the pictures' addresses. */
  fetch?: boolean;
  /** Or read them from this folder (a copy of `wp-content/uploads`). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface MediaOutcome {
  /** Old address → the copy's address (`/files/…`). */
  moved: Map<string, string>;
  failed: { url: string; reason: string }[];
  /** Keys this run created (removed again when the import fails). */
  written: string[];
}

/** The export's own upload addresses in `html` (`<img src>`), in order, once each. */
export function uploadAddresses(html: string, source: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
    const url = (match[1] as string).replaceAll('&amp;', '&');
    if (isUpload(url, source) && !found.includes(url)) found.push(url);
  }
  return found;
}

function isUpload(url: string, source: string): boolean {
  try {
    const target = new URL(url);
    const base = new URL(source);
    return target.host === base.host && target.pathname.startsWith(UPLOADS) && !target.search;
  } catch {
    return false;
  }
}

/** The path under `wp-content/uploads/`, decoded; undefined when it does not decode. */
function uploadPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(UPLOADS.length));
  } catch {
    return undefined;
  }
}

/** The store key of an upload: `wordpress/<path under uploads>`, or a hashed name when the path is unusual. */
export function mediaKey(url: string): string {
  const path = uploadPath(url) ?? '';
  const parts = path.split('/');
  const plain = parts.every((part) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(part) && !part.includes('..'));
  if (plain && parts.length <= 4) return `wordpress/${parts.join('/')}`;
  const ext = /\.(jpe?g|png|gif|webp|avif)$/i.exec(path)?.[0].toLowerCase() ?? '';
  return `wordpress/${createHash('sha256').update(url).digest('hex').slice(0, 24)}${ext}`;
}

async function bytesOf(url: string, source: MediaSource): Promise<Buffer | string> {
  if (source.dir) {
    const root = await realpath(source.dir).catch(() => undefined);
    if (!root) return `the folder ${source.dir} cannot be read`;
    const relative = uploadPath(url);
    if (!relative) return 'not an upload address';
    const file = await realpath(join(root, relative)).catch(() => undefined);
    if (!file?.startsWith(root + sep)) return 'not in the media folder';
    const info = await stat(file);
    if (!info.isFile()) return 'not a file';
    if (info.size > MAX_MEDIA_BYTES) return `larger than ${MAX_MEDIA_BYTES} bytes`;
    return readFile(file);
  }
  const answer = await guardedGet(url, {
    timeoutMs: 15_000,
    maxBytes: MAX_MEDIA_BYTES,
    accept: 'image/*',
    allowVariable: IMPORT_ALLOW_HOSTS,
    env: source.env,
    userAgent: 'Tessera-Import/1',
  });
  return answer.ok ? answer.bytes : answer.error;
}

/** Copies the export's pictures into the store; answers what moved and what did not. */
export async function bringMedia(urls: readonly string[], source: MediaSource): Promise<MediaOutcome> {
  const outcome: MediaOutcome = { moved: new Map(), failed: [], written: [] };
  for (const url of urls.slice(0, MAX_MEDIA_FILES)) {
    if (outcome.moved.has(url)) continue;
    const key = mediaKey(url);
    const bytes = await bytesOf(url, source);
    if (typeof bytes === 'string') {
      outcome.failed.push({ url, reason: bytes });
      continue;
    }
    const format = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .metadata()
      .then((meta) => meta.format as string | undefined)
      .catch(() => undefined);
    if (!format || !PICTURES.has(format)) {
      outcome.failed.push({ url, reason: 'not a picture (JPEG, PNG, GIF, WebP or AVIF)' });
      continue;
    }
    const before = await source.storage.head(key);
    if (before?.size !== bytes.length) {
      await source.storage.put(key, bytes);
      if (!before) outcome.written.push(key);
    }
    outcome.moved.set(url, `/files/${key}`);
  }
  for (const url of urls.slice(MAX_MEDIA_FILES))
    outcome.failed.push({ url, reason: `more than ${MAX_MEDIA_FILES} pictures in one import` });
  return outcome;
}

/** `html` with each moved picture's old address replaced by its copy's. */
export function withMovedMedia(html: string, moved: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [from, to] of moved) {
    out = out.replaceAll(`"${from}"`, `"${to}"`).replaceAll(`"${from.replaceAll('&', '&amp;')}"`, `"${to}"`);
  }
  return out;
}
