import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/**
 * The pixel size of an uploaded image as SPEC §3's `originalSize` ('1600x1000'), read from the
 * file under `filesDir` that a `/files/…` address names; '' when the file is missing, outside
 * the folder or not an image, so the page still renders it (without the exact srcset widths).
 */
export async function originalSizeOf(filesDir: string, url: string): Promise<string> {
  if (!url.startsWith('/files/')) return '';
  let name: string;
  try {
    name = decodeURIComponent(url.slice('/files/'.length));
  } catch {
    return '';
  }
  const root = resolve(filesDir);
  const path = join(root, name);
  if (!path.startsWith(`${root}/`) || !existsSync(path)) return '';
  const meta = await sharp(path)
    .metadata()
    .catch(() => undefined);
  return meta?.width && meta.height ? `${meta.width}x${meta.height}` : '';
}
