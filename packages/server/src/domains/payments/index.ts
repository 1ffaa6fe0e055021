import type { FastifyInstance } from 'fastify';
import type { OrderSummary } from '../../checkout/checkout-service.js';
import type { ContentService } from '../../content/content-service.js';
import { createMailService } from '../../mail/mail-service.js';
import { siteBaseUrlById } from '../../site-url/public-url.js';
import { createHostedPayments, type HostedPayments } from './flow/hosted-payments.js';
import type { HostedProviderId } from './hosted.js';
import { createInstallmentAccounts, type InstallmentAccounts } from './installments.js';
import { createHostedRegistry, type HostedRegistry } from './registry.js';
import { registerHostedReturnRoutes, registerHostedWebhook } from './routes.js';

export { createStripeProvider } from './stripe/stripe-provider.js';
export type { HostedPaymentProvider, HostedProviderId } from './hosted.js';

export interface PaymentsPluginOptions {
  content: ContentService;
}

/** What the checkout asks of hosted payments. */
export interface HostedPaymentsService {
  registry: HostedRegistry;
  flow: HostedPayments;
  /** Installment messaging from the connected Stripe account (cached; `installments.ts`). */
  installments: InstallmentAccounts;
  /** Where the checkout sends the buyer after placing `order` with a hosted provider: the provider's page, or an error. */
  checkoutRedirect(siteId: string, order: OrderSummary): Promise<{ redirect: string } | { error: string }>;
  /** The providers the checkout page offers, with the label a buyer reads. */
  offered(siteId: string): Promise<{ id: HostedProviderId; label: string; live: boolean }[]>;
}

declare module '../../app.js' {
  interface AppServices {
    /** Set by the payments plugin (issue 17): hosted payment providers and the order flow. */
    hostedPayments?: HostedPaymentsService;
  }
}

const LABELS: Record<HostedProviderId, string> = {
  stripe: 'Card, wallet or pay later (Stripe)',
  paypal: 'PayPal',
};

/**
 * Hosted payments (issue 17): the registry of connected providers, the flow that opens, settles
 * and releases an order's payment session, the providers' webhooks and the return pages.
 */
export default async function paymentsPlugin(app: FastifyInstance, options: PaymentsPluginOptions): Promise<void> {
  const registry = createHostedRegistry(app.db, app.config);
  const mail = createMailService(app.db, app.config);
  const flow = createHostedPayments({
    db: app.db,
    registry,
    baseUrl: (siteId) => siteBaseUrlById(app, siteId),
    async send(siteId, messages) {
      for (const message of messages) {
        await mail.send({ ...message, siteId }).catch((error) => app.log.warn({ err: error }, 'payment mail failed'));
      }
    },
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  const installments = createInstallmentAccounts({
    registry,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  if (app.config.stripe) {
    // Keys from the environment: learn the account at start (bounded by the fetch's timeout).
    app.addHook('onReady', async () => {
      const site = await app.db
        .selectFrom('sites')
        .select('id')
        .executeTakeFirst()
        .catch(() => undefined);
      if (site) await installments.refresh(site.id);
    });
  }
  app.services.hostedPayments = {
    registry,
    flow,
    installments,
    async checkoutRedirect(siteId, order) {
      const orderPage = `/checkout/order-confirmed/${order.id}`;
      if (order.paymentStatus !== 'pending') return { redirect: orderPage };
      const started = await flow.start(siteId, order.id);
      return started.ok ? { redirect: started.redirectUrl } : { error: started.message };
    },
    async offered(siteId) {
      return (await registry.connected(siteId)).map((p) => ({
        id: p.id,
        label: LABELS[p.id],
        live: p.mode === 'live',
      }));
    },
  };
  const deps = { content: options.content, registry, flow };
  registerHostedWebhook(app, deps, 'stripe');
  registerHostedWebhook(app, deps, 'paypal');
  registerHostedReturnRoutes(app, deps);
}
