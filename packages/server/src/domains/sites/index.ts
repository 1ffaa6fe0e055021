// The sites domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, site-cli.ts, …) use of it. Files inside the domain import each other directly, never this file.

export { SETUP_PATH, installSetupRoutes } from './setup-routes.js';
export { siteHasOwner } from './setup-token.js';
export { deleteSiteRows } from './site-delete.js';
export { SITE_USAGE, SiteUsageError, hostName } from './site-usage.js';
export { STARTER_NAMES, isStarterName, loadStarter } from './starter-schema.js';
export { insertStarterSite, writeStarterImages } from './starter-site.js';

// The starter kit (starter-kit/): pictures, named blocks, products, posts and site defaults the
// starter templates are built with. The demo seed (seed/) builds the demo site with it too.
export { demoData } from './starter-kit/demo-data.js';
export { CONTENT_IMAGE_DIR, writeContentImages } from './starter-kit/scenes.js';
export { resolveSeedValue } from './starter-kit/seed-blocks.js';
export { SEED_IMAGE_DIR, SEED_IMAGES_VERSION, writeSeedImages } from './starter-kit/seed-images.js';
export { insertTerms, textItemValues } from './starter-kit/seed-items.js';
export { PRODUCT_TYPES, insertProduct, type SeedProduct } from './starter-kit/seed-products.js';
export { SITE_DEFAULTS } from './starter-kit/site-defaults.js';
