import { existsSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import sharp from 'sharp';

/** Where uploads are read from: the file storage (`app.fileStorage`, disk or S3), or a folder on disk. */
export type UploadSource = string | { read(key: string): Promise<Buffer | undefined> };

/** The bytes (or disk path) behind a `/files/…` address, or undefined when missing or outside the files. */
async function uploadInput(files: UploadSource, url: string): Promise<string | Buffer | undefined> {
  if (!url.startsWith('/files/')) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(url.slice('/files/'.length));
  } catch {
    return undefined;
  }
  if (typeof files === 'string') {
    const root = resolve(files);
    const path = join(root, name);
    return path.startsWith(`${root}/`) && existsSync(path) ? path : undefined;
  }
  const key = posix.normalize(name);
  if (key.startsWith('../') || key.startsWith('/') || key === '..') return undefined;
  return files.read(key).catch(() => undefined);
}

/**
 * The pixel size of an uploaded image as SPEC §3's `originalSize` ('1600x1000'), read from the
 * file that a `/files/…` address names; '' when the file is missing, outside the files or not an
 * image, so the page still renders it (without the exact srcset widths).
 */
export async function originalSizeOf(files: UploadSource, url: string): Promise<string> {
  const input = await uploadInput(files, url);
  if (!input) return '';
  const meta = await sharp(input)
    .metadata()
    .catch(() => undefined);
  return meta?.width && meta.height ? `${meta.width}x${meta.height}` : '';
}
