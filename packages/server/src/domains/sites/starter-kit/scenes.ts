import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecordType } from '@tessera/core';
import { stableId } from '../../../platform/ids.js';
import { demoData } from './demo-data.js';
import { drawJpegsApart } from './draw-jpegs.js';

// The demo's generated landscapes (`templates/demo/scenes.json`): drawn as JPEGs with sharp into the
// files folder, used as image assets by the demo's pages and by the starter templates (`$scene`).

export const CONTENT_IMAGE_DIR = 'content';
export interface Scene {
  name: string;
  alt: string;
  width: number;
  height: number;
  /** Sky top, sky bottom, far hills, near hills, sun. */
  palette: [string, string, string, string, string];
  focal?: { x: number; y: number };
}

export const SCENES: Scene[] = demoData<Scene[]>('scenes');

function sceneSvg(scene: Scene): string {
  const { width: w, height: h } = scene;
  const [skyTop, skyBottom, far, near, sun] = scene.palette;
  const horizon = Math.round(h * 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${skyTop}"/><stop offset="1" stop-color="#${skyBottom}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${Math.round(w * 0.68)}" cy="${Math.round(h * 0.36)}" r="${Math.round(Math.min(w, h) * 0.09)}" fill="#${sun}" opacity="0.9"/>
  <path d="M0 ${horizon} C ${w * 0.2} ${horizon - h * 0.12}, ${w * 0.45} ${horizon + h * 0.02}, ${w * 0.62} ${horizon - h * 0.08} S ${w * 0.9} ${horizon - h * 0.02}, ${w} ${horizon - h * 0.1} L ${w} ${h} L 0 ${h} Z" fill="#${far}"/>
  <path d="M0 ${horizon + h * 0.16} C ${w * 0.25} ${horizon + h * 0.04}, ${w * 0.5} ${horizon + h * 0.22}, ${w * 0.75} ${horizon + h * 0.1} S ${w} ${horizon + h * 0.14}, ${w} ${horizon + h * 0.14} L ${w} ${h} L 0 ${h} Z" fill="#${near}"/>
</svg>`;
}

export async function writeContentImages(filesDir: string): Promise<void> {
  const dir = join(filesDir, CONTENT_IMAGE_DIR);
  mkdirSync(dir, { recursive: true });
  const missing = SCENES.map((scene) => ({ scene, file: join(dir, scene.name) })).filter((s) => !existsSync(s.file));
  await drawJpegsApart(missing.map(({ scene, file }) => ({ svg: sceneSvg(scene), file, quality: 78 })));
  const audio = join(dir, 'shop-radio.wav');
  if (!existsSync(audio)) writeFileSync(audio, chimeWav());
}

/** Two seconds of a soft two-note chime as 8 kHz 8-bit mono WAV: a real, tiny audio file for the audio block. */
export function chimeWav(): Buffer {
  const rate = 8000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const freq = t < 1 ? 523.25 : 659.25;
    const envelope = Math.exp(-3 * (t % 1));
    data[i] = Math.round(128 + 60 * envelope * Math.sin(2 * Math.PI * freq * t));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

/** The id of a scene's image asset. */
export function sceneImageId(name: string): string {
  return stableId('image', CONTENT_IMAGE_DIR, name);
}

/** SPEC §3 image asset JSON for a scene. */
export function sceneAsset(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const scene = SCENES.find((s) => s.name === name);
  if (!scene) throw new Error(`No seed scene ${name}`);
  const [top, bottom, far, near, sun] = scene.palette;
  return {
    id: sceneImageId(name),
    recordType: RecordType.IMAGE,
    assetUrl: `/files/${CONTENT_IMAGE_DIR}/${name}`,
    originalSize: `${scene.width}x${scene.height}`,
    mediaFocalPoint: scene.focal ?? { x: 0.5, y: 0.5 },
    colorData: {
      topLeftAverage: top,
      topRightAverage: top,
      bottomLeftAverage: near,
      bottomRightAverage: near,
      centerAverage: far,
      suggestedBgColor: bottom,
    },
    altText: scene.alt,
    title: scene.alt,
    body: null,
    filename: name,
    ...extra,
    sunColor: sun,
  };
}
