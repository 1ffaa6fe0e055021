import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { SeedImage } from './seed-catalogue.js';

export const SEED_IMAGE_WIDTH = 800;
export const SEED_IMAGE_HEIGHT = 1000;
export const SEED_IMAGE_DIR = 'products';

/** The average colour of each region the template `colorData` reports, as hex without '#'. */
export function gradientColorData(image: SeedImage): Record<string, string> {
  const mix = (t: number) => mixHex(image.from, image.to, t);
  return {
    topLeftAverage: mix(0.1),
    topRightAverage: mix(0.5),
    bottomLeftAverage: mix(0.5),
    bottomRightAverage: mix(0.9),
    centerAverage: mix(0.5),
    suggestedBgColor: mix(0.5),
  };
}

function mixHex(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  let out = '';
  for (let i = 0; i < 3; i++) {
    const value = Math.round(channel(a, i) * (1 - t) + channel(b, i) * t);
    out += value.toString(16).padStart(2, '0');
  }
  return out;
}

function svgFor(image: SeedImage): string {
  // A diagonal gradient with a soft light disc, like a product lit from above; no text.
  const w = SEED_IMAGE_WIDTH;
  const h = SEED_IMAGE_HEIGHT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#${image.from}"/><stop offset="1" stop-color="#${image.to}"/>
    </linearGradient>
    <radialGradient id="l" cx="0.5" cy="0.42" r="0.45">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <rect width="${w}" height="${h}" fill="url(#l)"/>
</svg>`;
}

/** Writes each seed image under `filesDir/products/` unless it is already there. */
export async function writeSeedImages(filesDir: string, images: readonly SeedImage[]): Promise<void> {
  const dir = join(filesDir, SEED_IMAGE_DIR);
  mkdirSync(dir, { recursive: true });
  for (const image of images) {
    const file = join(dir, image.name);
    if (existsSync(file)) continue;
    const tmp = `${file}.${process.pid}.tmp`;
    await sharp(Buffer.from(svgFor(image)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(tmp);
    renameSync(tmp, file);
  }
}
