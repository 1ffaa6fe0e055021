import { subtotalMinimumMessage } from '@tessera/core';
import type { CheckoutCart, OrderSummary } from '@tessera/core/contracts/checkout';
import type { Kysely, Transaction } from 'kysely';
import { shoppingCartJson } from '../cart/index.js';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { LruMap } from '../../platform/lru-map.js';
import type { PaymentProviders } from '../payments/index.js';
import {
  CheckoutError,
  type OrderMail,
  type PlaceOrderInput,
  type Priced,
  type QuoteInput,
  type SiteInfo,
} from './checkout-types.js';
import { ensureCheckoutDefaults } from './defaults.js';
import { findReplay, IDEMPOTENCY_MESSAGES, OTHER_CHECKOUT } from './idempotency.js';
import { nextOrderNumber, placeOrderOnce } from './place/index.js';
import { findCart, priceCart, siteInfo } from './pricing.js';

export {
  type Address,
  CheckoutError,
  type OrderMail,
  type PlaceOrderInput,
  type QuoteInput,
} from './checkout-types.js';
import { isUniqueViolation } from '../../platform/db/claims.js';
export { confirmationMail } from './order-mail.js';

// The quote's cart and an order's summary are the published contract's (`@tessera/core/contracts/checkout`).
export type { CheckoutCart, OrderSummary };

export interface PlacedOrder {
  order: OrderSummary;
  /** False when an earlier submission with the same idempotency key made the order. */
  created: boolean;
}

export const ORDER_PAGE_TYPES = { confirmed: 202, received: 207, subscription: 206 } as const;

export function orderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentStatus: row.payment_status,
    pageType: row.subscription_id
      ? ORDER_PAGE_TYPES.subscription
      : row.status === 'received'
        ? ORDER_PAGE_TYPES.received
        : ORDER_PAGE_TYPES.confirmed,
    currency: row.currency,
    customerEmail: row.customer_email,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCostCents: row.shipping_cents,
    taxCents: row.tax_cents,
    grandTotalCents: row.grand_total_cents,
    giftCardCents: row.gift_card_cents,
    amountDueCents: row.amount_due_cents,
    subscriptionId: row.subscription_id,
    created: row.created_at,
  };
}

export interface CheckoutService {
  /** The cart of a token (a visitor cart or a subscription cart) with checkout totals. */
  quote(siteId: string, input: QuoteInput): Promise<CheckoutCart | undefined>;
  placeOrder(siteId: string, input: PlaceOrderInput): Promise<PlacedOrder & { mail: OrderMail[] }>;
  getOrder(siteId: string, orderId: string): Promise<(OrderSummary & { lines: OrderLineView[] }) | undefined>;
  siteInfo(siteId: string): Promise<SiteInfo>;
  nextOrderNumber(trx: Transaction<Database>, siteId: string): Promise<number>;
}

export interface OrderLineView {
  title: string;
  sku: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  productType: number;
}

export function createCheckoutService(db: Kysely<Database>, payments: PaymentProviders): CheckoutService {
  // Sites whose checkout defaults exist, the most recently used kept (issue 20: a thousand sites on one install).
  const defaultsReady = new LruMap<string, true>(4096);

  async function ready(siteId: string): Promise<void> {
    if (defaultsReady.has(siteId)) return;
    await ensureCheckoutDefaults(db, siteId);
    defaultsReady.set(siteId, true);
  }

  function cartView(siteId: string, priced: Priced): CheckoutCart {
    const base = shoppingCartJson(priced.cart, priced.entries, { id: siteId, currency: priced.site.currency });
    const { totals } = priced;
    return {
      ...base,
      kind: priced.cart.kind as CheckoutCart['kind'],
      taxCents: totals.taxCents,
      shippingCostCents: totals.shippingCostCents,
      discountCents: totals.discountCents,
      grandTotalCents: totals.grandTotalCents,
      shippingOptions: priced.shippingOptions,
      selectedShippingOption: priced.shippingOption,
      applicableTaxRules: priced.taxRules,
      coupons: [...priced.validCoupons.map((c) => c.code), ...priced.invalidCoupons.map((c) => c.code)],
      validCoupons: priced.validCoupons,
      invalidCoupons: priced.invalidCoupons,
      taxLines: totals.taxLines,
      giftCardCents: totals.giftCardCents,
      amountDueCents: totals.amountDueCents,
      subtotalMinimumMessage:
        subtotalMinimumMessage(
          totals.subtotalCents,
          priced.site.subtotalMinimumCents,
          priced.site.currency,
          priced.site.locale,
        ) ?? null,
    };
  }

  /** The order of an earlier submission with the key, answered only to the cart that placed it. */
  async function existingOrder(siteId: string, input: PlaceOrderInput): Promise<OrderRow | undefined> {
    const found = await findReplay(db, siteId, input.idempotencyKey, input.cartToken);
    if (found !== OTHER_CHECKOUT) return found;
    throw new CheckoutError('idempotency-key-reused', IDEMPOTENCY_MESSAGES.otherCheckout, 409);
  }

  return {
    siteInfo: (siteId) => siteInfo(db, siteId),
    nextOrderNumber,

    async quote(siteId, input) {
      await ready(siteId);
      const cart = await findCart(db, siteId, input.cartToken);
      if (!cart || cart.purchased === 1) return undefined;
      return cartView(siteId, await priceCart(db, siteId, cart, input));
    },

    async placeOrder(siteId, input) {
      await ready(siteId);
      // No lookup of the key first (issue 20: one round trip less per order): the order's
      // transaction inserts the key as its first write, so a key already used fails there, before
      // anything else is written, and is answered below like a concurrent submission's.
      try {
        const { row, mail } = await placeOrderOnce(db, payments, siteId, input);
        return { order: orderSummary(row), created: true, mail };
      } catch (error) {
        if (isUniqueViolation(error)) {
          const other = await existingOrder(siteId, input);
          if (other) return { order: orderSummary(other), created: false, mail: [] };
        }
        throw error;
      }
    },

    async getOrder(siteId, orderId) {
      const row = await siteRow(db, 'orders', siteId, orderId);
      if (!row) return undefined;
      const lines = await db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return {
        ...orderSummary(row),
        lines: lines.map((l) => ({
          title: l.title,
          sku: l.sku,
          attributes: JSON.parse(l.attributes) as Record<string, string>,
          quantity: l.quantity,
          unitPriceCents: l.unit_price_cents,
          lineTotalCents: l.line_total_cents,
          productType: l.product_type,
        })),
      };
    },
  };
}
