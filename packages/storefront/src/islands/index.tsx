import type { IslandEnv, IslandImport, IslandMount, IslandTable } from '../island-env.js';

/**
 * A React island. Fetched at idle or on sight, React's shared chunk comes first and is evaluated in
 * a task of its own, then the island's chunk in another; fetched for a touch, both come at once.
 */
const withReact =
  (load: IslandImport): IslandImport =>
  (urgent) =>
    urgent
      ? Promise.all([import('./react-runtime.js'), load()]).then(([, mount]) => mount)
      : import('./react-runtime.js').then(() => load());

/** An island that needs only its root (its other parameters, if any, keep their defaults). */
const rootOnly =
  (mount: (root: HTMLElement) => Promise<boolean>): IslandMount =>
  (root) =>
    mount(root);

/**
 * Every island, by its `data-island` name: a lazy import of the island's own chunk and its mount
 * function. The loader imports only this table; a page fetches the chunk of an island it has when
 * the island is about to be used (src/island-scheduler.ts). React and ReactDOM sit in one shared
 * chunk that only the React islands (`withReact`: form, product, cart page) import. Adding an
 * island is one entry here. The loader wires `cart-pill` itself.
 */
export const ISLANDS: IslandTable = {
  form: withReact(() => import('./forms/form-island.js').then(({ mountFormIsland }) => mountFormIsland)),
  checkout: () => import('./checkout/checkout-island.js').then(({ mountCheckoutIsland }) => mountCheckoutIsland),
  installments: () =>
    import('./checkout/installments-island.js').then(({ mountInstallmentsIsland }) => mountInstallmentsIsland),
  'cart-entry-fields': () =>
    import('./forms/cart-entry-fields.js').then(({ mountCartEntryFields }) => mountCartEntryFields),
  'captcha-field': () => import('./forms/captcha-field.js').then(({ mountCaptchaField }) => mountCaptchaField),
  'password-strength': () =>
    import('./account/password-strength.js').then(({ mountPasswordStrength }) => rootOnly(mountPasswordStrength)),
  'review-form': () => import('./reviews/review-form.js').then(({ mountReviewFormIsland }) => mountReviewFormIsland),
  restock: () => import('./restock/restock-island.js').then(({ mountRestockIsland }) => mountRestockIsland),
  'account-signout': () => import('./account/sign-out-island.js').then(({ mountSignOutIsland }) => mountSignOutIsland),
  gallery: () => import('./gallery/gallery.js').then(({ mountGallery }) => rootOnly(mountGallery)),
  album: () => import('./album/album-playlist.js').then(({ mountAlbum }) => rootOnly(mountAlbum)),
  popup: () => import('./popup/popup.js').then(({ mountPopup }) => rootOnly(mountPopup)),
  product: withReact(() => import('./product/product-mount.js').then(({ mountProductIsland }) => mountProductIsland)),
  'cart-page': withReact(() =>
    import('./cart-page/cart-page-mount.js').then(({ mountCartPageIsland }) => mountCartPageIsland),
  ),
};

/** Imports a root's island and mounts it now (false for a name without an entry); for tests and tools. */
export async function mountIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const load = Object.hasOwn(ISLANDS, root.dataset.island ?? '') ? ISLANDS[root.dataset.island ?? ''] : undefined;
  return load ? (await load())(root, env) : false;
}
