import type { Kysely } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { fail } from '../../platform/errors/index.js';
import { accessAt, type AreaAccess, loadAccessSpans, paidPlansOf, plusDays, productIdsOf } from './access.js';
import { createPlanProduct } from './plan-products.js';
import {
  type AreaRow,
  findArea,
  insertFreeMembership,
  listPlans,
  membershipOf,
  type PlanRow,
  releaseAreaCollections,
  setAreaCollections,
} from './repository.js';
import type { CreatePlanInput } from '@tessera/core/contracts/member-areas';

// The member-area rules that are not HTTP: access, free joins, cancelling, and the owner's edits.

export const MAX_AREAS = 50;
export const MAX_PLANS = 10;

/** The access a site user has to an area at `now` (ISO): free join, grant, paid order or paid subscription cycle. */
export async function memberAccess(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; siteUserId: string; now: string },
): Promise<AreaAccess> {
  const plans = await listPlans(db, input.areaId, true);
  const { spans, revoked } = await loadAccessSpans(db, { ...input, plans });
  return accessAt(spans, revoked, input.now);
}

/** A plan that can be joined now (not archived, of an area of this site), or 404. */
export async function joinablePlan(
  db: Kysely<Database>,
  siteId: string,
  planId: string,
): Promise<{ plan: PlanRow; area: AreaRow }> {
  const plan = await rowWhere(db, 'member_plans', { site_id: siteId, id: planId, archived: 0 });
  const area = plan ? await findArea(db, siteId, plan.area_id) : undefined;
  if (!plan || !area) return fail('not-found', 'This membership plan is not offered any more.');
  return { plan, area };
}

/** A free plan's join: one stored row per (area, user) however many joins race. Answers whether it was new. */
export async function joinFree(
  db: Kysely<Database>,
  input: { siteId: string; plan: PlanRow; siteUserId: string; now: string },
): Promise<boolean> {
  const { plan, now } = input;
  const existing = await membershipOf(db, plan.area_id, input.siteUserId);
  if (existing?.state === 'revoked') fail('membership-revoked');
  const endsAt = plan.duration_days ? plusDays(now, plan.duration_days) : null;
  return insertFreeMembership(db, {
    siteId: input.siteId,
    areaId: plan.area_id,
    siteUserId: input.siteUserId,
    planId: plan.id,
    endsAt,
    now,
  });
}

/**
 * Stops a recurring plan's renewals for this site user: the subscription is cancelled and access
 * lasts to the end of the period already paid. Answers how many subscriptions were cancelled.
 */
export async function cancelRecurring(
  db: Kysely<Database>,
  input: { siteId: string; plan: PlanRow; siteUserId: string; now: string },
): Promise<number> {
  if (input.plan.kind !== 'recurring' || !input.plan.item_id) return 0;
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', next_billing_at: null, renewal_retry_at: null, updated_at: input.now })
    .where('site_id', '=', input.siteId)
    .where('site_user_id', '=', input.siteUserId)
    .where('item_id', '=', input.plan.item_id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The recurring plans (of `plans`) this site user's subscription still renews: what they may cancel. */
export async function renewingPlans(
  db: Kysely<Database>,
  siteId: string,
  siteUserId: string,
  plans: readonly PlanRow[],
): Promise<{ id: string; title: string }[]> {
  const recurring = paidPlansOf(plans, 'recurring');
  if (recurring.length === 0) return [];
  const rows = await db
    .selectFrom('subscriptions')
    .select('item_id')
    .where('site_id', '=', siteId)
    .where('site_user_id', '=', siteUserId)
    .where('status', '=', 'active')
    .where('item_id', 'in', productIdsOf(recurring))
    .execute();
  return recurring.filter((p) => rows.some((r) => r.item_id === p.item_id)).map((p) => ({ id: p.id, title: p.title }));
}

// ---- Owner edits ---------------------------------------------------------------------------------

function collectionProblem(result: { unknown: string[]; taken: string[] }): never | undefined {
  if (result.unknown.length) fail('collection-not-found', `No page or collection has the id ${result.unknown[0]}.`);
  if (result.taken.length) fail('collection-in-area', undefined, { extra: { collectionId: result.taken[0] } });
  return undefined;
}

export async function createArea(
  db: Kysely<Database>,
  input: { siteId: string; title: string; description?: string; collectionIds?: string[]; now: string },
): Promise<string> {
  const count = await db
    .selectFrom('member_areas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', input.siteId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_AREAS) fail('invalid-body', `A site can have at most ${MAX_AREAS} member areas.`);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('member_areas')
      .values({
        id,
        site_id: input.siteId,
        title: input.title,
        description: input.description ?? '',
        created_at: input.now,
        updated_at: input.now,
      })
      .execute();
    collectionProblem(await setAreaCollections(trx, input.siteId, id, input.collectionIds ?? []));
  });
  return id;
}

export async function updateArea(
  db: Kysely<Database>,
  input: {
    siteId: string;
    areaId: string;
    title?: string;
    description?: string;
    collectionIds?: string[];
    now: string;
  },
): Promise<void> {
  if (!(await findArea(db, input.siteId, input.areaId))) fail('not-found', 'No member area has this id.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('member_areas')
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updated_at: input.now,
      })
      .where('id', '=', input.areaId)
      .execute();
    if (input.collectionIds)
      collectionProblem(await setAreaCollections(trx, input.siteId, input.areaId, input.collectionIds));
  });
}

/** Deletes an area (its plans' products stay, unpublished, for the orders that bought them). */
export async function deleteArea(db: Kysely<Database>, siteId: string, areaId: string, now: string): Promise<void> {
  if (!(await findArea(db, siteId, areaId))) fail('not-found', 'No member area has this id.');
  await db.transaction().execute(async (trx) => {
    await releaseAreaCollections(trx, siteId, areaId);
    const items = await trx.selectFrom('member_plans').select('item_id').where('area_id', '=', areaId).execute();
    const ids = items.map((i) => i.item_id).filter((id): id is string => Boolean(id));
    if (ids.length)
      await trx.updateTable('items').set({ status: 'private', updated_at: now }).where('id', 'in', ids).execute();
    await trx.deleteFrom('memberships').where('area_id', '=', areaId).execute();
    await trx.deleteFrom('member_plans').where('area_id', '=', areaId).execute();
    await trx.deleteFrom('member_areas').where('id', '=', areaId).execute();
  });
}

/** Adds a plan; a paid one gets its product (a service product, subscribable when recurring). */
export async function createPlan(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; currency: string; plan: CreatePlanInput; now: string },
): Promise<string> {
  const { plan, now } = input;
  if (!(await findArea(db, input.siteId, input.areaId))) fail('not-found', 'No member area has this id.');
  const existing = await listPlans(db, input.areaId);
  if (existing.length >= MAX_PLANS) fail('invalid-body', `An area can offer at most ${MAX_PLANS} plans.`);
  const id = newId();
  const priceCents = plan.kind === 'free' ? 0 : (plan.priceCents ?? 0);
  const recurring =
    plan.kind === 'recurring' && plan.intervalUnit
      ? { unit: plan.intervalUnit, value: plan.intervalValue ?? 1 }
      : undefined;
  await db.transaction().execute(async (trx) => {
    const itemId =
      plan.kind === 'free'
        ? null
        : await createPlanProduct(trx, {
            siteId: input.siteId,
            planId: id,
            title: plan.title,
            priceCents,
            recurring,
            now,
          });
    await trx
      .insertInto('member_plans')
      .values({
        id,
        area_id: input.areaId,
        site_id: input.siteId,
        title: plan.title,
        kind: plan.kind,
        price_cents: priceCents,
        currency: input.currency,
        interval_unit: recurring?.unit ?? null,
        interval_value: recurring?.value ?? null,
        duration_days: plan.kind === 'recurring' ? null : (plan.durationDays ?? null),
        item_id: itemId,
        position: existing.length,
        created_at: now,
      })
      .execute();
  });
  return id;
}

/** Stops offering a plan; its members keep what they paid for. Its product is no longer for sale. */
export async function archivePlan(db: Kysely<Database>, siteId: string, planId: string, now: string): Promise<void> {
  const plan = await db
    .selectFrom('member_plans')
    .select(['id', 'item_id'])
    .where('site_id', '=', siteId)
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) fail('not-found', 'No membership plan has this id.');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('member_plans').set({ archived: 1 }).where('id', '=', plan.id).execute();
    if (plan.item_id)
      await trx
        .updateTable('items')
        .set({ status: 'private', updated_at: now })
        .where('id', '=', plan.item_id)
        .execute();
  });
}
