import { join } from 'node:path';

/** The repository's root: this module sits two folders below it, in src/ (tests, tsx) as in dist/. */
export const REPO_ROOT = join(import.meta.dirname, '../../..');
/** The default theme's templates and assets. */
export const DEFAULT_THEME_DIR = join(REPO_ROOT, 'themes/default');
/** The storefront bundle's manifest, written by its `vite build`. */
export const STOREFRONT_MANIFEST = join(REPO_ROOT, 'packages/storefront/dist/manifest.json');
