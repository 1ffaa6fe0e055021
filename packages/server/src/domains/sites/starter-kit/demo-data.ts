import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../repo-paths.js';

/**
 * The demo site's content is data (issue 16): `packages/server/templates/demo/<name>.json` (pictures,
 * products, pages, blog posts and events), shipped beside the starter templates. Pages use the
 * starter templates' named blocks and placeholders (`seed-blocks.ts`). The starter kit reads the
 * pictures (`scenes.json`, scenes.ts) from here too; seed/ reads the rest through the domain's index.ts.
 */
export const DEMO_DATA_DIR = join(REPO_ROOT, 'packages/server/templates/demo');

/** One data file of the demo, parsed (the files are the repository's own; tests seed from them). */
export function demoData<T>(name: 'scenes' | 'products' | 'pages' | 'blog'): T {
  return JSON.parse(readFileSync(join(DEMO_DATA_DIR, `${name}.json`), 'utf8')) as T;
}
