// Gzipped sizes of the tracker: the eager part (built on its own from a tiny entry that calls
// startTracking, so nothing else of the loader is counted) and the lazy vitals + reporter chunk.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = new URL('../..', import.meta.url).pathname;
const STOREFRONT = join(ROOT, 'packages/storefront');

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** @returns {Promise<{ eager: { raw: number, gzip: number }, lazy: { raw: number, gzip: number, files: string[] } }>} */
export async function trackerSizes() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-tracker-size-'));
  try {
    const eagerEntry = join(dir, 'eager.ts');
    const lazyEntry = join(dir, 'lazy.ts');
    writeFileSync(
      eagerEntry,
      `import { startTracking } from '${STOREFRONT}/src/tracking/tracker.ts';\n` +
        `startTracking(document, window, JSON.parse(document.body.dataset.c), false, () => import('${STOREFRONT}/src/tracking/lazy.ts'));\n`,
    );
    writeFileSync(lazyEntry, 'export {};\n');
    await build({
      configFile: false,
      logLevel: 'silent',
      root: STOREFRONT,
      publicDir: false,
      resolve: { conditions: ['source', 'module', 'browser', 'default'] },
      build: {
        outDir: join(dir, 'out'),
        emptyOutDir: true,
        target: 'es2022',
        modulePreload: false,
        rolldownOptions: {
          input: { eager: eagerEntry },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name].js' },
          treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) },
        },
      },
    });
    const out = join(dir, 'out');
    const files = readdirSync(out).filter((f) => f.endsWith('.js'));
    const size = (f) => {
      const body = readFileSync(join(out, f));
      return { raw: body.length, gzip: gz(body) };
    };
    const eager = size('eager.js');
    const lazyFiles = files.filter((f) => f !== 'eager.js');
    const lazy = lazyFiles.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
    return { eager, lazy: { ...lazy, files: lazyFiles } };
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await trackerSizes());
