import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { EDITOR_LIMITS } from '@tessera/core';
import sharp from 'sharp';
import { checkStoredFile } from '../files/index.js';
import { guardedGet } from '../../platform/net/guarded-get.js';
import type { FileStorage } from '../../platform/storage/index.js';

// The pictures, sound and video files of a WordPress or Squarespace export (issue 19), brought into
// the site's file store when the owner asks (`--fetch-media`: downloaded from their addresses;
// `--media DIR`: read from a copy of the old site's `wp-content/uploads` folder). Only the export's
// own files are taken: addresses under `<site>/wp-content/uploads/`, and Squarespace's CDN
// (`https://images.squarespace-cdn.com/…`, `https://static1.squarespace.com/…`), in attachments,
// featured images, image, gallery, audio and video blocks and the posts' HTML. A picture must be a
// real one (read by sharp) of at most `MAX_MEDIA_BYTES`; a sound or video file must be a type the
// site's files take (MP3, MP4: checked by its first bytes as uploads are) within their size limit
// (`EDITOR_LIMITS.maxUploadBytes`). One copy per address (a Squarespace address without its
// `?format=` query: the original); posts and pages then point at the copy
// (`/files/wordpress/2024/08/tomatoes.jpg`, `/files/squarespace/3f2a…/studio.jpg`). Downloads go
// through the server's guarded client (no private addresses, no redirects, bounded time and size).
// What fails is listed and keeps its old address; a file too large for the site is a warning the
// owner can act on.

export const MAX_MEDIA_BYTES = 15 * 1024 * 1024;
export const MAX_MEDIA_FILES = 2000;
/** Hosts allowed on a private address for downloads (tests only), as for feeds and webhooks. */
export const IMPORT_ALLOW_HOSTS = 'TESSERA_IMPORT_ALLOW_HOSTS';
/** Squarespace's CDN: the hosts its exports' pictures and files live on (https only). */
export const SQUARESPACE_CDN_HOSTS: readonly string[] = Object.freeze([
  'images.squarespace-cdn.com',
  'static1.squarespace.com',
]);
const PICTURES = new Set(['jpeg', 'png', 'gif', 'webp', 'avif']);
const UPLOADS = '/wp-content/uploads/';
/** Sound and video files the site's files take (`UPLOAD_TYPES` of @tessera/core). */
const PLAYABLE = /\.(mp3|mp4)$/i;
/** Sound and video files they do not take: listed as not copied, never downloaded. */
const OTHER_PLAYABLE = /\.(m4a|m4v|aac|ogg|oga|ogv|wav|flac|mov|webm|avi|wmv|mkv)$/i;

export interface MediaSource {
  storage: FileStorage;
  /** Download from the files' addresses. */
  fetch?: boolean;
  /** Or read them from this folder (a copy of `wp-content/uploads`). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Tests only: hosts (`127.0.0.1:5123`) that stand in for Squarespace's CDN, so a local server can
   * play it. Neither the command nor the editor sets it; downloads from them still go through the
   * guard (a private address needs `TESSERA_IMPORT_ALLOW_HOSTS` as well).
   */
  cdnHosts?: readonly string[];
}

export interface MediaOutcome {
  /** Old address → the copy's address (`/files/…`). */
  moved: Map<string, string>;
  failed: { url: string; reason: string }[];
  /** Files too large for the site's files: they keep their old address (wordpress-import.ts says where). */
  tooLarge: { url: string; limitBytes: number }[];
  /** Keys this run created (removed again when the import fails). */
  written: string[];
}

type Origin = 'upload' | 'cdn';

/** Where an address comes from: the export's own uploads, Squarespace's CDN, or neither (left alone). */
export function originOf(url: string, source: string, cdnHosts: readonly string[] = []): Origin | undefined {
  try {
    const target = new URL(url);
    if (target.username || target.password || target.pathname.length < 2) return undefined;
    const cdn =
      (target.protocol === 'https:' && !target.port && SQUARESPACE_CDN_HOSTS.includes(target.hostname)) ||
      ((target.protocol === 'https:' || target.protocol === 'http:') && cdnHosts.includes(target.host));
    if (cdn) return 'cdn';
    const base = URL.canParse(source) ? new URL(source) : undefined;
    return base && target.host === base.host && target.pathname.startsWith(UPLOADS) && !target.search
      ? 'upload'
      : undefined;
  } catch {
    return undefined;
  }
}

/** The export's own picture addresses in `html` (`<img src>`), in order, once each. */
export function uploadAddresses(html: string, source: string, cdnHosts?: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
    const url = (match[1] as string).replaceAll('&amp;', '&');
    if (originOf(url, source, cdnHosts) && !found.includes(url)) found.push(url);
  }
  return found;
}

/** The export's own sound and video addresses in `html` (`src` and `href` of players, sources and links). */
export function playableAddresses(html: string, source: string, cdnHosts?: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\s(?:src|href)="([^"]+)"/gi)) {
    const url = (match[1] as string).replaceAll('&amp;', '&');
    if (isPlayable(url) && originOf(url, source, cdnHosts) && !found.includes(url)) found.push(url);
  }
  return found;
}

function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** A sound or video file by its address (any type; only MP3 and MP4 are copied). */
export function isPlayable(url: string): boolean {
  const path = pathnameOf(url);
  return PLAYABLE.test(path) || OTHER_PLAYABLE.test(path);
}

/** The path under `wp-content/uploads/`, decoded; undefined when it does not decode. */
function uploadPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(UPLOADS.length));
  } catch {
    return undefined;
  }
}

const EXTENSION = /\.(jpe?g|png|gif|webp|avif|mp3|mp4)$/i;

/**
 * The store key of a file: `wordpress/<path under uploads>` (a hashed name when the path is
 * unusual); a CDN file `squarespace/<hash of its address without query>/<its name>`.
 */
export function mediaKey(url: string, origin: Origin = 'upload'): string {
  if (origin === 'cdn') {
    const plain = url.replace(/[?#].*$/, '');
    const hash = createHash('sha256').update(plain).digest('hex').slice(0, 16);
    let name = '';
    try {
      name = decodeURIComponent(plain.slice(plain.lastIndexOf('/') + 1));
    } catch {
      // an undecodable name: the hashed one below
    }
    const ext = EXTENSION.exec(name)?.[0].toLowerCase() ?? '';
    const safe = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(name) && !name.includes('..') ? name : `file${ext}`;
    return `squarespace/${hash}/${safe}`;
  }
  const path = uploadPath(url) ?? '';
  const parts = path.split('/');
  const plain = parts.every((part) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(part) && !part.includes('..'));
  if (plain && parts.length <= 4) return `wordpress/${parts.join('/')}`;
  const ext = EXTENSION.exec(path)?.[0].toLowerCase() ?? '';
  return `wordpress/${createHash('sha256').update(url).digest('hex').slice(0, 24)}${ext}`;
}

const TOO_LARGE = Symbol('too large');

async function bytesOf(
  url: string,
  origin: Origin,
  source: Pick<MediaSource, 'dir' | 'env'>,
  limit: number,
  accept: string,
): Promise<Buffer | string | typeof TOO_LARGE> {
  if (source.dir) {
    if (origin !== 'upload') return "on Squarespace's CDN: copied only when downloading (--fetch-media)";
    const root = await realpath(source.dir).catch(() => undefined);
    if (!root) return `the folder ${source.dir} cannot be read`;
    const relative = uploadPath(url);
    if (!relative) return 'not an upload address';
    const file = await realpath(join(root, relative)).catch(() => undefined);
    if (!file?.startsWith(root + sep)) return 'not in the media folder';
    const info = await stat(file);
    if (!info.isFile()) return 'not a file';
    if (info.size > limit) return TOO_LARGE;
    return readFile(file);
  }
  // Squarespace serves the original without its `?format=` query.
  const answer = await guardedGet(origin === 'cdn' ? url.replace(/[?#].*$/, '') : url, {
    timeoutMs: 15_000,
    maxBytes: limit,
    accept,
    allowVariable: IMPORT_ALLOW_HOSTS,
    env: source.env,
    userAgent: 'Tessera-Import/1',
  });
  if (answer.ok) return answer.bytes;
  return answer.error === `larger than ${limit} bytes` ? TOO_LARGE : answer.error;
}

/** Why a file's bytes cannot be kept, or undefined when they can. */
async function refusal(bytes: Buffer, key: string): Promise<string | undefined> {
  if (PLAYABLE.test(key)) {
    try {
      await checkStoredFile(bytes, key.slice(key.lastIndexOf('/') + 1));
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
  const format = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .metadata()
    .then((meta) => meta.format as string | undefined)
    .catch(() => undefined);
  return format && PICTURES.has(format) ? undefined : 'not a picture (JPEG, PNG, GIF, WebP or AVIF)';
}

export interface DownloadedPicture {
  bytes: Buffer;
  /** sharp's name of its format: jpeg, png, gif, webp or avif. */
  format: string;
  width: number;
  height: number;
}

/**
 * One picture downloaded as the export's are (the guarded client, at most `MAX_MEDIA_BYTES`, read
 * by sharp as a JPEG, PNG, GIF, WebP or AVIF): the product CSV import's (product-images.ts).
 */
export async function downloadPicture(url: string, env?: NodeJS.ProcessEnv): Promise<DownloadedPicture | string> {
  const bytes = await bytesOf(url, 'upload', { env }, MAX_MEDIA_BYTES, 'image/*');
  if (bytes === TOO_LARGE) return `larger than the ${MAX_MEDIA_BYTES / 1024 / 1024} MB a picture may have`;
  if (typeof bytes === 'string') return bytes;
  const meta = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !PICTURES.has(meta.format) || !meta.width || !meta.height)
    return 'not a picture (JPEG, PNG, GIF, WebP or AVIF)';
  return { bytes, format: meta.format, width: meta.width, height: meta.height };
}

/** Copies the export's pictures, sound and video files into the store; answers what moved and what did not. */
export async function bringMedia(
  urls: readonly string[],
  source: MediaSource,
  exportSource = '',
  /** Hears how many of `urls` are dealt with, before each and after the last. */
  onFile?: (done: number) => void,
): Promise<MediaOutcome> {
  const outcome: MediaOutcome = { moved: new Map(), failed: [], tooLarge: [], written: [] };
  /** Store key → the copy's address, for addresses that differ only in their query. */
  const byKey = new Map<string, string>();
  for (const [index, url] of urls.slice(0, MAX_MEDIA_FILES).entries()) {
    onFile?.(index);
    if (outcome.moved.has(url)) continue;
    const origin = originOf(url, exportSource, source.cdnHosts) ?? 'upload';
    const playable = isPlayable(url);
    if (playable && !PLAYABLE.test(pathnameOf(url))) {
      outcome.failed.push({ url, reason: 'the site keeps sound and video as MP3 and MP4 files only' });
      continue;
    }
    const key = mediaKey(url, origin);
    const known = byKey.get(key);
    if (known) {
      outcome.moved.set(url, known);
      continue;
    }
    const limit = playable ? EDITOR_LIMITS.maxUploadBytes : MAX_MEDIA_BYTES;
    const bytes = await bytesOf(url, origin, source, limit, playable ? 'audio/*, video/*' : 'image/*');
    if (bytes === TOO_LARGE) {
      outcome.tooLarge.push({ url, limitBytes: limit });
      continue;
    }
    if (typeof bytes === 'string') {
      outcome.failed.push({ url, reason: bytes });
      continue;
    }
    const refused = await refusal(bytes, key);
    if (refused) {
      outcome.failed.push({ url, reason: refused });
      continue;
    }
    const before = await source.storage.head(key);
    if (before?.size !== bytes.length) {
      await source.storage.put(key, bytes);
      if (!before) outcome.written.push(key);
    }
    byKey.set(key, `/files/${key}`);
    outcome.moved.set(url, `/files/${key}`);
  }
  for (const url of urls.slice(MAX_MEDIA_FILES))
    outcome.failed.push({ url, reason: `more than ${MAX_MEDIA_FILES} files in one import` });
  onFile?.(urls.length);
  return outcome;
}

/** `html` with each moved file's old address replaced by its copy's. */
export function withMovedMedia(html: string, moved: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [from, to] of moved) {
    out = out.replaceAll(`"${from}"`, `"${to}"`).replaceAll(`"${from.replaceAll('&', '&amp;')}"`, `"${to}"`);
  }
  return out;
}
