#!/usr/bin/env node
// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text asset the
// server sends as a static file: the storefront and editor builds and the default theme's CSS, SVG
// and fonts that are not compressed already (woff2 is brotli inside). The server serves them through
// @fastify/static's `preCompressed` (packages/server/src/app.ts), with `Vary: Accept-Encoding`.
// A sibling is rewritten only when its source is newer; one that saves nothing is not kept.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
export const PRECOMPRESS_DIRS = [
  'packages/storefront/dist/assets',
  'packages/editor/dist/assets',
  'themes/default/assets',
];
const EXTENSIONS = ['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map', '.ttf', '.otf'];
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext))) yield path;
  }
}

function writeSibling(path, suffix, compress, source) {
  const target = path + suffix;
  if (existsSync(target) && statSync(target).mtimeMs >= statSync(path).mtimeMs) return 0;
  const bytes = compress(source);
  if (bytes.length >= source.length) {
    rmSync(target, { force: true });
    return 0;
  }
  writeFileSync(target, bytes);
  return 1;
}

export function precompress(dirs = PRECOMPRESS_DIRS.map((dir) => join(root, dir))) {
  let written = 0;
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const path of files(dir)) {
      const source = readFileSync(path);
      if (source.length < MIN_BYTES) continue;
      written += writeSibling(
        path,
        '.br',
        (b) =>
          brotliCompressSync(b, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
          }),
        source,
      );
      written += writeSibling(path, '.gz', (b) => gzipSync(b, { level: 9 }), source);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = precompress();
  console.log(`precompress: ${written} file(s) written`);
}
