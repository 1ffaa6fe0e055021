import { randomUUID } from 'node:crypto';
import {
  describeSubscriptionPlan,
  formatMoney,
  isInstallmentEligible,
  PageType,
  ProductType,
  type SubscriptionPlan,
  TEST_CARDS,
} from '@tessera/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageScope, SiteScope } from '../../render/page-context.js';
import type { ThemePages } from '../../render/theme-pages.js';
import type { CheckoutCart, OrderLineView, OrderSummary } from './checkout-service.js';
import type { TotalsDisplay } from '@tessera/core/contracts/checkout';
import { TEST_MODE_MESSAGES } from '../payments/index.js';

/**
 * Renders the checkout and order pages with the site's theme (no cart pill: SPEC §2); the shared
 * `render/theme-pages.ts` with the site found by the caller.
 */
export class CheckoutPages {
  constructor(private readonly pages: ThemePages) {}

  site(request: FastifyRequest): Promise<SiteScope | undefined> {
    return this.pages.site(request);
  }

  send(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteScope,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown>,
    status = 200,
  ): Promise<FastifyReply> {
    return this.pages.sendFor(request, reply, site, template, scope, extra, status);
  }
}

function attributesLabel(attributes: Record<string, string>): string {
  return Object.values(attributes).join(' / ');
}

/** The checkout page's view: pre-formatted money, the options, and a fresh idempotency key. */
export function checkoutView(
  cart: CheckoutCart | undefined,
  site: SiteScope,
  options: {
    cartToken?: string;
    plan?: SubscriptionPlan;
    planItemTitle?: string;
    error?: string;
    /** How the store takes payment (`payment-settings.ts`): the "Test mode" banner and the pay later choice. */
    payment?: { testModeActive: boolean; payLaterEnabled: boolean; hosted?: { id: string; label: string }[] };
  },
): Record<string, unknown> {
  const money = (cents: number) => formatMoney(cents, site.currency, site.locale);
  const testMode = options.payment?.testModeActive ?? false;
  if (!cart || cart.entries.length === 0) return { empty: true, testMode };
  const selected = (cart.selectedShippingOption as { id: string } | null)?.id;
  return {
    empty: false,
    isSubscription: cart.kind === 'subscription',
    planLabel: options.plan ? (describeSubscriptionPlan(options.plan) ?? 'Unavailable') : '',
    cartToken: options.cartToken ?? '',
    idempotencyKey: randomUUID(),
    currency: site.currency,
    error: options.error ?? '',
    entries: cart.entries.map((e) => ({
      title: e.title,
      attributesLabel: attributesLabel(e.chosenVariant.attributes),
      quantity: e.quantity,
      lineTotal: money(e.subTotalCents),
    })),
    requiresShipping: cart.requiresShipping,
    hasGiftCard: cart.entries.some((e) => e.productType === ProductType.GIFT_CARD),
    shippingOptions: (
      cart.shippingOptions as { id: string; name: string; amountCents: number; freeOverCents: number | null }[]
    ).map((o) => ({
      id: o.id,
      label: `${o.name} — ${money(o.amountCents)}${o.freeOverCents !== null ? ` (free over ${money(o.freeOverCents)})` : ''}`,
      checked: o.id === selected,
    })),
    installmentsEligible: isInstallmentEligible(cart.entries.map((e) => e.productType)),
    minimumMessage: cart.subtotalMinimumMessage ?? '',
    testCards: { succeeds: groupDigits(TEST_CARDS.succeeds) },
    testMode,
    payLater: options.payment?.payLaterEnabled ?? false,
    cardsUnavailable: testMode ? '' : TEST_MODE_MESSAGES.cardsOff,
    // Providers with their own payment page (issue 17): the first is chosen; the card field shows only for test cards.
    hostedMethods: (options.payment?.hosted ?? []).map((p, i) => ({ id: p.id, label: p.label, checked: i === 0 })),
    cardMethod: testMode || (options.payment?.hosted ?? []).length === 0,
    cardChecked: (options.payment?.hosted ?? []).length === 0,
    totals: totalsView(cart, money),
  };
}

export function totalsView(cart: CheckoutCart, money: (cents: number) => string): TotalsDisplay {
  return {
    subtotal: money(cart.subtotalCents),
    discount: cart.discountCents > 0 ? `−${money(cart.discountCents)}` : '',
    shipping: money(cart.shippingCostCents),
    tax: money(cart.taxCents),
    giftCard: cart.giftCardCents > 0 ? `−${money(cart.giftCardCents)}` : '',
    total: money(cart.grandTotalCents),
    due: money(cart.amountDueCents),
  };
}

function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The order page. `hostedStatus`: the status of the order's session with a payment provider
 * (`hosted_sessions.status`), when it was to be paid on the provider's page.
 */
export function orderView(
  order: OrderSummary & { lines: OrderLineView[] },
  site: SiteScope,
  hostedStatus?: string,
): Record<string, unknown> {
  const money = (cents: number) => formatMoney(cents, order.currency, site.locale);
  // An unpaid order whose stock hold ran out (`stock-holds.ts`) says so instead of "confirmed".
  const cancelled = order.status === 'cancelled';
  const heading = cancelled
    ? 'Order cancelled'
    : order.pageType === PageType.SUBSCRIPTION_CONFIRMED
      ? 'Subscription confirmed'
      : order.pageType === PageType.ORDER_RECEIVED
        ? 'Order received'
        : 'Order confirmed';
  return {
    heading,
    number: order.orderNumber,
    email: order.customerEmail,
    pending: order.status === 'received',
    // Paid on a provider's page: the provider's answer is on its way (the return or the webhook).
    confirming: order.status === 'received' && order.paymentStatus === 'pending' && hostedStatus !== undefined,
    cancelled,
    cancelledByBuyer: cancelled && hostedStatus === 'cancelled',
    paymentFailed: cancelled && hostedStatus !== undefined && order.paymentStatus === 'failed',
    // A payment that arrived after the hold ended was refunded automatically (issue 17).
    refunded: cancelled && order.paymentStatus === 'refunded',
    isSubscription: !cancelled && order.pageType === PageType.SUBSCRIPTION_CONFIRMED,
    lines: order.lines.map((l) => ({
      title: l.title,
      attributesLabel: attributesLabel(l.attributes),
      quantity: l.quantity,
      lineTotal: money(l.lineTotalCents),
    })),
    totals: {
      subtotal: money(order.subtotalCents),
      discount: order.discountCents > 0 ? `−${money(order.discountCents)}` : '',
      shipping: money(order.shippingCostCents),
      tax: money(order.taxCents),
      giftCard: order.giftCardCents > 0 ? `−${money(order.giftCardCents)}` : '',
      total: money(order.grandTotalCents),
      due: money(order.amountDueCents),
    },
  };
}
