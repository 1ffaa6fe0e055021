import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { drawJpegsApart } from '../draw-jpegs.js';
import { CONTENT_IMAGE_DIR, SCENES, writeContentImages } from '../scenes.js';
import { SEED_IMAGE_DIR, type SeedImage, writeSeedImages } from '../seed-images.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-draw-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const square = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#${fill}"/></svg>`;

describe('pictures drawn in a child process (issue 20: their native memory leaves with it)', () => {
  it('draws each SVG as a JPEG of its size at its path, and leaves no temporary file', async () => {
    const dir = freshDir();
    const jobs = [
      { svg: square('c04020'), file: join(dir, 'red.jpg'), quality: 80 },
      { svg: square('2040c0'), file: join(dir, 'blue.jpg'), quality: 60 },
    ];
    await drawJpegsApart(jobs);
    expect(readdirSync(dir).sort()).toEqual(['blue.jpg', 'red.jpg']);
    for (const job of jobs) {
      const meta = await sharp(job.file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 30]);
    }
    const { dominant } = await sharp(join(dir, 'red.jpg')).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);
  });

  it('fails with the child’s own error for a picture it cannot draw, without a half-written file', async () => {
    const dir = freshDir();
    const target = join(dir, 'broken.jpg');
    await expect(drawJpegsApart([{ svg: '<svg', file: target, quality: 80 }])).rejects.toThrow(
      /Drawing 1 pictures failed \(exit 1\): .*\S/s,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('starts no process for an empty list', async () => {
    await expect(drawJpegsApart([])).resolves.toBeUndefined();
  });

  it('the seed writers draw only the pictures that are missing', async () => {
    const filesDir = freshDir();
    await writeContentImages(filesDir);
    const [scene, other] = SCENES;
    if (!scene || !other) throw new Error('the demo data has fewer than two scenes');
    const sceneFile = join(filesDir, CONTENT_IMAGE_DIR, scene.name);
    const otherFile = join(filesDir, CONTENT_IMAGE_DIR, other.name);
    const meta = await sharp(sceneFile).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', scene.width, scene.height]);
    const drawnAt = statSync(sceneFile).mtimeMs;
    rmSync(otherFile);
    await writeContentImages(filesDir);
    expect(statSync(sceneFile).mtimeMs).toBe(drawnAt);
    expect((await sharp(otherFile).metadata()).format).toBe('jpeg');

    const tote: SeedImage = { name: 'tote.jpg', alt: 'A tote', shape: 'tote', from: 'aa5533', to: '553311' };
    await writeSeedImages(filesDir, [tote, tote]);
    expect(readdirSync(join(filesDir, SEED_IMAGE_DIR))).toEqual(['tote.jpg']);
    expect((await sharp(join(filesDir, SEED_IMAGE_DIR, 'tote.jpg')).metadata()).format).toBe('jpeg');
  });
});
