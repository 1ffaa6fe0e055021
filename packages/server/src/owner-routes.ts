import type { FastifyInstance } from 'fastify';
import designPlugin from './domains/design/design.js';
import giftCardsPlugin from './domains/gift-cards/owner-routes.js';
import inventoryPlugin from './domains/catalogue/inventory.js';
import outboxPlugin from './domains/outbox/owner-routes.js';
import ownersPlugin from './domains/auth/owners.js';
import productsAdminPlugin from './domains/catalogue/owner-routes.js';
import settingsPlugin from './domains/settings/owner-routes.js';

/**
 * The owner API of the editor's design, commerce-admin and settings panels (issue 11), one plugin
 * per area: design (`/api/config/design`, plus `/site.css` and `/fonts/*` for the published site),
 * products, inventory, settings, owners and the mail outbox. Routes are listed in docs/api.md.
 */
export default async function adminPlugin(app: FastifyInstance): Promise<void> {
  await app.register(designPlugin);
  await app.register(productsAdminPlugin);
  await app.register(inventoryPlugin);
  await app.register(settingsPlugin);
  await app.register(ownersPlugin);
  await app.register(outboxPlugin);
  await app.register(giftCardsPlugin);
}
