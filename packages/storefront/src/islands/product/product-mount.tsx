import type { IslandEnv } from '../../island-env.js';
import { mountReactIsland } from '../mount.js';
import { resolveProduct } from './product-dom.js';
import { ProductIsland } from './product-island.js';

/** The product island's chunk entry (React comes with it, in the shared React chunk). */
export function mountProductIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const item = resolveProduct(root, env.context);
  if (!item) return Promise.resolve(false);
  return mountReactIsland(root, (ready) => <ProductIsland root={root} item={item} env={env} onReady={ready} />);
}
