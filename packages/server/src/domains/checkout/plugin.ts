import { COMMERCE_EVENTS, formatMoney, moneyText, PageType, type SubscriptionPlan } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ContentService, loadProducts } from '../content/index.js';
import { cartTokenOf } from '../../platform/http/cookies.js';
import { parseInput } from '../../platform/http/validate.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { loadSiteUser } from '../site-users/index.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { recordServerEvent } from '../tracking/index.js';
import { ADDRESS_LOOKUP_NOT_CONFIGURED, type AddressLookupProvider } from './address-lookup.js';
import { CheckoutError, type CheckoutService, createCheckoutService } from './checkout-service.js';
import { installmentsInfoPage } from './installments-info.js';
import { createOrderRateLimiter, DEFAULT_ORDER_RATE_LIMIT } from './order-rate-limit.js';
import { CheckoutPages, checkoutView, orderView, totalsView } from './pages.js';
import {
  builtInPaymentProviders,
  type PaymentMethodInput,
  type PaymentProviders,
  TEST_MODE_MESSAGES,
  testModeActive,
} from '../payments/index.js';
import { readPaymentSettings } from './payment-settings.js';
import {
  createRenewalScheduler,
  type RenewalScheduler,
  registerRenewalPayRoute,
  renewalAwaitingMailer,
} from '../subscriptions/index.js';
import { registerOrderAdminRoutes } from './order-admin-routes.js';
import { registerCheckoutSettingsRoutes } from './settings-routes.js';
import {
  orderBody,
  orderCreatedAnswer,
  orderReplayedAnswer,
  placeDetailsAnswer,
  placesQuery,
  placeSuggestionsAnswer,
  quoteAnswer,
  quoteBody,
} from '@tessera/core/contracts/checkout';
import { couponCodesOf, orderIdParams } from './schemas.js';

export interface CheckoutPluginOptions {
  content: ContentService;
  /** A real address lookup; without one the routes answer 404 not-configured (a 4xx: the route-probing tests hold every route under 500). */
  addressLookup?: AddressLookupProvider;
}

declare module '../../app.js' {
  interface AppServices {
    /** Set by the checkout plugin: the order service and the renewal scheduler. */
    checkout?: { service: CheckoutService; renewals: RenewalScheduler; payments: PaymentProviders };
  }
}

function fail(reply: FastifyReply, status: number, error: ErrorCode, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, message });
}

/**
 * Checkout (issue 5): the checkout page and its API, order pages, address lookup, the installment
 * info page, owner order routes, and the subscription renewal scheduler.
 */
export default async function checkoutPlugin(app: FastifyInstance, options: CheckoutPluginOptions): Promise<void> {
  const { content } = options;
  const payments = builtInPaymentProviders();
  const service = createCheckoutService(app.db, payments);
  const mail = createMailService(app.db, app.config);
  const pages = new CheckoutPages(app.services.pages);
  const renewals = createRenewalScheduler(app.db, {
    payments,
    nextOrderNumber: service.nextOrderNumber,
    // Renewals saved with Stripe or PayPal charge off-session there (issue 17); the buyer is mailed a link when that fails.
    hosted: () => app.services.hostedPayments?.registry,
    onAwaitingPayment: renewalAwaitingMailer(app, mail),
    onOrdered: async ({ orderId }) => {
      const row = orderId
        ? await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
        : undefined;
      if (!row) return;
      await mail
        .send({
          to: row.customer_email,
          siteId: row.site_id,
          subject: `Subscription renewal: order #${row.order_number}`,
          text: `Your subscription renewed: order #${row.order_number}, total ${moneyText(row.grand_total_cents, row.currency)}.`,
        })
        .catch((error) => app.log.warn({ err: error }, 'renewal mail failed'));
    },
  });
  app.services.checkout = { service, renewals, payments };
  // Due renewals run as the `renewals` job (jobs.ts: once per slot across nodes, issue 18).
  app.addHook('onClose', async () => renewals.stop());

  /** What the checkout page shows of the payment settings: the test mode banner, the pay later choice. */
  const paymentView = async (siteId: string) => {
    const settings = await readPaymentSettings(app.db, siteId);
    // Hosted providers the site connected (issue 17); a live one ends test mode (`testModeActive`).
    const hosted = (await app.services.hostedPayments?.offered(siteId)) ?? [];
    return {
      testModeActive: testModeActive(
        settings.testMode,
        payments,
        hosted.some((p) => p.live),
      ),
      payLaterEnabled: settings.payLaterEnabled,
      hosted,
    };
  };
  const siteIdOf = async (request: FastifyRequest) => (await content.getSiteForHost(request.hostname)).id;
  const orderLimit = createOrderRateLimiter(app, app.config.checkoutOrders ?? DEFAULT_ORDER_RATE_LIMIT);

  /**
   * Feeds the owner's commerce funnel (checkout → order) and revenue from the server, where the
   * numbers are known for sure. Skipped when the site turned tracking off; a failure is only logged.
   */
  async function recordFunnelStep(
    request: FastifyRequest,
    event: { name: string; valueCents: number; currency: string },
  ): Promise<void> {
    try {
      const site = await content.getSiteForHost(request.hostname);
      if ((site.websiteSettings as { trackingEnabled?: unknown }).trackingEnabled === false) return;
      await recordServerEvent(app.db, { siteId: site.id, ...event });
    } catch (error) {
      request.log.warn({ err: error }, 'could not record a commerce funnel event');
    }
  }

  const quoteContract = { body: quoteBody, response: { 200: quoteAnswer } };
  app.post('/api/checkout/quote', { config: { contract: quoteContract } }, async (request, reply) => {
    const body = parseInput(quoteBody, request.body);
    const cartToken = body.cartToken || cartTokenOf(request) || '';
    const cart = await service.quote(await siteIdOf(request), {
      cartToken,
      shippingOptionId: body.shippingOptionId,
      couponCodes: couponCodesOf(body),
      giftCardCode: body.giftCardCode,
      country: body.country,
    });
    if (!cart) return fail(reply, 404, 'cart-not-found', 'You have nothing in your shopping cart.');
    const site = await service.siteInfo(cart.websiteId);
    const money = (cents: number) => formatMoney(cents, cart.currency, site.locale);
    reply.header('cache-control', 'no-store');
    return { shoppingCart: cart, display: totalsView(cart, money) };
  });

  // JSON answers 201 with a new order, 200 with the one an earlier submission of the key made.
  const orderContract = { body: orderBody, response: { 201: orderCreatedAnswer, 200: orderReplayedAnswer } };
  app.post('/api/checkout/orders', { config: { contract: orderContract } }, async (request, reply) => {
    const form = isFormPost(request);
    const limited = await orderLimit(request);
    if (!limited.ok) {
      reply.header('retry-after', String(limited.retryAfterSeconds));
      if (form) return reply.redirect(`/checkout?error=${encodeURIComponent(limited.message)}`, 303);
      return fail(reply, 429, 'rate-limited', limited.message);
    }
    const body = parseInput(orderBody, request.body);
    const siteId = await siteIdOf(request);
    // A signed-in site user's orders are theirs (the account area lists them).
    const siteUser = await loadSiteUser(request);
    const payment: PaymentMethodInput =
      body.paymentMethod === 'manual'
        ? { kind: 'manual' }
        : body.paymentMethod === 'stripe' || body.paymentMethod === 'paypal'
          ? { kind: 'hosted', provider: body.paymentMethod }
          : { kind: 'card', number: body.cardNumber ?? '', expiry: body.cardExpiry ?? '', cvc: body.cardCvc ?? '' };
    // A hosted provider must be connected before the order takes any stock (issue 17).
    const hostedProblem = await hostedPaymentProblem(app, siteId, payment);
    if (hostedProblem) {
      if (form) return reply.redirect(`/checkout?error=${encodeURIComponent(hostedProblem)}`, 303);
      return fail(reply, 402, 'payment-method', hostedProblem);
    }
    try {
      const placed = await service.placeOrder(siteId, {
        cartToken: body.cartToken || cartTokenOf(request) || '',
        idempotencyKey: body.idempotencyKey.trim(),
        email: body.email,
        name: body.name ?? '',
        shippingAddress: {
          line1: body.line1 ?? '',
          line2: body.line2 ?? '',
          city: body.city ?? '',
          region: body.region ?? '',
          postalCode: body.postalCode ?? '',
          country: (body.country ?? '').toUpperCase(),
        },
        shippingOptionId: body.shippingOptionId,
        couponCodes: couponCodesOf(body),
        giftCardCode: body.giftCardCode,
        country: body.country,
        giftCardRecipientEmail: body.giftCardRecipientEmail,
        payment,
        siteUserId: siteUser?.websiteId === siteId ? siteUser.id : null,
      });
      // The order is committed whatever happens to its mail; a failed send is logged, not an error.
      await Promise.all(
        placed.mail.map((message) =>
          mail.send({ ...message, siteId }).catch((error) => request.log.warn({ err: error }, 'order mail failed')),
        ),
      );
      if (placed.created) {
        await recordFunnelStep(request, {
          name: COMMERCE_EVENTS.order,
          valueCents: placed.order.grandTotalCents,
          currency: placed.order.currency,
        });
      }
      let redirect = `/checkout/order-confirmed/${placed.order.id}`;
      if (payment.kind === 'hosted') {
        // Off to the provider's page; if it cannot be opened the order was released (`domains/payments/flow/`).
        const hosted = await app.services.hostedPayments!.checkoutRedirect(siteId, placed.order);
        if ('error' in hosted) {
          if (form) return reply.redirect(`/checkout?error=${encodeURIComponent(hosted.error)}`, 303);
          return fail(reply, 402, 'payment-unavailable', hosted.error);
        }
        redirect = hosted.redirect;
      }
      if (form) return reply.redirect(redirect, 303);
      reply.code(placed.created ? 201 : 200).header('cache-control', 'no-store');
      return { order: placed.order, created: placed.created, redirect };
    } catch (error) {
      if (!(error instanceof CheckoutError)) throw error;
      if (form) return reply.redirect(`/checkout?error=${encodeURIComponent(error.message)}`, 303);
      return fail(reply, error.status, error.code, error.message);
    }
  });

  // Address lookup: no provider configured means a clear 404 `not-configured` and a hand-typed address.
  app.get(
    '/api/google-maps/places/autocomplete',
    { config: { contract: { query: placesQuery, response: { 200: placeSuggestionsAnswer } } } },
    async (request, reply) => {
      const query = parseInput(placesQuery, request.query, 'query');
      if (!options.addressLookup)
        return fail(reply, 404, ADDRESS_LOOKUP_NOT_CONFIGURED.error, ADDRESS_LOOKUP_NOT_CONFIGURED.message);
      return {
        predictions: await options.addressLookup.autocomplete(query.input ?? '', query.sessionToken ?? undefined),
      };
    },
  );
  app.get(
    '/api/google-maps/places/details',
    { config: { contract: { query: placesQuery, response: { 200: placeDetailsAnswer } } } },
    async (request, reply) => {
      const query = parseInput(placesQuery, request.query, 'query');
      if (!options.addressLookup)
        return fail(reply, 404, ADDRESS_LOOKUP_NOT_CONFIGURED.error, ADDRESS_LOOKUP_NOT_CONFIGURED.message);
      const details = await options.addressLookup.details(query.placeId ?? '', query.sessionToken ?? undefined);
      if (!details) return fail(reply, 404, 'not-found', 'That address could not be found.');
      return { address: details };
    },
  );

  app.get<{ Querystring: { locale?: string } }>('/installments/info', async (request, reply) => {
    const page = installmentsInfoPage(typeof request.query.locale === 'string' ? request.query.locale : undefined);
    reply.header('cache-control', 'public, max-age=3600').header('content-language', page.lang);
    return reply.type('text/html; charset=utf-8').send(page.html);
  });

  // Pages: checkout (201), subscription checkout, order confirmed (202) / received (207) / subscription confirmed (206).
  app.get<{ Querystring: { error?: string } }>('/checkout', async (request, reply) => {
    const site = await pages.site(request);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    const cart = await service.quote(site.id, { cartToken: cartTokenOf(request) ?? '' });
    const error = typeof request.query.error === 'string' ? request.query.error.slice(0, 200) : undefined;
    if (cart && cart.entries.length > 0) {
      await recordFunnelStep(request, {
        name: COMMERCE_EVENTS.checkout,
        valueCents: cart.subtotalCents,
        currency: cart.currency,
      });
    }
    return pages.send(
      request,
      reply,
      site,
      'checkout',
      { pageType: PageType.CHECKOUT, path: '/checkout', title: 'Checkout' },
      { checkout: checkoutView(cart, site, { error, payment: await paymentView(site.id) }) },
    );
  });

  app.get<{ Querystring: { cartToken?: string } }>('/checkout/subscription', async (request, reply) => {
    const site = await pages.site(request);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    const token = typeof request.query.cartToken === 'string' ? request.query.cartToken.slice(0, 64) : '';
    const cart = token ? await service.quote(site.id, { cartToken: token }) : undefined;
    const subscriptionCart = cart?.kind === 'subscription' ? cart : undefined;
    let plan: SubscriptionPlan | undefined;
    if (subscriptionCart?.entries[0]) {
      const product = (await loadProducts(app.db, site.id, [subscriptionCart.entries[0].itemId], site.currency)).get(
        subscriptionCart.entries[0].itemId,
      );
      plan = product?.structuredContent.subscriptionPlan as SubscriptionPlan | undefined;
    }
    return pages.send(
      request,
      reply,
      site,
      'checkout',
      { pageType: PageType.CHECKOUT, path: '/checkout/subscription', title: 'Subscription checkout' },
      {
        checkout: checkoutView(subscriptionCart, site, { cartToken: token, plan, payment: await paymentView(site.id) }),
      },
    );
  });

  app.get('/checkout/order-confirmed/:orderId', async (request, reply) => {
    const { orderId } = parseInput(orderIdParams, request.params, 'address');
    const site = await pages.site(request);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    const order = await service.getOrder(site.id, orderId);
    if (!order) {
      return pages.send(
        request,
        reply,
        site,
        'not-found',
        { pageType: PageType.NOT_FOUND, path: request.url, title: 'Page not found' },
        {},
        404,
      );
    }
    const hosted = await app.db
      .selectFrom('hosted_sessions')
      .select('status')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const view = orderView(order, site, hosted?.status);
    return pages.send(
      request,
      reply,
      site,
      'order-confirmed',
      { pageType: order.pageType, path: '/checkout/order-confirmed', title: String(view.heading) },
      { order: view },
    );
  });

  registerCheckoutSettingsRoutes(app);
  registerRenewalPayRoute(app);

  // Owner API: orders of the site (search, filter, pages), fulfil, refund through the provider that charged.
  registerOrderAdminRoutes(app, { service, payments, mail });
}

function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** Why the chosen method cannot be used: a hosted provider the site has not connected, or test cards beside a live provider. */
async function hostedPaymentProblem(
  app: FastifyInstance,
  siteId: string,
  payment: PaymentMethodInput,
): Promise<string | undefined> {
  const offered = (await app.services.hostedPayments?.offered(siteId)) ?? [];
  if (payment.kind === 'hosted' && !offered.some((p) => p.id === payment.provider)) {
    return 'This payment method is not available right now. Please choose another one.';
  }
  if (payment.kind === 'card' && offered.some((p) => p.live)) return TEST_MODE_MESSAGES.cardsOff;
  return undefined;
}
