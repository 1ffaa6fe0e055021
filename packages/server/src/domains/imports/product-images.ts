import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import sharp from 'sharp';
import { RecordType } from '@tessera/core';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/index.js';
import type { DraftImage, ProductDraft } from './product-csv.js';
import { downloadPicture } from './wordpress-media.js';

// The pictures a product CSV names by address (issue 19): Shopify's `Image Src` rows (with their
// alt text and position) and `Variant Image`, Squarespace's `Hosted Image URLs`. With media copying
// on, each address is downloaded once per import as the WordPress import's pictures are
// (wordpress-media.ts: the guarded client, no private addresses unless allowed for tests, at most
// 15 MB, read by sharp as a real picture) and kept in the site's own files under
// `imports/products/<hash of the address>-<name>.<its real format>`. What cannot be fetched is a warning
// with the line that names it; the product is imported without that picture. A picture already in the
// site's files, named by the site's own public address, is used where it is.

/** The most pictures one product keeps (the editor's limit, product-input.ts). */
export const MAX_IMAGES_PER_PRODUCT = 50;
/** The most distinct picture addresses one import downloads. */
export const MAX_IMPORT_IMAGES = 10_000;

export interface ProductImageSource {
  /** The site's own files (`app.siteFiles(siteId)`). */
  storage: FileStorage;
  /** Tests: `TESSERA_IMPORT_ALLOW_HOSTS` for a local server playing the old shop. */
  env?: NodeJS.ProcessEnv;
  /**
   * The importing site's public address (`publicBaseUrl`, never a request's Host). A picture at
   * `<it>/files/<key>` whose key is a picture in `storage` is that file: kept, not downloaded
   * again (a site's own export imported back into it).
   */
  ownBaseUrl?: string;
}

/** A picture that is not imported: the line naming it, its address and why. */
export interface ImageProblem {
  line: number;
  url: string;
  reason: string;
}

/** An item's image as the product editor stores it (catalogue/owner-routes.ts). */
export interface ImageAsset {
  id: string;
  recordType: number;
  assetUrl: string;
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
  altText: string;
  title: string;
  body: null;
  filename: string;
}

export interface FetchedImages {
  /** Address → its copy (`/files/products/…`) and pixel size. */
  copies: Map<string, { assetUrl: string; originalSize: string }>;
  failed: ImageProblem[];
  /** Keys this run created (removed again when the import fails). */
  written: string[];
}

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif' };

/** Why an address is never fetched, whatever its server would answer; undefined when it may be. */
export function addressProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return 'not a web address';
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'not an http(s) address';
  if (target.username || target.password) return 'an address with a user name or password';
  return undefined;
}

/** The store key of a picture: its address hashed, its name kept when plain, its real format's extension. */
export function productImageKey(url: string, format: string): string {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 16);
  let name = '';
  try {
    name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    // an undecodable name: the plain one below
  }
  const stem = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `imports/products/${hash}-${stem || 'image'}.${EXTENSIONS[format] ?? 'img'}`;
}

/** The site's own copy of a picture at its public address (`/files/…` in its files), or undefined. */
async function ownPicture(url: string, source: ProductImageSource) {
  if (!source.ownBaseUrl || !URL.canParse(source.ownBaseUrl)) return undefined;
  const base = new URL(source.ownBaseUrl);
  const target = new URL(url);
  const files = `${base.pathname.replace(/\/+$/, '')}/files/`;
  if (target.origin !== base.origin || !target.pathname.startsWith(files)) return undefined;
  const path = target.pathname.slice(files.length);
  let key: string;
  try {
    key = posix.normalize(decodeURIComponent(path));
  } catch {
    return undefined;
  }
  if (key === '..' || key.startsWith('../') || key.startsWith('/')) return undefined;
  // No picture of this site under that key (another site's, gone, not a picture): fetched as any address.
  const bytes = await source.storage.read(key).catch(() => undefined);
  const meta = bytes
    ? await sharp(bytes)
        .metadata()
        .catch(() => undefined)
    : undefined;
  if (!meta?.width || !meta.height) return undefined;
  return { assetUrl: `/files/${path}`, originalSize: `${meta.width}x${meta.height}` };
}

/** A product's pictures to fetch (at most `MAX_IMAGES_PER_PRODUCT`) and those left out. */
export function imagesOf(draft: ProductDraft): { wanted: DraftImage[]; problems: ImageProblem[] } {
  const problems: ImageProblem[] = [];
  const wanted: DraftImage[] = [];
  for (const [index, image] of draft.images.entries()) {
    const problem =
      addressProblem(image.url) ??
      (index >= MAX_IMAGES_PER_PRODUCT ? `a product keeps at most ${MAX_IMAGES_PER_PRODUCT} pictures` : undefined);
    if (problem) problems.push({ line: image.line, url: image.url, reason: problem });
    else wanted.push(image);
  }
  return { wanted, problems };
}

/**
 * Downloads the products' pictures into the site's files, each address once. `onFile` hears how
 * many of the distinct addresses are dealt with, before each and after the last.
 */
export async function fetchProductImages(
  drafts: readonly ProductDraft[],
  source: ProductImageSource,
  onFile?: (done: number, total: number) => void,
): Promise<FetchedImages> {
  const outcome: FetchedImages = { copies: new Map(), failed: [], written: [] };
  const reasons = new Map<string, string>();
  const addresses = new Set<string>();
  const mentions: DraftImage[] = [];
  for (const draft of drafts) {
    const { wanted, problems } = imagesOf(draft);
    outcome.failed.push(...problems);
    mentions.push(...wanted);
    for (const image of wanted) addresses.add(image.url);
  }
  const all = [...addresses];
  for (const url of all.slice(MAX_IMPORT_IMAGES))
    reasons.set(url, `more than ${MAX_IMPORT_IMAGES} picture addresses in one import`);
  const fetched = all.slice(0, MAX_IMPORT_IMAGES);
  for (const [index, url] of fetched.entries()) {
    onFile?.(index, fetched.length);
    const own = await ownPicture(url, source);
    if (own) {
      outcome.copies.set(url, own);
      continue;
    }
    const picture = await downloadPicture(url, source.env);
    if (typeof picture === 'string') {
      reasons.set(url, picture);
      continue;
    }
    const key = productImageKey(url, picture.format);
    const before = await source.storage.head(key);
    if (before?.size !== picture.bytes.length) {
      await source.storage.put(key, picture.bytes);
      if (!before) outcome.written.push(key);
    }
    outcome.copies.set(url, { assetUrl: `/files/${key}`, originalSize: `${picture.width}x${picture.height}` });
  }
  onFile?.(fetched.length, fetched.length);
  for (const image of mentions) {
    const reason = reasons.get(image.url);
    if (reason) outcome.failed.push({ line: image.line, url: image.url, reason });
  }
  outcome.failed.sort((a, b) => a.line - b.line);
  return outcome;
}

function asset(copy: { assetUrl: string; originalSize: string }, altText: string): ImageAsset {
  return {
    id: newId(),
    recordType: RecordType.IMAGE,
    assetUrl: copy.assetUrl,
    originalSize: copy.originalSize,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    altText,
    title: altText,
    body: null,
    filename: copy.assetUrl.split('/').pop() ?? '',
  };
}

/** The product's copied pictures in order, and each variant's (null when it names none or it failed). */
export function productAssets(
  draft: ProductDraft,
  copies: ReadonlyMap<string, { assetUrl: string; originalSize: string }>,
): { images: ImageAsset[]; variants: (ImageAsset | null)[] } {
  const images = imagesOf(draft).wanted.flatMap((image) => {
    const copy = copies.get(image.url);
    return copy ? [asset(copy, image.altText)] : [];
  });
  const variants = draft.variants.map((variant) => {
    const copy = variant.image ? copies.get(variant.image) : undefined;
    return copy ? asset(copy, '') : null;
  });
  return { images, variants };
}
