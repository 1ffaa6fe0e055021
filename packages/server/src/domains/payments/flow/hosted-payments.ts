import type { Kysely } from 'kysely';
import { type OrderMail, type ExpiredHold, expiredOrderMail, releaseHeldOrder } from '../../checkout/index.js';
import { rowWhere } from '../../../platform/db/site-row.js';
import type { Database, HostedSessionRow } from '../../../platform/db/schema.js';
import { nowIso } from '../../../platform/ids.js';
import type { HostedPaymentProvider, HostedProviderId, RecurringTerms, SessionState } from '../hosted.js';
import type { HostedRegistry } from '../registry.js';
import { paymentFailedMail } from './mail.js';
import { type SettleOutcome, settleSession } from './settle.js';

/**
 * The hosted-payment flow, provider-neutral: open the provider's session for an order placed by
 * the checkout, reconcile with the provider when a webhook or the buyer's return says something
 * happened (always asking the provider, never trusting the message), and release the order when
 * the session expires or cannot be opened. Mail is sent by `deps.send` after each commit.
 */

export interface HostedPaymentsDeps {
  db: Kysely<Database>;
  registry: HostedRegistry;
  /** The site's public origin (`platform/http/public-url.ts`), for the return and cancel addresses. */
  baseUrl(siteId: string): Promise<string>;
  send(siteId: string, mail: readonly OrderMail[]): Promise<void>;
  warn(message: string, error?: unknown): void;
  /**
   * Told once an order's payment settled (after commit). Answers true when the order belongs to
   * another area that mails the payer itself (a donation's receipt replaces the order confirmation).
   */
  afterPaid?(siteId: string, orderId: string): Promise<boolean>;
}

export type StartOutcome = { ok: true; redirectUrl: string } | { ok: false; message: string };

export const HOSTED_MESSAGES = {
  notConnected: 'This payment method is not available right now. Please choose another one.',
  notWaiting: 'This order is no longer waiting for payment.',
  declined: 'The provider reported that the payment failed.',
  unavailable:
    'The payment page could not be opened, so the order was cancelled and nothing was charged. Please try again.',
} as const;

/** The idempotency key of an order's payment session: a retried request never opens a second one. */
export const sessionKey = (orderId: string) => `tessera-order-${orderId}`;

export function createHostedPayments(deps: HostedPaymentsDeps) {
  const { db, registry } = deps;

  const sessionOf = (orderId: string) =>
    db.selectFrom('hosted_sessions').selectAll().where('order_id', '=', orderId).executeTakeFirst();

  /**
   * Releases the order (the stock-hold claim: once) and closes its session row; mails the buyer if
   * released here. `failed` by the provider (a declined payment) is mailed; a session that never opened is not
   * (the buyer is told on the spot).
   */
  async function release(session: HostedSessionRow, reason: 'expired' | 'failed', message?: string, declined = false) {
    const released = await releaseHeldOrder(db, session.order_id, { paymentStatus: reason });
    await db
      .updateTable('hosted_sessions')
      .set({ status: reason, message: message ?? null, updated_at: nowIso() })
      .where('order_id', '=', session.order_id)
      .where('status', 'in', ['creating', 'open'])
      .execute();
    if (released && reason === 'expired') await deps.send(released.siteId, [expiredOrderMail(released)]);
    if (released && declined) await deps.send(released.siteId, [paymentFailedMail(released)]);
    return released;
  }

  async function apply(provider: HostedPaymentProvider, session: HostedSessionRow, state: SessionState) {
    if (state.orderId && state.orderId !== session.order_id) return { kind: 'unchanged' } as SettleOutcome;
    if (state.status === 'expired') {
      await release(session, 'expired');
      return { kind: 'unchanged' } as SettleOutcome;
    }
    if (state.status === 'failed') {
      await release(session, 'failed', HOSTED_MESSAGES.declined, true);
      return { kind: 'unchanged' } as SettleOutcome;
    }
    const outcome = await settleSession(db, provider, session, state);
    const mailedElsewhere =
      outcome.kind === 'paid' &&
      (await deps.afterPaid?.(session.site_id, session.order_id).catch((error) => {
        deps.warn(`after payment of ${session.order_id}`, error);
        return false;
      }));
    if (outcome.kind === 'unchanged') {
      if (outcome.message) deps.warn(`hosted payment ${session.order_id}: ${outcome.message}`);
    } else if (!mailedElsewhere) await deps.send(session.site_id, outcome.mail);
    return outcome;
  }

  return {
    /**
     * Opens the provider's session of an order the checkout just placed (or answers the one it has).
     * `recurring`: with a provider that schedules recurring payments itself, the session is its
     * subscription (the first payment is this order's); other providers keep the method instead.
     */
    async start(siteId: string, orderId: string, options: { recurring?: RecurringTerms } = {}): Promise<StartOutcome> {
      const session = await sessionOf(orderId);
      if (!session || session.site_id !== siteId) return { ok: false, message: HOSTED_MESSAGES.notWaiting };
      if (session.redirect_url && session.status === 'open') return { ok: true, redirectUrl: session.redirect_url };
      if (session.status !== 'creating') return { ok: false, message: HOSTED_MESSAGES.notWaiting };
      const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const provider = await registry.providerFor(siteId, session.provider as HostedProviderId);
      if (!provider) {
        await release(session, 'failed', HOSTED_MESSAGES.notConnected);
        return { ok: false, message: HOSTED_MESSAGES.notConnected };
      }
      const lines = await db
        .selectFrom('order_lines')
        .select(['title', 'quantity', 'unit_price_cents'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      const base = await deps.baseUrl(siteId);
      const back = (what: string) =>
        `${base}/checkout/payments/${provider.id}/${what}?order=${encodeURIComponent(orderId)}`;
      const created = await provider.createSession({
        orderId,
        orderNumber: order.order_number,
        siteId,
        amountCents: session.amount_cents,
        currency: session.currency,
        customerEmail: order.customer_email,
        lineItems: lines.map((l) => ({ name: l.title, quantity: l.quantity, unitAmountCents: l.unit_price_cents })),
        returnUrl: back('return'),
        cancelUrl: back('cancel'),
        expiresAt: new Date(session.expires_at),
        idempotencyKey: sessionKey(orderId),
        saveMethod: session.subscription_plan !== null || session.save_method === 1,
        ...(options.recurring && provider.subscriptions ? { recurring: options.recurring } : {}),
      });
      if (!created.ok) {
        deps.warn(`payment session for order ${orderId} failed: ${created.message}`);
        await release(session, 'failed', created.message);
        return { ok: false, message: HOSTED_MESSAGES.unavailable };
      }
      const now = nowIso();
      const opened = await db
        .updateTable('hosted_sessions')
        .set({ session_id: created.sessionId, redirect_url: created.redirectUrl, status: 'open', updated_at: now })
        .where('order_id', '=', orderId)
        .where('status', '=', 'creating')
        .executeTakeFirst();
      await db
        .updateTable('payments')
        .set({ reference: created.sessionId })
        .where('order_id', '=', orderId)
        .where('kind', '=', 'charge')
        .where('reference', '=', '')
        .execute();
      if (Number(opened.numUpdatedRows) !== 1) {
        // Released meanwhile (a sweep): the new session must not take money.
        const again = await sessionOf(orderId);
        if (again?.status !== 'open') {
          await provider.expireSession(created.sessionId).catch((error) => deps.warn('expire failed', error));
          return { ok: false, message: HOSTED_MESSAGES.notWaiting };
        }
      }
      return { ok: true, redirectUrl: created.redirectUrl };
    },

    /** Asks the provider about an order's session and applies the answer (the buyer's return, a webhook). */
    async reconcile(siteId: string, ref: { orderId?: string; sessionId?: string }, providerId: HostedProviderId) {
      const session = ref.orderId
        ? await sessionOf(ref.orderId)
        : await rowWhere(db, 'hosted_sessions', { provider: providerId, session_id: ref.sessionId ?? '' });
      if (!session?.session_id || session.site_id !== siteId || session.provider !== providerId) return undefined;
      const provider = await registry.providerFor(siteId, providerId);
      if (!provider) return undefined;
      const state = await provider.getSession(session.session_id);
      if (!state) return undefined;
      if (state.status === 'approved') {
        // Money moves only for an order still waiting: one released (hold ended, cancelled) or
        // already paid is never captured, so nothing needs refunding.
        const order = await db
          .selectFrom('orders')
          .select('payment_status')
          .where('id', '=', session.order_id)
          .executeTakeFirst();
        if (order?.payment_status !== 'pending') return session;
        const captured = await provider.capture(session.session_id, `tessera-capture-${session.order_id}`);
        if (!captured.ok) {
          deps.warn(`capture of order ${session.order_id} failed: ${captured.message}`);
          return session;
        }
        await apply(provider, session, captured.state);
      } else {
        await apply(provider, session, state);
      }
      return session;
    },

    /** The buyer gave up on the provider's page: the session is stopped and the order released now. */
    async cancel(siteId: string, orderId: string): Promise<ExpiredHold | undefined> {
      const session = await sessionOf(orderId);
      if (!session || session.site_id !== siteId || session.status !== 'open' || !session.session_id) return undefined;
      const provider = await registry.providerFor(siteId, session.provider as HostedProviderId);
      if (!provider) return undefined;
      await provider.expireSession(session.session_id);
      // The buyer may have paid in another tab meanwhile: the provider's answer decides.
      const state = await provider.getSession(session.session_id);
      if (state?.status === 'paid') {
        await apply(provider, session, state);
        return undefined;
      }
      return releaseHeldOrder(db, orderId, { paymentStatus: 'expired' }).then(async (released) => {
        await db
          .updateTable('hosted_sessions')
          .set({ status: 'cancelled', updated_at: nowIso() })
          .where('order_id', '=', orderId)
          .where('status', '=', 'open')
          .execute();
        return released;
      });
    },

    /**
     * After the owner marked a hosted order paid by hand (`markOrderPaid`): its provider session stops
     * taking payment, so the buyer cannot pay a second time.
     */
    async closeAfterMarkedPaid(siteId: string, orderId: string): Promise<void> {
      const session = await sessionOf(orderId);
      if (!session?.session_id || session.site_id !== siteId) return;
      const provider = await registry.providerFor(siteId, session.provider as HostedProviderId);
      await provider?.expireSession(session.session_id).catch((error) => deps.warn('expire failed', error));
    },

    /** After the stock-hold sweep cancelled orders: their provider sessions stop taking payment. */
    async afterHoldsExpired(holds: readonly ExpiredHold[]): Promise<void> {
      for (const hold of holds) {
        const session = await sessionOf(hold.orderId);
        if (!session) continue;
        await db
          .updateTable('hosted_sessions')
          .set({ status: 'expired', updated_at: nowIso() })
          .where('order_id', '=', hold.orderId)
          .where('status', 'in', ['creating', 'open'])
          .execute();
        if (!session.session_id) continue;
        const provider = await registry.providerFor(session.site_id, session.provider as HostedProviderId);
        await provider?.expireSession(session.session_id).catch((error) => deps.warn('expire failed', error));
      }
    },
  };
}

export type HostedPayments = ReturnType<typeof createHostedPayments>;
