import type { ShoppingCart } from '@tessera/core/contracts/cart';
import type { PageContext } from './context.js';

/** What the loader hands every island when it mounts. */
export interface IslandEnv {
  context: PageContext;
  win: Window;
  /** The last cart the page has seen (from the start-up load or an island), if any. */
  getCart(): ShoppingCart | undefined;
}

/** Makes one island root live, resolving once its handlers are attached (false: nothing to do). */
export type IslandMount = (root: HTMLElement, env: IslandEnv) => Promise<boolean>;

/**
 * Imports one island's chunk (`import()`) and hands back its mount function. `urgent` is set when
 * the visitor is touching the island: then speed of arrival comes before short tasks.
 */
export type IslandImport = (urgent?: boolean) => Promise<IslandMount>;

/** The island table: one lazy import per `data-island` name (`src/islands/index.tsx`). */
export type IslandTable = Readonly<Record<string, IslandImport>>;
