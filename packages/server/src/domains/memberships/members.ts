import type { AreaMember, PlanRevenue } from '@tessera/core/contracts/member-areas';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { accessAt, loadAccessSpans } from './access.js';
import type { PlanRow } from './repository.js';

// The owner's view of an area: who has (or had) access and the money each plan brought in.

export const MEMBER_LIST_LIMIT = 500;

/** Site users with a stored membership or a paid order or subscription of one of the plans' products. */
export async function listMembers(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; plans: readonly PlanRow[]; now: string },
): Promise<AreaMember[]> {
  const { siteId, areaId, plans, now } = input;
  const items = plans.map((p) => p.item_id).filter((id): id is string => Boolean(id));
  const ids = new Set<string>();
  const stored = new Map<string, string>();
  const rows = await db
    .selectFrom('memberships')
    .select(['site_user_id', 'state'])
    .where('area_id', '=', areaId)
    .limit(MEMBER_LIST_LIMIT)
    .execute();
  for (const row of rows) {
    ids.add(row.site_user_id);
    stored.set(row.site_user_id, row.state);
  }
  if (items.length > 0) {
    const buyers = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select('orders.site_user_id')
      .distinct()
      .where('orders.site_id', '=', siteId)
      .where('orders.payment_status', '=', 'paid')
      .where('orders.site_user_id', 'is not', null)
      .where('order_lines.item_id', 'in', items)
      .limit(MEMBER_LIST_LIMIT)
      .execute();
    for (const buyer of buyers) if (buyer.site_user_id) ids.add(buyer.site_user_id);
  }
  const list = [...ids].slice(0, MEMBER_LIST_LIMIT);
  if (list.length === 0) return [];
  const users = await db
    .selectFrom('site_users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('site_id', '=', siteId)
    .where('id', 'in', list)
    .orderBy('email')
    .execute();
  const members: AreaMember[] = [];
  for (const user of users) {
    const { spans, revoked } = await loadAccessSpans(db, { siteId, areaId, siteUserId: user.id, plans });
    members.push({
      siteUserId: user.id,
      email: user.email,
      name: [user.first_name, user.last_name].filter(Boolean).join(' '),
      access: accessAt(spans, revoked, now),
      stored: stored.get(user.id) ?? null,
    });
  }
  return members;
}

/** The share of an order's refunds that falls on one line: in proportion to the line's part of the order. */
function refundShare(line: number, order: { grand_total_cents: number; refunded_cents: number }): number {
  if (order.refunded_cents <= 0 || order.grand_total_cents <= 0) return 0;
  return Math.min(line, Math.round((order.refunded_cents * line) / order.grand_total_cents));
}

/** Revenue per plan: the plan product's line totals on paid orders, less what was refunded of them. */
export async function revenueByPlan(db: Kysely<Database>, siteId: string, plans: readonly PlanRow[]) {
  const result: PlanRevenue[] = [];
  for (const plan of plans) {
    let grossCents = 0;
    let refundedCents = 0;
    let paidOrders = 0;
    if (plan.item_id) {
      const rows = await db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select([
          'orders.id',
          'orders.payment_status',
          'orders.grand_total_cents',
          'orders.refunded_cents',
          'order_lines.line_total_cents',
        ])
        .where('orders.site_id', '=', siteId)
        .where('orders.payment_status', 'in', ['paid', 'refunded'])
        .where('order_lines.item_id', '=', plan.item_id)
        .execute();
      const paid = new Set<string>();
      for (const row of rows) {
        grossCents += row.line_total_cents;
        refundedCents += refundShare(row.line_total_cents, row);
        if (row.payment_status === 'paid') paid.add(row.id);
      }
      paidOrders = paid.size;
    }
    result.push({
      planId: plan.id,
      title: plan.title,
      kind: plan.kind,
      currency: plan.currency,
      revenueCents: grossCents - refundedCents,
      refundedCents,
      paidOrders,
    });
  }
  return result;
}
