import {
  fulfilledAnswer,
  markedPaidAnswer,
  orderDetailAnswer,
  orderListQuery as listQuery,
  orderPage,
  refundAnswer,
  type SubscriptionRenewal,
} from '@tessera/core/contracts/orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { requireOwner } from '../auth/index.js';
import { siteRow } from '../../platform/db/site-row.js';
import type { OrderRow, PaymentsTable } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/aliases.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { parseInput } from '../../platform/http/validate.js';
import { decodeCursor, pageOf } from '../restock/index.js';
import { type CheckoutService, orderSummary } from './checkout-service.js';
import { markOrderPaid } from './order-payment.js';
import { orderEventData, recordWebhookEvent } from '../webhooks/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { subscriptionRenewalState } from '../subscriptions/index.js';
import { refundOrder } from './refunds.js';
import { orderIdParams, refundBody } from './schemas.js';
import type { ErrorCode } from '../../platform/errors/index.js';

/** Without `limit` a page holds the newest 200 orders, as the list always answered. */
const PAGE = { default: 200 } as const;

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** `%` and `_` typed by the owner match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An order number as typed ("1042", "#1042"), or undefined when the text is not one. */
export function orderNumberOf(text: string): number | undefined {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

type PaymentRow = Pick<
  Selectable<PaymentsTable>,
  'provider' | 'kind' | 'status' | 'amount_cents' | 'reference' | 'created_at'
>;

/** What happened to an order, oldest first: placed, charged, fulfilled, refunded. */
export function orderHistory(order: OrderRow, payments: readonly PaymentRow[]) {
  const events: { at: string; kind: string; amountCents?: number; text: string }[] = [
    { at: order.created_at, kind: 'placed', text: `Order #${order.order_number} placed by ${order.customer_email}` },
  ];
  for (const p of payments) {
    if (p.kind === 'charge') {
      events.push({
        at: p.created_at,
        kind: p.status === 'pending' ? 'payment-pending' : 'charged',
        amountCents: p.amount_cents,
        text: p.status === 'pending' ? `Payment pending (${p.provider})` : `Charged through ${p.provider}`,
      });
    } else if (p.kind === 'refund') {
      // A pending refund was claimed and is on its way (or waits for the recovery job after a crash).
      const [kind, text] =
        p.status === 'pending'
          ? (['refund-pending', `Refund on its way (${p.provider})`] as const)
          : p.status === 'failed'
            ? (['refund-failed', `Refund failed at ${p.provider}`] as const)
            : (['refunded', `Refunded through ${p.provider}`] as const);
      events.push({ at: p.created_at, kind, amountCents: p.amount_cents, text });
    }
  }
  if (order.fulfilled_at) events.push({ at: order.fulfilled_at, kind: 'fulfilled', text: 'Marked fulfilled' });
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function listItem(row: OrderRow) {
  return {
    ...orderSummary(row),
    customerName: row.customer_name,
    fulfillmentStatus: row.fulfillment_status,
    refundedCents: row.refunded_cents,
  };
}

/**
 * The owner's order routes (group `store`): the list with search, a status filter and keyset
 * pages; one order with its lines, addresses, payments and history; mark fulfilled; mark a
 * pending order paid (which issues its gift cards); refund through the provider that charged it.
 */
export function registerOrderAdminRoutes(
  app: FastifyInstance,
  deps: { service: CheckoutService; payments: PaymentProviders; mail: MailService },
): void {
  const { service, payments, mail } = deps;
  const store = { preHandler: requireOwner('store') };
  const fail = (reply: FastifyReply, status: number, error: ErrorCode, message: string, extra = {}) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error, message, ...extra });

  app.get(
    '/api/config/orders',
    { ...store, config: { contract: { query: listQuery, response: { 200: orderPage } } } },
    async (request) => {
      const input = parseInput(listQuery, request.query, 'query');
      const siteId = request.owner!.websiteId;
      const limit = input.limit ?? PAGE.default;
      const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, 2);
      if (input.cursor !== undefined && !after)
        throw new AppError('invalid-body', 'cursor: This page cursor is not valid.');
      let select = app.db
        .selectFrom('orders')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1);
      switch (input.status) {
        case 'unfulfilled':
          // Cancelled orders (unpaid, stock hold ran out) are not waiting to be shipped.
          select = select
            .where('fulfillment_status', '!=', 'fulfilled')
            .where('payment_status', '!=', 'refunded')
            .where('status', '!=', 'cancelled');
          break;
        case 'fulfilled':
          select = select.where('fulfillment_status', '=', 'fulfilled');
          break;
        case 'payment-pending':
          select = select.where('payment_status', '=', 'pending');
          break;
        case 'refunded':
          select = select.where('refunded_cents', '>', 0);
          break;
      }
      const q = input.q?.replace(/\u0000/g, '');
      if (q) {
        const number = orderNumberOf(q);
        const pattern = likePattern(q);
        select = select.where((eb) =>
          eb.or([
            ...(number !== undefined ? [eb('order_number', '=', number)] : []),
            eb(sql`lower(customer_email)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(customer_name)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      if (after) {
        const [createdAt, id] = after as [string, string];
        select = select.where((eb) =>
          eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
        );
      }
      const page = pageOf(await select.execute(), limit, (row) => [row.created_at, row.id]);
      const { locale } = await service.siteInfo(siteId);
      return {
        orders: page.rows.map(listItem),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
        locale,
      };
    },
  );

  app.get(
    '/api/config/orders/:orderId',
    { ...store, config: { contract: { params: orderIdParams, response: { 200: orderDetailAnswer } } } },
    async (request, reply) => {
      const { orderId } = parseInput(orderIdParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const order = await service.getOrder(siteId, orderId);
      const row = await siteRow(app.db, 'orders', siteId, orderId);
      if (!order || !row) return fail(reply, 404, 'not-found', 'That order does not exist.');
      const paid = await app.db
        .selectFrom('payments')
        .select(['provider', 'kind', 'status', 'amount_cents', 'reference', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute();
      const site = await service.siteInfo(siteId);
      return {
        order: {
          ...order,
          locale: site.locale,
          customerName: row.customer_name,
          fulfillmentStatus: row.fulfillment_status,
          fulfilledAt: row.fulfilled_at,
          refundedCents: row.refunded_cents,
          refundableCents: paid.some((p) => p.kind === 'charge' && p.status === 'succeeded')
            ? row.amount_due_cents - row.refunded_cents
            : 0,
          shippingAddress: parseJson<Record<string, string> | null>(row.shipping_address, null),
          shippingOption: parseJson<{ name?: string; amountCents?: number } | null>(row.shipping_option, null),
          coupons: parseJson<{ code: string; kind: string; value: number }[]>(row.coupons, []),
          taxLines: parseJson<{ name: string; amountCents?: number }[]>(row.tax_lines, []),
          payments: paid.map((p) => ({
            provider: p.provider,
            kind: p.kind,
            status: p.status,
            amountCents: p.amount_cents,
            reference: p.reference,
            createdAt: p.created_at,
          })),
          history: orderHistory(row, paid),
          // A renewal's subscription: whether renewals go through, wait for the buyer, or are paused (issue 17).
          subscription: (await subscriptionRenewalState(app.db, row.subscription_id)) as SubscriptionRenewal | null,
        },
      };
    },
  );

  app.post(
    '/api/config/orders/:orderId/fulfill',
    { ...store, config: { contract: { params: orderIdParams, response: { 200: fulfilledAnswer } } } },
    async (request, reply) => {
      const { orderId } = parseInput(orderIdParams, request.params, 'address');
      const now = new Date().toISOString();
      const siteId = request.owner!.websiteId;
      const updated = await app.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('orders')
          .set({ fulfillment_status: 'fulfilled', fulfilled_at: now, updated_at: now })
          .where('id', '=', orderId)
          .where('site_id', '=', siteId)
          .where('fulfillment_status', '!=', 'fulfilled')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) {
          const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
          await recordWebhookEvent(trx, { siteId, type: 'order.fulfilled', data: orderEventData(order), now });
        }
        return moved;
      });
      if (Number(updated.numUpdatedRows) === 0) {
        const exists = await app.db
          .selectFrom('orders')
          .select('id')
          .where('id', '=', orderId)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
        if (!exists) return fail(reply, 404, 'not-found', 'That order does not exist.');
      }
      return { ok: true };
    },
  );

  app.post(
    '/api/config/orders/:orderId/refund',
    { ...store, config: { contract: { params: orderIdParams, body: refundBody, response: { 200: refundAnswer } } } },
    async (request, reply) => {
      const { orderId } = parseInput(orderIdParams, request.params, 'address');
      const body = parseInput(refundBody, request.body ?? {});
      const siteId = request.owner!.websiteId;
      const outcome = await refundOrder(app.db, payments, {
        siteId,
        orderId,
        amountCents: body.amountCents,
        locale: async () => (await service.siteInfo(siteId)).locale,
        hosted: app.services.hostedPayments?.registry,
      });
      if (!outcome.ok) return fail(reply, outcome.status, outcome.error, outcome.message, outcome.extra);
      return outcome;
    },
  );

  // "Pay later" orders: the owner records the payment; the gift cards the order bought are issued then.
  app.post(
    '/api/config/orders/:orderId/mark-paid',
    { ...store, config: { contract: { params: orderIdParams, response: { 200: markedPaidAnswer } } } },
    async (request, reply) => {
      const { orderId } = parseInput(orderIdParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const outcome = await markOrderPaid(app.db, siteId, orderId);
      if (!outcome.ok) return fail(reply, outcome.status, outcome.error, outcome.message);
      // Paid by hand: the provider's page stops taking payment, so the buyer cannot pay twice.
      if (outcome.hosted) await app.services.hostedPayments?.flow.closeAfterMarkedPaid(siteId, orderId);
      // The payment is recorded whatever happens to the mail; a failed send is logged.
      await Promise.all(
        outcome.mail.map((message) =>
          mail.send({ ...message, siteId }).catch((error) => request.log.warn({ err: error }, 'order mail failed')),
        ),
      );
      return {
        ok: true,
        order: orderSummary(outcome.order),
        giftCards: outcome.giftCards.map((card) => ({
          id: card.id,
          last4: card.last4,
          action: card.action,
          balanceCents: card.balanceCents,
          recipientEmail: card.recipientEmail,
        })),
      };
    },
  );
}
