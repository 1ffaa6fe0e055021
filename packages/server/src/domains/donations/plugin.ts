import type { FastifyInstance } from 'fastify';
import { CheckoutPages } from '../checkout/index.js';
import { registerDonationOwnerRoutes } from './owner-routes.js';
import { createDonationService, type DonationService } from './service.js';
import { registerDonationVisitorRoutes } from './visitor-routes.js';

// Donations (issue 23): the donation block's endpoint and pages (203 donate, 204 contribution
// confirmed, the receipt's cancel link), receipts, recurring gifts renewed off-session through the
// payment provider or by the provider's own subscription (PayPal), refunds of renewal payments, and
// the owner's list, donors, totals and CSV. Money moves only through the
// hosted payment flow (`domains/payments/`): a donation is an order with one donation line.

declare module '../../app.js' {
  interface AppServices {
    /** Set by the donations plugin (issue 23). */
    donations?: DonationService;
  }
}

export default async function donationsPlugin(app: FastifyInstance): Promise<void> {
  const service = createDonationService(app);
  app.services.donations = service;
  app.services.hostedPayments?.addOrderKind(service);
  registerDonationVisitorRoutes(app, new CheckoutPages(app.services.pages), service);
  registerDonationOwnerRoutes(app, service);
}
