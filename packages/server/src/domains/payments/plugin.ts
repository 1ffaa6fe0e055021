import type { FastifyInstance } from 'fastify';
import type { OrderSummary } from '../checkout/index.js';
import type { ContentService } from '../content/index.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import { createHostedPayments, type HostedPayments } from './flow/hosted-payments.js';
import type { OrderRefundedHook } from './flow/provider-refunds.js';
import type { HostedEvent, HostedProviderId } from './hosted.js';
import { createInstallmentAccounts, type InstallmentAccounts } from './installments.js';
import { createHostedRegistry, type HostedRegistry } from './registry.js';
import { registerHostedReturnRoutes, registerHostedWebhook } from './routes.js';

export interface PaymentsPluginOptions {
  content: ContentService;
  /** The outgoing `order.refunded` event of a refund the provider reported (its dashboard), from `domains/webhooks/`. */
  orderRefunded?: OrderRefundedHook;
}

/**
 * Orders another area places and hands to the hosted flow (donations): told after each settlement,
 * and asked where the payer lands after the provider's page.
 */
export interface HostedOrderKind {
  /** After an order's payment settled: answers true when the order is of this kind (and mailed the payer). */
  afterPaid(siteId: string, orderId: string): Promise<boolean>;
  /** Where the payer lands after paying (`return`) or giving up (`cancel`); undefined when the order is not of this kind. */
  landing(siteId: string, orderId: string, outcome: 'return' | 'cancel'): Promise<string | undefined>;
  /** A verified provider event about a subscription or a refund (after the flow settled any session it names). */
  onProviderEvent?(siteId: string, providerId: HostedProviderId, event: HostedEvent): Promise<void>;
}

/** What the checkout asks of hosted payments. */
export interface HostedPaymentsService {
  /** Registers an order kind of another area (donations); its orders settle through this flow. */
  addOrderKind(kind: HostedOrderKind): void;
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
  const registry = createHostedRegistry(app.db, app.config, undefined, (siteId, name, load, reads) =>
    app.services.content.remember(siteId, name, load, reads),
  );
  const mail = createMailService(app.db, app.config);
  const kinds: HostedOrderKind[] = [];
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
    async afterPaid(siteId, orderId) {
      for (const kind of kinds) if (await kind.afterPaid(siteId, orderId)) return true;
      return false;
    },
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
    addOrderKind: (kind) => void kinds.push(kind),
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
  const deps = {
    content: options.content,
    orderRefunded: options.orderRefunded,
    registry,
    flow,
    async landing(siteId: string, orderId: string, outcome: 'return' | 'cancel') {
      for (const kind of kinds) {
        const found = await kind.landing(siteId, orderId, outcome);
        if (found) return found;
      }
      return undefined;
    },
    async onEvent(siteId: string, providerId: HostedProviderId, event: HostedEvent) {
      for (const kind of kinds) await kind.onProviderEvent?.(siteId, providerId, event);
    },
  };
  registerHostedWebhook(app, deps, 'stripe');
  registerHostedWebhook(app, deps, 'paypal');
  registerHostedReturnRoutes(app, deps);
}
