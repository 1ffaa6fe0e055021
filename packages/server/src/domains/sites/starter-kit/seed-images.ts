import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drawJpegsApart } from './draw-jpegs.js';
import { type SeedShape, SHAPES } from './seed-shapes.js';

export interface SeedImage {
  /** File name under `files/products/`. */
  name: string;
  alt: string;
  /** What the picture shows: a silhouette drawn in the product's colours. */
  shape: SeedShape;
  /** Product colours (hex without '#'), lit top-left to shaded bottom-right. */
  from: string;
  to: string;
}

export const SEED_IMAGE_WIDTH = 800;
export const SEED_IMAGE_HEIGHT = 1000;
export const SEED_IMAGE_DIR = 'products';
/** Bumped whenever the drawings change, so caches of generated images (tests) refresh. */
export const SEED_IMAGES_VERSION = 2;

/** The studio backdrop behind every product, light warm grey. */
const BACKDROP = { top: 'f5f2ed', bottom: 'e4dfd6' };

/** The average colour of each region the template `colorData` reports, as hex without '#'. */
export function gradientColorData(image: SeedImage): Record<string, string> {
  return {
    topLeftAverage: BACKDROP.top,
    topRightAverage: BACKDROP.top,
    bottomLeftAverage: BACKDROP.bottom,
    bottomRightAverage: BACKDROP.bottom,
    centerAverage: mixHex(image.from, image.to, 0.5),
    suggestedBgColor: mixHex(BACKDROP.top, BACKDROP.bottom, 0.5),
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

/** A product silhouette in its colours on a studio backdrop, with a soft floor shadow; no text. */
function svgFor(image: SeedImage): string {
  const w = SEED_IMAGE_WIDTH;
  const h = SEED_IMAGE_HEIGHT;
  const detail = mixHex(image.from, 'ffffff', 0.35);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#${BACKDROP.top}"/><stop offset="1" stop-color="#${BACKDROP.bottom}"/>
    </linearGradient>
    <linearGradient id="p" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#${image.from}"/><stop offset="1" stop-color="#${image.to}"/>
    </linearGradient>
    <linearGradient id="d" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#${detail}"/><stop offset="1" stop-color="#${image.from}"/>
    </linearGradient>
    <filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <ellipse cx="400" cy="805" rx="240" ry="26" fill="#000" opacity="0.14" filter="url(#blur)"/>
  ${SHAPES[image.shape]}
</svg>`;
}

/** Writes each seed image under `filesDir/products/` unless it is already there (drawn in a child process). */
export async function writeSeedImages(filesDir: string, images: readonly SeedImage[]): Promise<void> {
  const dir = join(filesDir, SEED_IMAGE_DIR);
  mkdirSync(dir, { recursive: true });
  const missing = new Map<string, SeedImage>();
  for (const image of images) {
    const file = join(dir, image.name);
    if (!existsSync(file)) missing.set(file, image);
  }
  await drawJpegsApart([...missing].map(([file, image]) => ({ svg: svgFor(image), file, quality: 80 })));
}
