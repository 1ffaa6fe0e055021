// @tessera/server — the Fastify server, its database layer and services.
// Public names are listed one by one; the CLI (`tessera`) lives in cli.ts.

export { type AppServices, type BuildAppOptions, buildApp } from './app.js';
export { DEFAULT_RATE_LIMIT, loadConfig, type ServerConfig } from './platform/config.js';
export {
  type ContentService,
  type Collection,
  createContentService,
  type NavigationLink,
  type Site,
  type SiteStoreSettings,
  type WebsiteSettings,
} from './domains/content/content-service.js';
export type { ImageAsset, ProductItemJson } from './domains/content/product-json.js';
export {
  type CartEntry,
  type CartService,
  createCartService,
  type ShoppingCart,
  type StoredShoppingCart,
} from './domains/cart/cart-service.js';
export { type DatabaseHandle, type DialectName, openDatabase, sqliteFileFor } from './platform/db/connect.js';
export { MIGRATIONS, migrateToLatest } from './platform/db/migrations.js';
export type { Database } from './platform/db/schema.js';
export { DEMO_SITE_ID, seedDemoSite } from './seed/seed.js';
export { AppError, ERRORS, type ErrorCode } from './platform/errors/aliases.js';
