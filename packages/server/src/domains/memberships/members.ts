import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { accessAt, type AreaAccess, loadAccessSpans } from './access.js';
import type { PlanRow } from './repository.js';

// The owner's view of an area: who has (or had) access and the money each plan brought in.

export const MEMBER_LIST_LIMIT = 500;

export interface MemberJson {
  siteUserId: string;
  email: string;
  name: string;
  access: AreaAccess;
  /** The stored owner decision or free join, if any. */
  stored: string | null;
}

/** Site users with a stored membership or a paid order or subscription of one of the plans' products. */
export async function listMembers(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; plans: readonly PlanRow[]; now: string },
): Promise<MemberJson[]> {
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
  const members: MemberJson[] = [];
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

export interface PlanRevenue {
  planId: string;
  title: string;
  kind: string;
  currency: string;
  /** Sum of the plan product's lines on paid orders (first payments and renewals). */
  revenueCents: number;
  paidOrders: number;
}

/** Revenue per plan: the plan product's line totals on paid orders. */
export async function revenueByPlan(db: Kysely<Database>, siteId: string, plans: readonly PlanRow[]) {
  const result: PlanRevenue[] = [];
  for (const plan of plans) {
    let revenueCents = 0;
    let paidOrders = 0;
    if (plan.item_id) {
      const row = await db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select((eb) => [
          eb.fn.sum<number | string | null>('order_lines.line_total_cents').as('cents'),
          eb.fn.count<number | string>('orders.id').distinct().as('orders'),
        ])
        .where('orders.site_id', '=', siteId)
        .where('orders.payment_status', '=', 'paid')
        .where('order_lines.item_id', '=', plan.item_id)
        .executeTakeFirst();
      revenueCents = Number(row?.cents ?? 0);
      paidOrders = Number(row?.orders ?? 0);
    }
    result.push({
      planId: plan.id,
      title: plan.title,
      kind: plan.kind,
      currency: plan.currency,
      revenueCents,
      paidOrders,
    });
  }
  return result;
}
