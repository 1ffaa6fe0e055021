import type { Kysely, Selectable } from 'kysely';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database, MemberAreasTable, MemberPlansTable } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

// Member areas, their collections, plans and stored memberships (free joins, grants, revokes).

export type AreaRow = Selectable<MemberAreasTable>;
export type PlanRow = Selectable<MemberPlansTable>;

export interface AreaWithParts extends AreaRow {
  collections: { id: string; slug: string; title: string }[];
  plans: PlanRow[];
}

export async function findArea(db: Kysely<Database>, siteId: string, areaId: string): Promise<AreaRow | undefined> {
  return siteRow(db, 'member_areas', siteId, areaId);
}

export async function listPlans(db: Kysely<Database>, areaId: string, withArchived = false): Promise<PlanRow[]> {
  let query = db.selectFrom('member_plans').selectAll().where('area_id', '=', areaId);
  if (!withArchived) query = query.where('archived', '=', 0);
  return query.orderBy('position').orderBy('created_at').execute();
}

export async function findPlan(db: Kysely<Database>, siteId: string, planId: string): Promise<PlanRow | undefined> {
  return siteRow(db, 'member_plans', siteId, planId);
}

export async function areaCollections(db: Kysely<Database>, areaIds: readonly string[]) {
  if (areaIds.length === 0) return [];
  return db
    .selectFrom('member_area_collections')
    .innerJoin('collections', 'collections.id', 'member_area_collections.collection_id')
    .select(['member_area_collections.area_id as areaId', 'collections.id', 'collections.slug', 'collections.title'])
    .where('member_area_collections.area_id', 'in', areaIds)
    .orderBy('collections.position')
    .execute();
}

/** Every area of a site with its collections and plans (archived plans included when asked). */
export async function listAreas(db: Kysely<Database>, siteId: string, withArchived = false): Promise<AreaWithParts[]> {
  const areas = await db
    .selectFrom('member_areas')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .execute();
  const collections = await areaCollections(
    db,
    areas.map((a) => a.id),
  );
  const result: AreaWithParts[] = [];
  for (const area of areas) {
    result.push({
      ...area,
      collections: collections.filter((c) => c.areaId === area.id).map(({ id, slug, title }) => ({ id, slug, title })),
      plans: await listPlans(db, area.id, withArchived),
    });
  }
  return result;
}

/** Slug → area id of every collection in an area of the site (the gate's lookup). */
export async function areaSlugs(db: Kysely<Database>, siteId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('member_area_collections')
    .innerJoin('collections', 'collections.id', 'member_area_collections.collection_id')
    .select(['collections.slug', 'member_area_collections.area_id as areaId'])
    .where('member_area_collections.site_id', '=', siteId)
    .execute();
  return new Map(rows.map((r) => [r.slug, r.areaId]));
}

/**
 * Puts exactly `collectionIds` in the area (in the caller's transaction). A collection joining is
 * marked members-only, so every list that leaves out members-only pages (sitemap, feeds, search)
 * leaves it out too; one leaving gets its own flag back. Answers the ids that are not the site's
 * collections or already belong to another area.
 */
export async function setAreaCollections(
  trx: Kysely<Database>,
  siteId: string,
  areaId: string,
  collectionIds: readonly string[],
): Promise<{ unknown: string[]; taken: string[] }> {
  const wanted = [...new Set(collectionIds)];
  const found = wanted.length
    ? await trx
        .selectFrom('collections')
        .select(['id', 'members_only'])
        .where('site_id', '=', siteId)
        .where('id', 'in', wanted)
        .execute()
    : [];
  const unknown = wanted.filter((id) => !found.some((c) => c.id === id));
  const current = await trx.selectFrom('member_area_collections').selectAll().where('site_id', '=', siteId).execute();
  const taken = wanted.filter((id) => current.some((c) => c.collection_id === id && c.area_id !== areaId));
  if (unknown.length || taken.length) return { unknown, taken };
  for (const row of current.filter((c) => c.area_id === areaId && !wanted.includes(c.collection_id))) {
    await trx
      .updateTable('collections')
      .set({ members_only: row.was_members_only })
      .where('id', '=', row.collection_id)
      .execute();
    await trx.deleteFrom('member_area_collections').where('collection_id', '=', row.collection_id).execute();
  }
  for (const collection of found) {
    if (current.some((c) => c.collection_id === collection.id)) continue;
    await trx
      .insertInto('member_area_collections')
      .values({
        collection_id: collection.id,
        area_id: areaId,
        site_id: siteId,
        was_members_only: collection.members_only,
      })
      .execute();
    await trx.updateTable('collections').set({ members_only: 1 }).where('id', '=', collection.id).execute();
  }
  return { unknown: [], taken: [] };
}

/** Takes every collection out of the area (before it is deleted), restoring their flags. */
export async function releaseAreaCollections(trx: Kysely<Database>, siteId: string, areaId: string): Promise<void> {
  await setAreaCollections(trx, siteId, areaId, []);
}

/** A new row of the site user's membership in the area, made and changed `now`. */
const membershipRow = (
  input: { siteId: string; areaId: string; siteUserId: string; endsAt: string | null; now: string },
  planId: string | null,
  state: string,
) => ({
  id: newId(),
  site_id: input.siteId,
  area_id: input.areaId,
  site_user_id: input.siteUserId,
  plan_id: planId,
  state,
  ends_at: input.endsAt,
  created_at: input.now,
  updated_at: input.now,
});

/**
 * Stores a free join: inserts the (area, user) row unless one exists. Unique on (area, user), so
 * two joins at once store one row. Answers whether this call stored it.
 */
export async function insertFreeMembership(
  db: Kysely<Database>,
  input: { siteId: string; areaId: string; siteUserId: string; planId: string; endsAt: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('memberships')
    .values(membershipRow(input, input.planId, 'free'))
    .onConflict((oc) => oc.columns(['area_id', 'site_user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The membership row of a site user in an area (a free join, an owner's grant or revoke), if any. */
export async function membershipOf(db: Kysely<Database>, areaId: string, siteUserId: string) {
  return db
    .selectFrom('memberships')
    .select(['state', 'plan_id', 'ends_at', 'created_at'])
    .where('area_id', '=', areaId)
    .where('site_user_id', '=', siteUserId)
    .executeTakeFirst();
}

/** An owner's grant (`state` 'granted', until `endsAt`) or revoke: one row per (area, user), replaced. */
export async function setOwnerDecision(
  db: Kysely<Database>,
  input: {
    siteId: string;
    areaId: string;
    siteUserId: string;
    state: 'granted' | 'revoked';
    endsAt: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values(membershipRow(input, null, input.state))
    .onConflict((oc) =>
      oc.columns(['area_id', 'site_user_id']).doUpdateSet({
        state: input.state,
        ends_at: input.endsAt,
        plan_id: null,
        created_at: input.now,
        updated_at: input.now,
      }),
    )
    .execute();
}
