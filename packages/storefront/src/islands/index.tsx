import type { IslandEnv, IslandsModule } from '../island-env.js';
import { mountSignOutIsland } from './account/sign-out-island.js';
import { CartPageIsland } from './cart-page/cart-page-island.js';
import { mountCheckoutIsland } from './checkout/checkout-island.js';
import { mountInstallmentsIsland } from './checkout/installments-island.js';
import { mountCaptchaField } from './forms/captcha-field.js';
import { mountCartEntryFields } from './forms/cart-entry-fields.js';
import { mountFormIsland } from './forms/form-island.js';
import { mountReactIsland } from './mount.js';
import { ProductIsland } from './product/product-island.js';
import { resolveProduct } from './product/product-dom.js';
import { mountRestockIsland } from './restock/restock-island.js';

type Mount = (root: HTMLElement, env: IslandEnv) => Promise<boolean>;

/** One entry per `data-island` name; the loader handles `cart-pill` itself. */
const ISLANDS: Record<string, Mount> = {
  form: mountFormIsland,
  checkout: mountCheckoutIsland,
  installments: mountInstallmentsIsland,
  'cart-entry-fields': mountCartEntryFields,
  'captcha-field': mountCaptchaField,
  'password-strength': (root) =>
    import('./account/password-strength.js').then(({ mountPasswordStrength }) => mountPasswordStrength(root)),
  restock: mountRestockIsland,
  'account-signout': (root, env) => mountSignOutIsland(root, env),
  gallery: (root) => import('./gallery/gallery.js').then(({ mountGallery }) => mountGallery(root)),
  popup: (root) => import('./popup/popup.js').then(({ mountPopup }) => mountPopup(root)),
  product(root, env) {
    const item = resolveProduct(root, env.context);
    if (!item) return Promise.resolve(false);
    return mountReactIsland(root, (ready) => <ProductIsland root={root} item={item} env={env} onReady={ready} />);
  },
  'cart-page'(root, env) {
    return mountReactIsland(root, (ready) => <CartPageIsland root={root} env={env} onReady={ready} />);
  },
};

export const mountIsland: IslandsModule['mountIsland'] = (root, env) => {
  const mount = ISLANDS[root.dataset.island ?? ''];
  return mount ? mount(root, env) : Promise.resolve(false);
};
