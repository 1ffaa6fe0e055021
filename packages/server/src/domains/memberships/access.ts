import type { BillingPeriod } from '@tessera/core';
import type { AreaAccess } from '@tessera/core/contracts/member-areas';
import type { Kysely } from 'kysely';
import { addBillingPeriod } from '../subscriptions/index.js';
import type { Database } from '../../platform/db/schema.js';
import { membershipOf } from './repository.js';

// Who may see a member area, derived each time it is asked (never stored for paid plans):
// - an owner's revoke beats everything;
// - a free join or an owner's grant, until its `ends_at` (none: no end);
// - a one-time plan: each paid order of the plan's product by this site user, from the order's
//   date for the plan's `duration_days` (none: permanent);
// - a recurring plan: each subscription cycle of the plan's product whose order is paid covers one
//   billing period from the cycle's due date. A cancelled subscription or a failed renewal (its
//   order never paid) simply adds no more periods, so access ends where the paid period ends.
// Refunded, pending, expired or cancelled orders give nothing: access only follows a paid order.

export type AccessSource = 'free' | 'granted' | 'one-time' | 'recurring';

/** A site user's access to one area (the wire shape of every access answer). */
export type { AreaAccess };

/** One span of access: from `start` until `end` (null: no end). */
export interface AccessSpan {
  source: AccessSource;
  planId: string | null;
  start: string;
  end: string | null;
}

export const NO_ACCESS: AreaAccess = Object.freeze({ active: false, until: null, source: 'none', planId: null });

/** The access `spans` give at `now` (ISO), unless `revoked`. Pure. */
export function accessAt(spans: readonly AccessSpan[], revoked: boolean, now: string): AreaAccess {
  if (revoked) return { active: false, until: null, source: 'revoked', planId: null };
  let best: AccessSpan | undefined;
  for (const span of spans) {
    if (span.start > now || (span.end !== null && span.end <= now)) continue;
    const longer = !best || (best.end !== null && (span.end === null || span.end > best.end));
    if (longer) best = span;
  }
  if (!best) return NO_ACCESS;
  return { active: true, until: best.end, source: best.source, planId: best.planId };
}

/** A plan as access needs it. */
export interface PlanForAccess {
  id: string;
  kind: string;
  item_id: string | null;
  duration_days: number | null;
}

const DAY_MS = 86_400_000;

/** `days` days after the ISO time `iso`, as an ISO time. */
export function plusDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}

/** The paid plans of `kind` (those with a product). */
export function paidPlansOf<P extends PlanForAccess>(plans: readonly P[], kind: 'one-time' | 'recurring'): P[] {
  return plans.filter((p) => p.kind === kind && p.item_id);
}

/** The product ids of paid plans. */
export function productIdsOf(plans: readonly PlanForAccess[]): string[] {
  return plans.map((p) => p.item_id as string);
}

/** The spans of access `siteUserId` has to an area with `plans`, read from memberships, orders and subscriptions. */
export async function loadAccessSpans(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; siteUserId: string; plans: readonly PlanForAccess[] },
): Promise<{ spans: AccessSpan[]; revoked: boolean }> {
  const { siteId, areaId, siteUserId, plans } = input;
  const spans: AccessSpan[] = [];
  const row = await membershipOf(db, areaId, siteUserId);
  if (row?.state === 'revoked') return { spans, revoked: true };
  if (row && (row.state === 'free' || row.state === 'granted')) {
    spans.push({ source: row.state, planId: row.plan_id, start: row.created_at, end: row.ends_at });
  }
  const oneTime = paidPlansOf(plans, 'one-time');
  if (oneTime.length > 0) {
    const paid = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.created_at as paidAt', 'order_lines.item_id as itemId'])
      .where('orders.site_id', '=', siteId)
      .where('orders.site_user_id', '=', siteUserId)
      .where('orders.payment_status', '=', 'paid')
      .where('order_lines.item_id', 'in', productIdsOf(oneTime))
      .execute();
    for (const order of paid) {
      const plan = oneTime.find((p) => p.item_id === order.itemId);
      if (!plan) continue;
      const end = plan.duration_days ? plusDays(order.paidAt, plan.duration_days) : null;
      spans.push({ source: 'one-time', planId: plan.id, start: order.paidAt, end });
    }
  }
  const recurring = paidPlansOf(plans, 'recurring');
  if (recurring.length > 0) {
    const cycles = await db
      .selectFrom('subscriptions')
      .innerJoin('subscription_cycles', 'subscription_cycles.subscription_id', 'subscriptions.id')
      .innerJoin('orders', 'orders.id', 'subscription_cycles.order_id')
      .select(['subscriptions.item_id as itemId', 'subscriptions.plan as plan', 'subscription_cycles.due_at as dueAt'])
      .where('subscriptions.site_id', '=', siteId)
      .where('subscriptions.site_user_id', '=', siteUserId)
      .where('orders.payment_status', '=', 'paid')
      .where('subscriptions.item_id', 'in', productIdsOf(recurring))
      .execute();
    for (const cycle of cycles) {
      const plan = recurring.find((p) => p.item_id === cycle.itemId);
      const period = billingPeriodOf(cycle.plan);
      if (!plan || !period) continue;
      spans.push({
        source: 'recurring',
        planId: plan.id,
        start: cycle.dueAt,
        end: addBillingPeriod(cycle.dueAt, period),
      });
    }
  }
  return { spans, revoked: false };
}

function billingPeriodOf(json: string): BillingPeriod | undefined {
  try {
    const period = (JSON.parse(json) as { billingPeriod?: BillingPeriod }).billingPeriod;
    return period && typeof period.unit === 'string' ? period : undefined;
  } catch {
    return undefined;
  }
}
