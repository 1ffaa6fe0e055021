import type { BillingPeriod } from '@tessera/core';
import type { Kysely } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { claimRenewalRetry, releaseWaitingRenewal } from './hosted-renewal.js';
import {
  type HostedPaymentProvider,
  type HostedRegistry,
  type PaymentProviders,
  REFUND_RECOVERY_AFTER_MS,
} from '../payments/index.js';
import { expectClaimed, isClaimConflict, takeLease } from '../../platform/db/claims.js';
import {
  type ClaimedCycle,
  type CycleCharge,
  claimCycleCharge,
  type SubscriptionRow,
  staleChargingCycles,
} from './renewal-claim.js';
import { chargeClaimedCycle, recordClaimedCycle } from './renewal-record.js';

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
  /**
   * `awaiting-payment`: a hosted provider could not charge off-session; the order waits for the
   * buyer and the charge is retried (`hosted-renewal.ts`); `paused`: that was the last retry;
   * `paid-by-buyer`: the buyer paid the waiting order before the retry.
   */
  status: 'ordered' | 'out-of-stock' | 'payment-failed' | 'awaiting-payment' | 'paused' | 'paid-by-buyer';
  orderId: string | null;
  /** Why an off-session charge did not go through: `requires-action` or `declined`, and the provider's words. */
  renewalState?: 'requires-action' | 'declined';
  message?: string;
}

export interface RenewalScheduler {
  /** Creates every renewal due at `now` (catching up missed cycles one by one); answers what it did. */
  runDue(now?: Date): Promise<RenewalOutcome[]>;
  /** Waits for the run under way, if any (the server closing). */
  stop(): Promise<void>;
}

export interface RenewalSchedulerOptions {
  payments: PaymentProviders;
  nextOrderNumber: (trx: import('kysely').Transaction<Database>, siteId: string) => Promise<number>;
  /** Called after each renewal order is committed (the plugin mails the customer). */
  onOrdered?: (outcome: RenewalOutcome) => Promise<void> | void;
  /** The site's hosted providers (issue 17), asked when a renewal runs; they register after checkout. */
  hosted?: () => Pick<HostedRegistry, 'connected'> | undefined;
  /** Called when a renewal order waits for the buyer to pay (the plugin mails them the link). */
  onAwaitingPayment?: (outcome: RenewalOutcome) => Promise<void> | void;
}

/**
 * Subscription renewals. `runDue` is called by the `renewals` job (jobs.ts: once per slot
 * across nodes). Each cycle of a subscription is claimed by inserting its (subscription_id, cycle)
 * row, which is unique: two processes, or a restart halfway, can never bill a cycle twice; cycles
 * that fell due while the server was down are created at the next run, one by one.
 *
 * A renewal runs in three steps (issue 20): the claim's transaction (the cycle, its stock and what
 * it charges, `renewal-claim.ts`), the provider's answer with no transaction open, and the outcome's
 * transaction (`renewal-record.ts`). A cycle a crash left between the two transactions is charged
 * again under the same key and recorded by the next run after `REFUND_RECOVERY_AFTER_MS`.
 */
export function createRenewalScheduler(db: Kysely<Database>, options: RenewalSchedulerOptions): RenewalScheduler {
  let running: Promise<unknown> = Promise.resolve();

  /** Bills the cycle now due, or (`retry`) tries again the cycle whose hosted charge failed. */
  async function renewOne(subscriptionId: string, now: string, retry = false): Promise<RenewalOutcome | undefined> {
    const hosted = await hostedProvidersOf(await siteOfSubscription(subscriptionId));
    let claimed: { sub: SubscriptionRow; claim: ClaimedCycle | RenewalOutcome } | undefined;
    try {
      claimed = await db.transaction().execute(async (trx) => {
        const sub = await rowWhere(trx, 'subscriptions', { id: subscriptionId, status: 'active' });
        if (!sub) return undefined;
        if (retry) {
          const taken = await claimRenewalRetry(trx, sub, now);
          if (taken.kind === 'paid') return { sub, claim: taken.outcome };
          if (taken.kind !== 'charge') return undefined;
          const cycle = { cycle: taken.cycle, dueAt: taken.dueAt, attempts: sub.renewal_attempts };
          return { sub, claim: await claimCycleCharge(trx, sub, cycle, now) };
        }
        if (!sub.next_billing_at || sub.next_billing_at > now) return undefined;
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
        expectClaimed(advanced);
        return { sub, claim: await claimCycleCharge(trx, sub, { cycle, dueAt, attempts: 0 }, now) };
      });
    } catch (error) {
      // Another process claimed this cycle first (unique cycle row or moved counter): not ours.
      if (isClaimConflict(error)) return undefined;
      throw error;
    }
    if (!claimed) return undefined;
    const { sub, claim } = claimed;
    if (!('charge' in claim)) return claim;
    return chargeAndRecord(sub, claim, hosted, now);
  }

  async function chargeAndRecord(
    sub: SubscriptionRow,
    claim: ClaimedCycle,
    hosted: readonly HostedPaymentProvider[],
    now: string,
  ): Promise<RenewalOutcome | undefined> {
    const result = await chargeClaimedCycle(db, options, sub, claim, hosted);
    return recordClaimedCycle(db, options, claim, result, now);
  }

  /**
   * Cycles a crash left `charging` for longer than `REFUND_RECOVERY_AFTER_MS` (the provider may or
   * may not have charged): each is taken by one caller (a conditional update of its `claimed_at`),
   * charged again under its attempt's key with the amount its row kept (the provider answers with
   * the payment it took, if it took one) and recorded. The cycle fell due and was claimed while the
   * subscription was active, so it is billed even if the subscription was cancelled since.
   */
  async function recoverCharging(at: Date): Promise<RenewalOutcome[]> {
    const now = at.toISOString();
    const before = new Date(at.getTime() - REFUND_RECOVERY_AFTER_MS).toISOString();
    const outcomes: RenewalOutcome[] = [];
    for (const row of await staleChargingCycles(db, before)) {
      if (!row.charge || !row.claimed_at) continue;
      const lease = { id: row.id, status: 'charging', seen: row.claimed_at };
      if (!(await takeLease(db, 'subscription_cycles', lease, now))) continue;
      const sub = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', row.subscription_id)
        .executeTakeFirst();
      if (!sub) continue;
      const claim: ClaimedCycle = {
        subscriptionId: sub.id,
        cycle: row.cycle,
        dueAt: row.due_at,
        claimedAt: now,
        charge: JSON.parse(row.charge) as CycleCharge,
        recovered: true,
      };
      const outcome = await chargeAndRecord(sub, claim, await hostedProvidersOf(sub.site_id), now);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  /**
   * The hosted providers of a site, read outside any transaction: a stored connection is read from
   * the database, and on SQLite a read beside an open transaction waits for it.
   */
  async function hostedProvidersOf(siteId: string | undefined): Promise<readonly HostedPaymentProvider[]> {
    const registry = options.hosted?.();
    return registry && siteId ? registry.connected(siteId) : [];
  }

  /** The site of a subscription, for `hostedProvidersOf` before its renewal's transaction. */
  async function siteOfSubscription(subscriptionId: string): Promise<string | undefined> {
    if (!options.hosted) return undefined;
    const row = await db
      .selectFrom('subscriptions')
      .select('site_id')
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    return row?.site_id;
  }

  /** The ids of active subscriptions whose `column` time has come by `now`, soonest first. */
  const activeDue = (column: 'next_billing_at' | 'renewal_retry_at', now: string, limit: number) =>
    db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .where(column, '<=', now)
      .orderBy(column)
      .limit(limit)
      .execute();

  async function runDue(at = new Date()): Promise<RenewalOutcome[]> {
    const now = at.toISOString();
    const outcomes: RenewalOutcome[] = [];
    for (const outcome of await recoverCharging(at)) {
      outcomes.push(outcome);
      await notify(outcome);
    }
    for (let round = 0; round < 1000; round++) {
      const due = await activeDue('next_billing_at', now, 50);
      if (due.length === 0) break;
      let progressed = false;
      for (const { id } of due) {
        const outcome = await renewOne(id, now);
        if (outcome) {
          outcomes.push(outcome);
          progressed = true;
          await notify(outcome);
        }
      }
      if (!progressed) break;
    }
    // Hosted renewals that failed off-session, due for another try.
    const retries = await activeDue('renewal_retry_at', now, 200);
    for (const { id } of retries) {
      await releaseWaitingRenewal(db, id, at);
      const outcome = await renewOne(id, now, true);
      if (outcome) {
        outcomes.push(outcome);
        await notify(outcome);
      }
    }
    return outcomes;
  }

  async function notify(outcome: RenewalOutcome): Promise<void> {
    if (outcome.status === 'ordered') await options.onOrdered?.(outcome);
    if (outcome.status === 'awaiting-payment' || outcome.status === 'paused')
      await options.onAwaitingPayment?.(outcome);
  }

  return {
    runDue: (now) => {
      const result = running.then(() => runDue(now));
      running = result.catch(() => {});
      return result;
    },
    async stop() {
      await running.catch(() => {});
    },
  };
}
