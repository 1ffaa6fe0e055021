import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import sharp from 'sharp';

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

/** The file on disk behind `/files/…`, or undefined when it would leave the files folder. */
export function iconSourcePath(filesDir: string, url: string): string | undefined {
  const root = resolve(filesDir);
  const path = resolve(root, url.slice('/files/'.length));
  return path.startsWith(root + sep) ? path : undefined;
}

/**
 * Square PNGs of the owner's icon, made with sharp on first request and kept in memory by source
 * file, its modification time and size (a few KB each; at most `CACHE_LIMIT`).
 */
export class SiteIcons {
  private readonly made = new Map<string, Promise<Buffer>>();

  async png(sourcePath: string, size: number): Promise<Buffer | undefined> {
    let mtime: number;
    try {
      mtime = statSync(sourcePath).mtimeMs;
    } catch {
      return undefined;
    }
    const key = `${sourcePath}\u0000${mtime}\u0000${size}`;
    let pending = this.made.get(key);
    if (!pending) {
      pending = sharp(sourcePath, { limitInputPixels: MAX_ICON_INPUT_PIXELS })
        .rotate()
        .resize({ width: size, height: size, fit: 'cover' })
        .png()
        .toBuffer();
      this.made.set(key, pending);
      if (this.made.size > CACHE_LIMIT) this.made.delete(this.made.keys().next().value as string);
      pending.catch(() => this.made.delete(key));
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
