import type { FastifyInstance } from 'fastify';
import designPlugin from './design.js';
import giftCardsPlugin from './gift-cards.js';
import inventoryPlugin from './inventory.js';
import outboxPlugin from './outbox.js';
import ownersPlugin from './owners.js';
import productsAdminPlugin from './products.js';
import settingsPlugin from './settings.js';

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
