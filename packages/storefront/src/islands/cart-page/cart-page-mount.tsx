import type { IslandEnv } from '../../island-env.js';
import { mountReactIsland } from '../mount.js';
import { CartPageIsland } from './cart-page-island.js';

/** The cart page island's chunk entry (React comes with it, in the shared React chunk). */
export function mountCartPageIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  return mountReactIsland(root, (ready) => <CartPageIsland root={root} env={env} onReady={ready} />);
}
