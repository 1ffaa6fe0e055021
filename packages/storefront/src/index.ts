// @tessera/storefront: the visitor runtime is a browser bundle (see README.md); this module only
// names the things other packages agree on with it.

/** Manifest key of the eager loader in dist/manifest.json. */
export const LOADER_ENTRY = 'src/loader.ts';
export { CART_UPDATED_EVENT } from './cart-events.js';
