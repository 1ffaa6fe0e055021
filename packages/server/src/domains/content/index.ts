// The content domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.

export { default as blogPostsPlugin } from './blog/blog-posts.js';
export { default as blogTermsPlugin } from './blog/blog-terms.js';
export type { ContentPageRequest } from './blog/content-pages.js';
export { CollectionKind, isPublic, type ContentItem } from '@tessera/core/site';
export { SiteNotFoundError, type ContentService, type RememberLookup, type Site } from './content-service.js';
export { itemSeoInput, storedItemSeo } from './item-seo-input.js';
export { UNLOCK_COOKIE_PREFIX } from './pages/page-lock.js';
export { createPageStore } from './pages/page-store.js';
export { createPageTrash } from './pages/page-trash.js';
export { parseJson, type ProductItemJson } from './product-json.js';
export {
  type CartProducts,
  cartProductQuery,
  cartProductsOf,
  loadCartProducts,
  loadProducts,
  loadProductsForSale,
} from './product-repository.js';
export { rawCodeOf, sanitizeOwnerHtml, sanitizeSections } from '../../platform/html/sanitize-owner-html.js';
export type { SiteContent } from './site-content.js';
