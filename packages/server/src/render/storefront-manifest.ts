import { readFileSync } from 'node:fs';

/** The entry of the storefront's Vite build that every page loads eagerly. */
export const LOADER_ENTRY = 'src/loader.ts';

export interface LoaderLookup {
  /** URL of the loader script (`/assets/loader-[hash].js`), or undefined when the bundle is not built. */
  readonly src: string | undefined;
  /** Why there is no script, for one warning at startup. */
  readonly problem?: string;
}

/**
 * Reads the storefront build manifest once and returns the loader's public URL.
 * The server serves `packages/storefront/dist/assets` at `/assets/*`, and Vite records
 * files relative to `dist/`, so `assets/loader-abc.js` becomes `/assets/loader-abc.js`.
 */
export function readLoaderFromManifest(manifestPath: string): LoaderLookup {
  let text: string;
  try {
    text = readFileSync(manifestPath, 'utf8');
  } catch {
    return {
      src: undefined,
      problem: `storefront manifest not found at ${manifestPath}; pages render without the loader script`,
    };
  }
  try {
    const manifest = JSON.parse(text) as Record<string, { file?: unknown; isEntry?: unknown } | undefined>;
    const file = manifest[LOADER_ENTRY]?.file;
    if (typeof file !== 'string' || file === '') {
      return { src: undefined, problem: `storefront manifest has no "${LOADER_ENTRY}" entry` };
    }
    return { src: `/${file.replace(/^\/+/, '')}` };
  } catch {
    return { src: undefined, problem: `storefront manifest at ${manifestPath} is not valid JSON` };
  }
}
