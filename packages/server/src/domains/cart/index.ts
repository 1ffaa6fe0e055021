// The cart domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { productFormView } from './cart-form.js';
export { cartEntryJson, shoppingCartJson, type CartEntry } from './cart-json.js';
export type { CartService } from './cart-service.js';
export { cartPageView, cartPillView } from './cart-view.js';
