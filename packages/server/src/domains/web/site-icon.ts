import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LruMap } from '../../platform/lru-map.js';

/** What the icons read of the file store (`platform/storage`'s `FileStorage` has both). */
export interface IconFiles {
  head(key: string): Promise<{ etag: string } | undefined>;
  read(key: string): Promise<Buffer | undefined>;
}

/** The files made from the owner's site icon, each a square PNG of this many pixels. */
export const ICON_FILES: Readonly<Record<string, number>> = Object.freeze({
  'favicon-32.png': 32,
  'favicon-48.png': 48,
  'apple-touch-icon.png': 180,
  'icon-192.png': 192,
  'icon-512.png': 512,
});

/** Pixels sharp may decode from an uploaded icon (as for other uploads). */
const MAX_ICON_INPUT_PIXELS = 40_000_000;
const CACHE_LIMIT = 64;

/** The uploaded file the owner chose (`website.siteIcon.url`, `/files/…`), or undefined. */
export function siteIconUrl(websiteSettings: Record<string, unknown>): string | undefined {
  const icon = websiteSettings.siteIcon as { url?: unknown } | null | undefined;
  const url = icon?.url;
  return typeof url === 'string' && /^\/files\/[A-Za-z0-9._~/-]+$/.test(url) && !url.includes('..') ? url : undefined;
}

/** A short version of the icon's address for `?v=`, so a new icon is fetched at once. */
export function iconVersion(url: string): string {
  return createHash('sha256').update(url).digest('base64url').slice(0, 10);
}

/** The file store's key behind `/files/…` (`/files/a/icon.png` → `a/icon.png`), or undefined for any other path. */
export function iconStorageKey(url: string): string | undefined {
  const key = url.slice('/files/'.length);
  // A plain relative key, as the store takes (its own `assertKey` checks the same again).
  const plain =
    key !== '' && !/[\0\\]/.test(key) && key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  return url.startsWith('/files/') && plain && !key.startsWith('.cache/') ? key : undefined;
}

/**
 * Square PNGs of the owner's icon, read through the file store (the disk, or the bucket every node
 * shares), made with sharp on first request and kept in memory by file, its version (ETag) and size
 * (a few KB each; at most `CACHE_LIMIT`).
 */
export class SiteIcons {
  /** Most recently used kept (issue 20). */
  private readonly made = new LruMap<string, Promise<Buffer>>(CACHE_LIMIT);

  constructor(private readonly storage?: IconFiles) {}

  /** The icon `key` at `size`; from `site`'s own files when given (kept apart from other sites' by its id). */
  async png(key: string, size: number, site?: { id: string; files: IconFiles }): Promise<Buffer | undefined> {
    const files = site?.files ?? this.storage;
    if (!files) return undefined;
    const info = await files.head(key);
    if (!info) return undefined;
    const cacheKey = `${site?.id ?? ''}\u0000${key}\u0000${info.etag}\u0000${size}`;
    let pending = this.made.get(cacheKey);
    if (!pending) {
      pending = files.read(key).then((source) => {
        if (!source) throw new Error(`the site icon ${key} vanished while it was read`);
        return sharp(source, { limitInputPixels: MAX_ICON_INPUT_PIXELS })
          .rotate()
          .resize({ width: size, height: size, fit: 'cover' })
          .png()
          .toBuffer();
      });
      this.made.set(cacheKey, pending);
      pending.catch(() => this.made.delete(cacheKey));
    }
    return pending;
  }
}

/** The web app manifest: the site's name, and its icon (or the theme's SVG mark) in the sizes browsers ask for. */
export function webManifest(input: {
  name: string;
  description: string;
  language: string;
  iconUrl?: string;
}): Record<string, unknown> {
  const version = input.iconUrl ? `?v=${iconVersion(input.iconUrl)}` : '';
  return {
    name: input.name,
    short_name: shortName(input.name),
    ...(input.description ? { description: input.description } : {}),
    lang: input.language,
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#faf8f4',
    theme_color: '#faf8f4',
    icons: input.iconUrl
      ? [
          { src: `/site-icon/icon-192.png${version}`, sizes: '192x192', type: 'image/png' },
          { src: `/site-icon/icon-512.png${version}`, sizes: '512x512', type: 'image/png' },
        ]
      : [{ src: '/theme/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}

/** A home-screen label of at most 12 characters: the name, else its leading words that fit. */
function shortName(name: string): string {
  if (name.length <= 12) return name;
  let out = '';
  for (const word of name.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > 12) break;
    out = next;
  }
  return out.replace(/[\s&+,.:;-]+$/, '') || name.slice(0, 12);
}
