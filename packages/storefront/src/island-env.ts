import type { ShoppingCart } from './cart-types.js';
import type { PageContext } from './context.js';

/** What the loader hands every island when it mounts. */
export interface IslandEnv {
  context: PageContext;
  win: Window;
  /** The last cart the page has seen (from the start-up load or an island), if any. */
  getCart(): ShoppingCart | undefined;
}

/** The lazily loaded chunk's interface: mounts one root, resolving once its handlers are live. */
export interface IslandsModule {
  mountIsland(root: HTMLElement, env: IslandEnv): Promise<boolean>;
}
