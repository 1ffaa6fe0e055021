import {
  applicableTaxRules,
  CHECKOUT_MESSAGES,
  type CheckoutTotals,
  type Coupon,
  type CouponKind,
  computeCheckoutTotals,
  isSubscribable,
  isValidEmail,
  moneyText,
  orderQuantityProblem,
  ProductType,
  type ShippingOption,
  type SubscriptionPlan,
  subtotalMinimumMessage,
  type TaxRule,
} from '@tessera/core';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { type CartEntry, cartEntryJson, type ShoppingCart, shoppingCartJson } from '../cart/cart-json.js';
import type { ProductItemJson } from '../content/product-json.js';
import { loadProductsForSale } from '../content/product-repository.js';
import type { CartRow, Database, OrderRow, PaymentsTable } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { type ErrorCode, type ErrorStatus, TesseraError } from '../../platform/errors/index.js';
import { ensureCheckoutDefaults } from './defaults.js';
import { giftCardHash } from '../gift-cards/gift-card-codes.js';
import { issueOrderGiftCards } from '../gift-cards/gift-card-issuance.js';
import { limitCouponStacking, type PaymentSettings, paymentRefusal, paymentSettingsOf } from './payment-settings.js';
import { parseSiteSettings } from '../settings/settings-repository.js';
import type { PaymentMethodInput, PaymentProviders } from '../payments/methods/index.js';
import { startSubscription } from '../subscriptions/subscription-start.js';
import { hostedHoldUntil, pendingHostedCharge, recordHostedSession } from '../payments/flow/place.js';
import { findReplay, IDEMPOTENCY_MESSAGES, OTHER_CHECKOUT } from './idempotency.js';
import { shippingCountryProblemAmong, shipsTo } from './shipping-countries.js';
import { inStockOrder, takeStockFor } from './stock.js';
import { stockHeldUntil } from './stock-holds.js';
import { enabledWebhookEndpoints, orderEventData, recordWebhookEvent } from '../webhooks/index.js';

/** An expected refusal, a catalogue error; thrown inside the order transaction so everything rolls back. */
export class CheckoutError<C extends ErrorCode = ErrorCode> extends TesseraError<C> {
  constructor(code: C, message?: string, status?: ErrorStatus<C>) {
    super(code, message, undefined, status);
  }
}

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface QuoteInput {
  cartToken: string;
  shippingOptionId?: string | null;
  couponCodes?: readonly string[];
  giftCardCode?: string | null;
  country?: string | null;
}

export interface PlaceOrderInput extends QuoteInput {
  idempotencyKey: string;
  email: string;
  name?: string;
  shippingAddress?: Address | null;
  giftCardRecipientEmail?: string | null;
  payment: PaymentMethodInput;
  siteUserId?: string | null;
}

export interface CheckoutCart extends ShoppingCart {
  kind: string;
  taxLines: CheckoutTotals['taxLines'];
  giftCardCents: number;
  amountDueCents: number;
  subtotalMinimumMessage: string | null;
}

export interface OrderSummary {
  id: string;
  orderNumber: number;
  status: string;
  paymentStatus: string;
  pageType: number;
  currency: string;
  customerEmail: string;
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  giftCardCents: number;
  amountDueCents: number;
  subscriptionId: string | null;
  created: string;
}

export interface PlacedOrder {
  order: OrderSummary;
  /** False when an earlier submission with the same idempotency key made the order. */
  created: boolean;
}

/** Mail the service asks the caller to send once the order is committed. */
export interface OrderMail {
  to: string;
  subject: string;
  text: string;
}

interface SiteInfo {
  currency: string;
  locale: string;
  subtotalMinimumCents: number;
  /** The store's payment settings, from the same read of the site row. */
  payment: PaymentSettings;
}

interface Priced {
  cart: CartRow;
  entries: CartEntry[];
  products: Map<string, ProductItemJson>;
  /** The cart's items visitors may buy now (`isProductForSale`), from the same read. */
  forSale: Set<string>;
  /** Every shipping option's countries, before filtering by the buyer's country. */
  shippingCountries: { countries: string }[];
  totals: CheckoutTotals;
  shippingOption: ShippingOption | null;
  shippingOptions: ShippingOption[];
  taxRules: TaxRule[];
  validCoupons: Coupon[];
  invalidCoupons: { code: string; message: string }[];
  giftCard: { id: string; balanceCents: number } | undefined;
  giftCardProblem: string | undefined;
  site: SiteInfo;
}

export const ORDER_PAGE_TYPES = { confirmed: 202, received: 207, subscription: 206 } as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

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

function normalCode(code: string): string {
  return code.trim().toUpperCase();
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
  const defaultsReady = new Set<string>();

  async function ready(siteId: string): Promise<void> {
    if (defaultsReady.has(siteId)) return;
    await ensureCheckoutDefaults(db, siteId);
    defaultsReady.add(siteId);
  }

  async function siteInfo(siteId: string, executor: Kysely<Database> = db): Promise<SiteInfo> {
    const row = await executor
      .selectFrom('sites')
      .select(['currency', 'locale', 'settings'])
      .where('id', '=', siteId)
      .executeTakeFirst();
    let minimum = 0;
    // Unreadable settings: no minimum, default payment settings.
    const store = parseSiteSettings(row?.settings).store as Record<string, unknown> | undefined;
    const value = store?.subtotalMinimumCents;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) minimum = value;
    const payment = paymentSettingsOf(store);
    return { currency: row?.currency ?? 'USD', locale: row?.locale ?? 'en-US', subtotalMinimumCents: minimum, payment };
  }

  async function findCart(executor: Kysely<Database>, siteId: string, token: string) {
    if (!token) return undefined;
    return executor
      .selectFrom('carts')
      .selectAll()
      .where('token', '=', token)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
  }

  async function price(executor: Kysely<Database>, siteId: string, cart: CartRow, input: QuoteInput): Promise<Priced> {
    const site = await siteInfo(siteId, executor);
    const rows = await executor
      .selectFrom('cart_entries')
      .selectAll()
      .where('cart_id', '=', cart.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const itemIds = rows.map((r) => r.item_id);
    const { products, forSale } = await loadProductsForSale(executor, siteId, itemIds, site.currency);
    const entries: CartEntry[] = [];
    for (const row of rows) {
      const entry = cartEntryJson(row, products.get(row.item_id), site.currency);
      if (entry) entries.push(entry);
    }
    const requiresShipping = entries.some((e) => e.productType === ProductType.PHYSICAL);

    const shippingRows = await executor
      .selectFrom('shipping_options')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('position')
      .execute();
    const shippingOptions: ShippingOption[] = shippingRows
      .filter((r) => shipsTo(r.countries, input.country))
      .map((r) => ({ id: r.id, name: r.name, amountCents: r.amount_cents, freeOverCents: r.free_over_cents }));
    const shippingOption = requiresShipping
      ? (shippingOptions.find((o) => o.id === input.shippingOptionId) ?? shippingOptions[0] ?? null)
      : null;

    const allRules: TaxRule[] = (
      await executor.selectFrom('tax_rules').selectAll().where('site_id', '=', siteId).orderBy('id').execute()
    ).map((r) => ({
      id: r.id,
      name: r.name,
      rateBasisPoints: r.rate_basis_points,
      taxShipping: r.tax_shipping === 1,
      countries: JSON.parse(r.countries) as string[],
    }));
    const taxRules = applicableTaxRules(allRules, input.country || 'US');

    const codes = [...new Set((input.couponCodes ?? []).map(normalCode).filter(Boolean))].slice(0, 5);
    const couponRows = codes.length
      ? await executor
          .selectFrom('coupons')
          .selectAll()
          .where('site_id', '=', siteId)
          .where('code', 'in', codes)
          .where('active', '=', 1)
          .execute()
      : [];
    const invalidCoupons: { code: string; message: string }[] = [];
    const candidates: Coupon[] = [];
    for (const code of codes) {
      const row = couponRows.find((r) => r.code === code);
      if (!row) invalidCoupons.push({ code, message: CHECKOUT_MESSAGES.couponNotFound });
      else
        candidates.push({
          code: row.code,
          kind: row.kind as CouponKind,
          value: row.value,
          minSubtotalCents: row.min_subtotal_cents,
        });
    }
    await limitCouponStacking(executor, siteId, candidates, (c) => c.code, invalidCoupons, site.payment);

    let giftCard: Priced['giftCard'];
    let giftCardProblem: string | undefined;
    if (input.giftCardCode?.trim()) {
      const row = await executor
        .selectFrom('gift_cards')
        .select(['id', 'balance_cents', 'currency', 'disabled_at'])
        .where('site_id', '=', siteId)
        .where('code_hash', '=', giftCardHash(input.giftCardCode))
        .executeTakeFirst();
      // A card the owner disabled answers like an unknown code.
      if (!row || row.currency !== site.currency || row.disabled_at)
        giftCardProblem = CHECKOUT_MESSAGES.giftCardNotFound;
      else if (row.balance_cents <= 0) giftCardProblem = CHECKOUT_MESSAGES.giftCardEmpty;
      else giftCard = { id: row.id, balanceCents: row.balance_cents };
    }

    const totals = computeCheckoutTotals({
      lines: entries.map((e) => ({
        quantity: e.quantity,
        unitPriceCents: e.purchasePriceCents,
        // Coupons never discount a gift card: its value would exceed what was paid for it.
        discountable: e.productType !== ProductType.GIFT_CARD,
      })),
      coupons: candidates,
      shipping: shippingOption,
      taxRules,
      giftCardBalanceCents: giftCard?.balanceCents ?? 0,
    });
    for (const rejected of totals.rejectedCoupons) {
      invalidCoupons.push({ code: rejected.coupon.code, message: CHECKOUT_MESSAGES.couponMinimum });
    }
    return {
      cart,
      entries,
      products,
      forSale,
      shippingCountries: shippingRows,
      totals,
      shippingOption,
      shippingOptions,
      taxRules,
      validCoupons: totals.appliedCoupons,
      invalidCoupons,
      giftCard,
      giftCardProblem,
      site,
    };
  }

  function cartView(siteId: string, priced: Priced): CheckoutCart {
    const base = shoppingCartJson(priced.cart, priced.entries, { id: siteId, currency: priced.site.currency });
    const { totals } = priced;
    return {
      ...base,
      kind: priced.cart.kind,
      taxCents: totals.taxCents,
      shippingCostCents: totals.shippingCostCents,
      discountCents: totals.discountCents,
      grandTotalCents: totals.grandTotalCents,
      shippingOptions: priced.shippingOptions,
      selectedShippingOption: priced.shippingOption as never,
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

  async function nextOrderNumber(trx: Transaction<Database>, siteId: string): Promise<number> {
    const row = await trx
      .updateTable('order_counters')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('site_id', '=', siteId)
      .returning('last_number')
      .executeTakeFirst();
    if (!row) throw new Error(`No order counter for site ${siteId}`);
    return row.last_number;
  }

  /** The order of an earlier submission with the key, answered only to the cart that placed it. */
  async function existingOrder(siteId: string, input: PlaceOrderInput): Promise<OrderRow | undefined> {
    const found = await findReplay(db, siteId, input.idempotencyKey, input.cartToken);
    if (found !== OTHER_CHECKOUT) return found;
    throw new CheckoutError('idempotency-key-reused', IDEMPOTENCY_MESSAGES.otherCheckout, 409);
  }

  async function place(siteId: string, input: PlaceOrderInput): Promise<{ row: OrderRow; mail: OrderMail[] }> {
    const email = input.email.trim();
    if (!isValidEmail(email)) throw new CheckoutError('invalid-email', CHECKOUT_MESSAGES.emailRequired);
    const recipient = input.giftCardRecipientEmail?.trim() || email;
    if (!isValidEmail(recipient)) throw new CheckoutError('invalid-email', CHECKOUT_MESSAGES.emailRequired);

    return db.transaction().execute(async (trx) => {
      const orderId = newId();
      const now = nowIso();
      // The key first: a concurrent submission with the same key waits here (PostgreSQL) or
      // runs after us (SQLite), then fails the unique key and answers our order.
      await trx
        .insertInto('idempotency_keys')
        .values({ site_id: siteId, key: input.idempotencyKey, order_id: orderId, created_at: now })
        .execute();

      // Claims the cart: one order per cart, however many tabs submit it. One statement (issue 20);
      // only a refusal reads the cart again, to tell a bought cart from an unknown one.
      const cart = input.cartToken
        ? await trx
            .updateTable('carts')
            .set({ purchased: 1, updated_at: now })
            .where('token', '=', input.cartToken)
            .where('site_id', '=', siteId)
            .where('purchased', '=', 0)
            .returningAll()
            .executeTakeFirst()
        : undefined;
      if (!cart) {
        if (!(await findCart(trx, siteId, input.cartToken)))
          throw new CheckoutError('cart-not-found', CHECKOUT_MESSAGES.emptyCart, 404);
        throw new CheckoutError('cart-purchased', CHECKOUT_MESSAGES.cartPurchased, 409);
      }

      const priced = await price(trx, siteId, cart, input);
      const { totals, entries, site } = priced;
      if (entries.length === 0) throw new CheckoutError('empty-cart', CHECKOUT_MESSAGES.emptyCart);
      const tooMany = orderQuantityProblem(entries);
      if (tooMany) throw new CheckoutError('quantity-out-of-range', tooMany);
      // A product the owner took off sale (draft, private, …) after it went into the cart is not sold.
      for (const entry of entries) {
        if (!priced.forSale.has(entry.itemId)) {
          throw new CheckoutError(
            'item-not-for-sale',
            `${entry.title} is no longer available in the store. Remove it from your cart to continue.`,
            409,
          );
        }
      }
      const minimum = subtotalMinimumMessage(
        totals.subtotalCents,
        site.subtotalMinimumCents,
        site.currency,
        site.locale,
      );
      if (minimum) throw new CheckoutError('subtotal-minimum', minimum);
      if (priced.giftCardProblem) throw new CheckoutError('gift-card-invalid', priced.giftCardProblem);
      if (priced.invalidCoupons.length > 0)
        throw new CheckoutError('coupon-invalid', priced.invalidCoupons[0]!.message);
      const requiresShipping = entries.some((e) => e.productType === ProductType.PHYSICAL);
      const notShipped = requiresShipping && shippingCountryProblemAmong(priced.shippingCountries, input.country);
      if (notShipped) throw new CheckoutError('country-not-shipped', notShipped);
      if (requiresShipping && !priced.shippingOption) {
        throw new CheckoutError('shipping-required', CHECKOUT_MESSAGES.shippingRequired);
      }
      if (requiresShipping && !validAddress(input.shippingAddress)) {
        throw new CheckoutError('address-required', CHECKOUT_MESSAGES.addressRequired);
      }

      let plan: SubscriptionPlan | undefined;
      if (cart.kind === 'subscription') {
        const product = priced.products.get(entries[0]!.itemId);
        if (!product || entries.length !== 1 || !isSubscribable(product)) {
          throw new CheckoutError('not-subscribable', CHECKOUT_MESSAGES.notSubscribable);
        }
        plan = product.structuredContent.subscriptionPlan as SubscriptionPlan | undefined;
        if (!plan?.billingPeriod) throw new CheckoutError('not-subscribable', CHECKOUT_MESSAGES.notSubscribable);
      }

      // Read before the stock and order-number rows are locked, so the locks are held for writes only.
      const webhookEndpoints = await enabledWebhookEndpoints(trx, siteId);
      // Stock: checked and taken in one statement per variant, in a fixed order (no deadlocks).
      const lines = entries.map((e) => ({
        itemId: e.itemId,
        sku: e.chosenVariant.sku,
        quantity: e.quantity,
        title: e.title,
        productType: e.productType,
      }));
      for (const line of inStockOrder(lines)) {
        if (!(await takeStockFor(trx, line.productType, line))) {
          throw new CheckoutError('not-enough-stock', `${CHECKOUT_MESSAGES.outOfStock} (${line.title})`, 409);
        }
      }

      // Gift card: drawn down only if the balance still covers the amount (no double spend).
      if (priced.giftCard && totals.giftCardCents > 0) {
        const drawn = await trx
          .updateTable('gift_cards')
          .set((eb) => ({ balance_cents: eb('balance_cents', '-', totals.giftCardCents), updated_at: now }))
          .where('id', '=', priced.giftCard.id)
          .where('balance_cents', '>=', totals.giftCardCents)
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(drawn.numUpdatedRows) !== 1) {
          throw new CheckoutError('gift-card-changed', 'The gift card balance changed. Please review your order.', 409);
        }
        await trx
          .insertInto('gift_card_redemptions')
          .values({
            id: newId(),
            gift_card_id: priced.giftCard.id,
            order_id: orderId,
            amount_cents: totals.giftCardCents,
            created_at: now,
          })
          .execute();
      }

      // Payment of what the gift card does not cover.
      let status = 'confirmed';
      let paymentStatus = 'paid';
      let savedReference = 'gift-card';
      let paymentRow: Insertable<PaymentsTable> | undefined;
      // Paid on a provider's page (issue 17): pending until the provider says paid (`domains/payments/flow/`).
      const hosted = input.payment.kind === 'hosted' && totals.amountDueCents > 0 ? input.payment.provider : undefined;
      if (hosted) {
        status = 'received';
        paymentStatus = 'pending';
        paymentRow = pendingHostedCharge(orderId, hosted, totals.amountDueCents, now);
      } else if (totals.amountDueCents > 0) {
        const provider = payments.forMethod(input.payment);
        if (!provider) throw new CheckoutError('payment-method', CHECKOUT_MESSAGES.paymentFailed, 402);
        const refused = await paymentRefusal(trx, siteId, payments, provider, site.payment);
        if (refused) throw new CheckoutError(refused.code, refused.message, refused.status);
        const charged = await provider.charge({
          amountCents: totals.amountDueCents,
          currency: site.currency,
          orderId,
          method: input.payment,
        });
        if (charged.status === 'declined') throw new CheckoutError('card-declined', charged.message, 402);
        if (charged.status === 'failed') throw new CheckoutError('payment-failed', charged.message, 402);
        if (charged.status === 'pending') {
          status = 'received';
          paymentStatus = 'pending';
        }
        savedReference = charged.savedReference;
        paymentRow = {
          id: newId(),
          order_id: orderId,
          provider: provider.id,
          kind: 'charge',
          status: charged.status,
          amount_cents: totals.amountDueCents,
          reference: charged.reference,
          created_at: now,
        };
      }

      // A hosted payment's subscription starts when the payment settles.
      const subscriptionId = plan && !hosted ? newId() : null;
      const orderNumber = await nextOrderNumber(trx, siteId);
      const row: OrderRow = {
        id: orderId,
        site_id: siteId,
        order_number: orderNumber,
        cart_id: cart.id,
        site_user_id: input.siteUserId ?? null,
        customer_email: email,
        customer_name: (input.name ?? '').trim().slice(0, 200),
        shipping_address: requiresShipping ? JSON.stringify(input.shippingAddress) : null,
        currency: site.currency,
        subtotal_cents: totals.subtotalCents,
        discount_cents: totals.discountCents,
        shipping_cents: totals.shippingCostCents,
        tax_cents: totals.taxCents,
        grand_total_cents: totals.grandTotalCents,
        gift_card_cents: totals.giftCardCents,
        amount_due_cents: totals.amountDueCents,
        refunded_cents: 0,
        shipping_option: priced.shippingOption ? JSON.stringify(priced.shippingOption) : null,
        coupons: JSON.stringify(priced.validCoupons),
        tax_lines: JSON.stringify(
          totals.taxLines.map((t) => ({
            ...t,
            taxShipping: priced.taxRules.find((rule) => rule.id === t.id)?.taxShipping ?? false,
          })),
        ),
        status,
        payment_status: paymentStatus,
        fulfillment_status: 'pending',
        subscription_id: subscriptionId,
        fulfilled_at: null,
        stock_held_until: hosted
          ? await hostedHoldUntil(trx, siteId, now)
          : paymentStatus === 'pending'
            ? await stockHeldUntil(trx, siteId, now)
            : null,
        gift_card_recipient: entries.some((e) => e.productType === ProductType.GIFT_CARD) ? recipient : null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto('orders').values(row).execute();
      // Outgoing webhooks (issue 21): written with the order, posted by the `webhooks` job.
      const event = { siteId, data: orderEventData(row), now };
      await recordWebhookEvent(trx, { ...event, type: 'order.created' }, webhookEndpoints);
      if (row.payment_status === 'paid')
        await recordWebhookEvent(trx, { ...event, type: 'order.paid' }, webhookEndpoints);
      if (paymentRow) await trx.insertInto('payments').values(paymentRow).execute();
      if (hosted) await recordHostedSession(trx, row, hosted, plan ?? null);
      await trx
        .insertInto('order_lines')
        .values(
          entries.map((e) => ({
            id: newId(),
            order_id: orderId,
            item_id: e.itemId,
            sku: e.chosenVariant.sku,
            title: e.title,
            attributes: JSON.stringify(e.chosenVariant.attributes),
            product_type: e.productType,
            quantity: e.quantity,
            unit_price_cents: e.purchasePriceCents,
            line_total_cents: e.subTotalCents,
            additional_fields: e.additionalFields,
          })),
        )
        .execute();

      // A hosted payment's confirmation is mailed when it settles.
      const mail: OrderMail[] = hosted ? [] : [confirmationMail(row, entries)];

      // Gift cards bought in this order exist only once it is paid; a pending order issues them when
      // the owner marks it paid (`gift-card-issuance.ts`, `order-payment.ts`).
      // (An order without a gift card line has none to issue: no query, issue 20.)
      if (paymentStatus === 'paid' && row.gift_card_recipient !== null)
        mail.push(...(await issueOrderGiftCards(trx, row, now)).mail);

      if (plan && subscriptionId) {
        const entry = entries[0]!;
        await startSubscription(trx, {
          subscriptionId,
          siteId,
          siteUserId: input.siteUserId ?? null,
          email,
          itemId: entry.itemId,
          sku: entry.chosenVariant.sku,
          quantity: entry.quantity,
          plan,
          orderId,
          paymentReference: savedReference,
          now,
        });
      }
      return { row, mail };
    });
  }

  return {
    siteInfo: (siteId) => siteInfo(siteId),
    nextOrderNumber,

    async quote(siteId, input) {
      await ready(siteId);
      const cart = await findCart(db, siteId, input.cartToken);
      if (!cart || cart.purchased === 1) return undefined;
      return cartView(siteId, await price(db, siteId, cart, input));
    },

    async placeOrder(siteId, input) {
      await ready(siteId);
      const earlier = await existingOrder(siteId, input);
      if (earlier) return { order: orderSummary(earlier), created: false, mail: [] };
      try {
        const { row, mail } = await place(siteId, input);
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
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('id', '=', orderId)
        .executeTakeFirst();
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

function validAddress(address: Address | null | undefined): boolean {
  if (!address) return false;
  return [address.line1, address.city, address.postalCode, address.country].every(
    (part) => typeof part === 'string' && part.trim().length > 0,
  );
}

/** Amounts in mail: core's currency table decides the digits (`moneyText`). */
const money = moneyText;

/** The order confirmation (or "received") mail; hosted payments send it when they settle. */
export function confirmationMail(
  order: OrderRow,
  entries: readonly Pick<CartEntry, 'quantity' | 'title' | 'subTotalCents'>[],
): OrderMail {
  const lines = entries.map((e) => `  ${e.quantity} × ${e.title} — ${money(e.subTotalCents, order.currency)}`);
  const pending = order.status === 'received';
  return {
    to: order.customer_email,
    subject: `${pending ? 'Order received' : 'Order confirmed'}: #${order.order_number}`,
    text: [
      `Thank you for your order #${order.order_number}.`,
      pending ? 'We will be in touch about payment.' : 'Your payment was received.',
      '',
      ...lines,
      '',
      `Subtotal: ${money(order.subtotal_cents, order.currency)}`,
      order.discount_cents ? `Discount: -${money(order.discount_cents, order.currency)}` : '',
      `Shipping: ${money(order.shipping_cents, order.currency)}`,
      `Tax: ${money(order.tax_cents, order.currency)}`,
      order.gift_card_cents ? `Gift card: -${money(order.gift_card_cents, order.currency)}` : '',
      `Total: ${money(order.grand_total_cents, order.currency)}`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}
