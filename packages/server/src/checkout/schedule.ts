import { type BillingPeriod, computeCheckoutTotals, type ShippingOption, type TaxRule } from '@tessera/core';
import type { Kysely } from 'kysely';
import { loadProducts } from '../content/product-repository.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { paymentRefusal } from './payment-settings.js';
import type { PaymentProviders } from './payments/index.js';
import { stockHeldUntil } from './stock-holds.js';
import { returnStock, takeStock } from './stock.js';

/**
 * `iso` moved forward by `count` billing periods, in UTC. Months keep the day of the month when it
 * exists and otherwise end on the last day (31 January + 1 month = 28/29 February).
 */
export function addBillingPeriod(iso: string, period: BillingPeriod, count = 1): string {
  const date = new Date(iso);
  const value = Math.max(1, Math.trunc(Number(period.value) || 1)) * count;
  if (period.unit === 'WEEK') return new Date(date.getTime() + value * 7 * 86_400_000).toISOString();
  const months = period.unit === 'YEAR' ? value * 12 : value;
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export interface RenewalOutcome {
  subscriptionId: string;
  cycle: number;
  status: 'ordered' | 'out-of-stock' | 'payment-failed';
  orderId: string | null;
}

export interface RenewalScheduler {
  /** Creates every renewal due at `now` (catching up missed cycles one by one); answers what it did. */
  runDue(now?: Date): Promise<RenewalOutcome[]>;
  start(): void;
  stop(): Promise<void>;
}

export interface RenewalSchedulerOptions {
  payments: PaymentProviders;
  nextOrderNumber: (trx: import('kysely').Transaction<Database>, siteId: string) => Promise<number>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
  /** Called after each renewal order is committed (the plugin mails the customer). */
  onOrdered?: (outcome: RenewalOutcome) => Promise<void> | void;
}

/**
 * The in-process renewal scheduler. Each cycle of a subscription is claimed by inserting its
 * (subscription_id, cycle) row, which is unique: two processes, or a restart halfway, can never
 * bill a cycle twice. On start it runs at once, so cycles that fell due while the server was down
 * are created then.
 */
export function createRenewalScheduler(db: Kysely<Database>, options: RenewalSchedulerOptions): RenewalScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function renewOne(subscriptionId: string, now: string): Promise<RenewalOutcome | undefined> {
    try {
      return await db.transaction().execute(async (trx) => {
        const sub = await trx
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', subscriptionId)
          .where('status', '=', 'active')
          .executeTakeFirst();
        if (!sub?.next_billing_at || sub.next_billing_at > now) return undefined;
        const cycle = sub.next_cycle;
        const dueAt = sub.next_billing_at;
        await trx
          .insertInto('subscription_cycles')
          .values({
            id: newId(),
            subscription_id: sub.id,
            cycle,
            order_id: null,
            status: 'pending',
            due_at: dueAt,
            created_at: now,
          })
          .execute();
        const plan = JSON.parse(sub.plan) as { billingPeriod: BillingPeriod };
        const finished = sub.cycles_total > 0 && cycle >= sub.cycles_total;
        const advanced = await trx
          .updateTable('subscriptions')
          .set({
            next_cycle: cycle + 1,
            next_billing_at: finished ? null : addBillingPeriod(dueAt, plan.billingPeriod, 1),
            status: finished ? 'completed' : 'active',
            updated_at: now,
          })
          .where('id', '=', sub.id)
          .where('next_cycle', '=', cycle)
          .executeTakeFirst();
        if (Number(advanced.numUpdatedRows) !== 1) throw new Error('cycle-taken');

        const finish = async (status: RenewalOutcome['status'], orderId: string | null) => {
          await trx
            .updateTable('subscription_cycles')
            .set({ status, order_id: orderId })
            .where('subscription_id', '=', sub.id)
            .where('cycle', '=', cycle)
            .execute();
          return { subscriptionId: sub.id, cycle, status, orderId };
        };

        const first = await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', sub.first_order_id)
          .executeTakeFirst();
        const product = (await loadProducts(trx, sub.site_id, [sub.item_id], first?.currency ?? 'USD')).get(
          sub.item_id,
        );
        const variant = product?.structuredContent.variants.find((v) => v.sku === sub.sku);
        if (!first || !product || !variant) return finish('out-of-stock', null);
        const stockLine = { itemId: sub.item_id, sku: sub.sku, quantity: sub.quantity };
        if (!(await takeStock(trx, stockLine))) return finish('out-of-stock', null);

        const unit = variant.onSale ? variant.salePrice : variant.price;
        const shipping = first.shipping_option ? (JSON.parse(first.shipping_option) as ShippingOption) : null;
        const taxRules = (
          JSON.parse(first.tax_lines) as { id: string; name: string; rateBasisPoints: number; taxShipping?: boolean }[]
        ).map((t): TaxRule => ({ ...t, taxShipping: t.taxShipping ?? true }));
        const totals = computeCheckoutTotals({
          lines: [{ quantity: sub.quantity, unitPriceCents: unit }],
          shipping,
          taxRules,
        });
        const orderId = newId();
        const method = { kind: 'saved' as const, reference: sub.payment_reference };
        const found = options.payments.forMethod(method);
        // Test cards renew only in test mode; pay later only while the store offers it.
        const provider =
          found && !(await paymentRefusal(trx, sub.site_id, options.payments, found)) ? found : undefined;
        const charged = provider
          ? await provider.charge({ amountCents: totals.grandTotalCents, currency: first.currency, orderId, method })
          : undefined;
        if (!provider || !charged || charged.status === 'declined' || charged.status === 'failed') {
          // Put the stock back: no order this cycle.
          await returnStock(trx, stockLine);
          return finish('payment-failed', null);
        }
        const pending = charged.status === 'pending';
        await trx
          .insertInto('orders')
          .values({
            id: orderId,
            site_id: sub.site_id,
            order_number: await options.nextOrderNumber(trx, sub.site_id),
            cart_id: null,
            site_user_id: sub.site_user_id,
            customer_email: sub.customer_email,
            customer_name: first.customer_name,
            shipping_address: first.shipping_address,
            currency: first.currency,
            subtotal_cents: totals.subtotalCents,
            discount_cents: totals.discountCents,
            shipping_cents: totals.shippingCostCents,
            tax_cents: totals.taxCents,
            grand_total_cents: totals.grandTotalCents,
            gift_card_cents: 0,
            amount_due_cents: totals.amountDueCents,
            refunded_cents: 0,
            shipping_option: first.shipping_option,
            coupons: '[]',
            tax_lines: JSON.stringify(totals.taxLines),
            status: pending ? 'received' : 'confirmed',
            payment_status: pending ? 'pending' : 'paid',
            fulfillment_status: 'pending',
            subscription_id: sub.id,
            // An unpaid renewal holds its stock only as long as any unpaid order (finding 5).
            stock_held_until: pending ? await stockHeldUntil(trx, sub.site_id, now) : null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('order_lines')
          .values({
            id: newId(),
            order_id: orderId,
            item_id: sub.item_id,
            sku: sub.sku,
            title: product.title,
            attributes: JSON.stringify(variant.attributes),
            product_type: product.structuredContent.productType,
            quantity: sub.quantity,
            unit_price_cents: unit,
            line_total_cents: unit * sub.quantity,
            additional_fields: null,
          })
          .execute();
        await trx
          .insertInto('payments')
          .values({
            id: newId(),
            order_id: orderId,
            provider: provider.id,
            kind: 'charge',
            status: charged.status,
            amount_cents: totals.grandTotalCents,
            reference: charged.reference,
            created_at: now,
          })
          .execute();
        return finish('ordered', orderId);
      });
    } catch (error) {
      // Another process claimed this cycle first (unique cycle row or moved counter): not ours.
      const e = error as { code?: string; message?: string };
      if (e.code === '23505' || /UNIQUE constraint failed|cycle-taken/.test(e.message ?? '')) return undefined;
      throw error;
    }
  }

  async function runDue(at = new Date()): Promise<RenewalOutcome[]> {
    const now = at.toISOString();
    const outcomes: RenewalOutcome[] = [];
    for (let round = 0; round < 1000; round++) {
      const due = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('status', '=', 'active')
        .where('next_billing_at', '<=', now)
        .orderBy('next_billing_at')
        .limit(50)
        .execute();
      if (due.length === 0) break;
      let progressed = false;
      for (const { id } of due) {
        const outcome = await renewOne(id, now);
        if (outcome) {
          outcomes.push(outcome);
          progressed = true;
          if (outcome.status === 'ordered') await options.onOrdered?.(outcome);
        }
      }
      if (!progressed) break;
    }
    return outcomes;
  }

  const tick = () => {
    running = running.then(() => runDue()).catch((error) => options.onError?.(error));
  };

  return {
    runDue: (now) => {
      const result = running.then(() => runDue(now));
      running = result.catch(() => {});
      return result;
    },
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running.catch(() => {});
    },
  };
}
