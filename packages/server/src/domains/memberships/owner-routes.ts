import {
  areaAnswer,
  areaDeletedAnswer,
  areaMemberParams,
  areaParams,
  areaPlanParams,
  areasListing,
  createAreaBody,
  createPlanBody,
  grantBody,
  memberDecisionAnswer,
  membersAnswer,
  planCreatedAnswer,
  updateAreaBody,
} from '@tessera/core/contracts/member-areas';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { parseWithFields } from '../checkout/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { fail } from '../../platform/errors/index.js';
import { plusDays } from './access.js';
import { listMembers, revenueByPlan } from './members.js';
import { planView } from './plan-view.js';
import { type AreaWithParts, findArea, listAreas, listPlans, setOwnerDecision } from './repository.js';
import { archivePlan, createArea, createPlan, deleteArea, memberAccess, updateArea } from './service.js';

const BASE = '/api/config/member-areas';

function areaJson(area: AreaWithParts) {
  return {
    id: area.id,
    title: area.title,
    description: area.description,
    collections: area.collections,
    plans: area.plans.map((p) => ({ ...planView(p), archived: p.archived === 1, itemId: p.item_id })),
  };
}

/**
 * The owner's member areas (store managers and administrators): areas and the pages and
 * collections they cover, plans (a paid plan gets its product), members with their access,
 * grants and revokes, and revenue per plan.
 */
export function registerOwnerRoutes(app: FastifyInstance, onChange: (siteId: string) => void) {
  const db = app.db;
  const store = { preHandler: requireOwner('store') };
  const siteOf = (request: { owner?: { websiteId: string } }) => request.owner!.websiteId;

  const noArea = () => fail('not-found', 'No member area has this id.');

  async function oneArea(siteId: string, areaId: string) {
    const area = (await listAreas(db, siteId, true)).find((a) => a.id === areaId);
    return area ? areaJson(area) : noArea();
  }

  async function requireArea(siteId: string, areaId: string) {
    if (!(await findArea(db, siteId, areaId))) noArea();
  }

  /** The site user of the site by email or id (the grant names an email, the revoke an id), or 404. */
  async function siteUserOf(siteId: string, by: 'email' | 'id', value: string) {
    const user = await db
      .selectFrom('site_users')
      .select('id')
      .where('site_id', '=', siteId)
      .where(by, '=', value)
      .executeTakeFirst();
    return user ?? fail('site-user-not-found');
  }

  app.get(BASE, { ...store, config: { contract: { response: { 200: areasListing } } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const siteId = siteOf(request);
    const collections = await db
      .selectFrom('collections')
      .select(['id', 'slug', 'title', 'kind'])
      .where('site_id', '=', siteId)
      .where('slug', '!=', 'member-plans')
      .orderBy('position')
      .execute();
    return { areas: (await listAreas(db, siteId, true)).map(areaJson), collections };
  });

  app.post(
    BASE,
    { ...store, config: { contract: { body: createAreaBody, response: { 201: areaAnswer } } } },
    async (request, reply) => {
      const input = parseWithFields(createAreaBody, request.body);
      const siteId = siteOf(request);
      const id = await createArea(db, { siteId, ...input, now: new Date().toISOString() });
      onChange(siteId);
      reply.code(201).header('cache-control', 'no-store');
      return { area: await oneArea(siteId, id) };
    },
  );

  app.patch(
    `${BASE}/:areaId`,
    { ...store, config: { contract: { params: areaParams, body: updateAreaBody, response: { 200: areaAnswer } } } },
    async (request) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const input = parseWithFields(updateAreaBody, request.body);
      const siteId = siteOf(request);
      await updateArea(db, { siteId, areaId, ...input, now: new Date().toISOString() });
      onChange(siteId);
      return { area: await oneArea(siteId, areaId) };
    },
  );

  app.delete(
    `${BASE}/:areaId`,
    { ...store, config: { contract: { params: areaParams, response: { 200: areaDeletedAnswer } } } },
    async (request) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const siteId = siteOf(request);
      await deleteArea(db, siteId, areaId, new Date().toISOString());
      onChange(siteId);
      return { ok: true };
    },
  );

  app.post(
    `${BASE}/:areaId/plans`,
    {
      ...store,
      config: { contract: { params: areaParams, body: createPlanBody, response: { 201: planCreatedAnswer } } },
    },
    async (request, reply) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const plan = parseWithFields(createPlanBody, request.body);
      const siteId = siteOf(request);
      const site = await db.selectFrom('sites').select('currency').where('id', '=', siteId).executeTakeFirstOrThrow();
      const planId = await createPlan(db, {
        siteId,
        areaId,
        currency: site.currency,
        plan,
        now: new Date().toISOString(),
      });
      onChange(siteId);
      reply.code(201);
      return { planId, area: await oneArea(siteId, areaId) };
    },
  );

  app.delete(
    `${BASE}/:areaId/plans/:planId`,
    { ...store, config: { contract: { params: areaPlanParams, response: { 200: areaAnswer } } } },
    async (request) => {
      const { areaId, planId } = parseInput(areaPlanParams, request.params, 'address');
      const siteId = siteOf(request);
      await requireArea(siteId, areaId);
      await archivePlan(db, siteId, planId, new Date().toISOString());
      onChange(siteId);
      return { area: await oneArea(siteId, areaId) };
    },
  );

  app.get(
    `${BASE}/:areaId/members`,
    { ...store, config: { contract: { params: areaParams, response: { 200: membersAnswer } } } },
    async (request, reply) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const siteId = siteOf(request);
      await requireArea(siteId, areaId);
      const plans = await listPlans(db, areaId, true);
      reply.header('cache-control', 'no-store');
      const now = new Date().toISOString();
      return {
        members: await listMembers(db, { siteId, areaId, plans, now }),
        revenue: await revenueByPlan(db, siteId, plans),
      };
    },
  );

  app.post(
    `${BASE}/:areaId/members`,
    {
      ...store,
      config: { contract: { params: areaParams, body: grantBody, response: { 201: memberDecisionAnswer } } },
    },
    async (request, reply) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const input = parseWithFields(grantBody, request.body);
      const siteId = siteOf(request);
      await requireArea(siteId, areaId);
      const user = await siteUserOf(siteId, 'email', input.email);
      const now = new Date().toISOString();
      const endsAt = input.durationDays ? plusDays(now, input.durationDays) : null;
      await setOwnerDecision(db, { siteId, areaId, siteUserId: user.id, state: 'granted', endsAt, now });
      reply.code(201);
      return { siteUserId: user.id, access: await memberAccess(db, { siteId, areaId, siteUserId: user.id, now }) };
    },
  );

  app.delete(
    `${BASE}/:areaId/members/:siteUserId`,
    { ...store, config: { contract: { params: areaMemberParams, response: { 200: memberDecisionAnswer } } } },
    async (request) => {
      const { areaId, siteUserId } = parseInput(areaMemberParams, request.params, 'address');
      const siteId = siteOf(request);
      await requireArea(siteId, areaId);
      await siteUserOf(siteId, 'id', siteUserId);
      const now = new Date().toISOString();
      await setOwnerDecision(db, { siteId, areaId, siteUserId, state: 'revoked', endsAt: null, now });
      return { siteUserId, access: await memberAccess(db, { siteId, areaId, siteUserId, now }) };
    },
  );
}
