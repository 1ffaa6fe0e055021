// Gzipped sizes of the tracker. The eager part is what the tracker adds to the loader every page
// loads: the loader is built twice, as it is and with `tracking/tracker.ts` replaced by a no-op,
// and the difference is counted (shared code such as the cookie reader is not charged twice).
// The lazy parts are the chunks the tracker imports once the page is idle: web vitals + error
// reporter (lazy.js), and the commerce events + census calls (site-events.js).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '../..');
const STOREFRONT = join(ROOT, 'packages/storefront');
const STUB_ID = '\0tracker-stub';

const measure = (buffer) => ({ raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });

async function buildLoader(outDir, stubTracker) {
  const stub = {
    name: 'tracker-stub',
    enforce: 'pre',
    resolveId(source) {
      return stubTracker && source === './tracking/tracker.js' ? STUB_ID : null;
    },
    load(id) {
      return id === STUB_ID ? 'export function startTracking() {}' : null;
    },
  };
  await build({
    configFile: false,
    logLevel: 'silent',
    root: STOREFRONT,
    publicDir: false,
    plugins: [stub],
    resolve: { conditions: ['source', 'module', 'browser', 'default'] },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: { loader: join(STOREFRONT, 'src/loader.ts') },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name].js' },
        treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) },
      },
    },
  });
  const files = readdirSync(outDir).filter((f) => f.endsWith('.js'));
  return Object.fromEntries(files.map((f) => [f, measure(readFileSync(join(outDir, f)))]));
}

/**
 * @returns {Promise<{ loader: { raw: number, gzip: number }, loaderWithout: { raw: number, gzip: number },
 *   eager: { raw: number, gzip: number }, lazy: { raw: number, gzip: number }, events: { raw: number, gzip: number } }>}
 */
export async function trackerSizes() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-tracker-size-'));
  try {
    const withTracker = await buildLoader(join(dir, 'with'), false);
    const without = await buildLoader(join(dir, 'without'), true);
    const lazy = withTracker['lazy.js'];
    const events = withTracker['site-events.js'];
    if (!lazy) throw new Error('the loader build has no lazy.js chunk (tracking/lazy.ts)');
    return {
      loader: withTracker['loader.js'],
      loaderWithout: without['loader.js'],
      eager: {
        raw: withTracker['loader.js'].raw - without['loader.js'].raw,
        gzip: withTracker['loader.js'].gzip - without['loader.js'].gzip,
      },
      lazy,
      events,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await trackerSizes());
