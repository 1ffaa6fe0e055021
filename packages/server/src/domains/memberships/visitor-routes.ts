import {
  accessAnswer,
  areaParams,
  cancelAnswer,
  confirmedQuery,
  joinAnswer,
  joinBody,
  planParams,
} from '@tessera/core/contracts/member-areas';
import { PageType } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cartTokenOf, setCartCookies } from '../../platform/http/cookies.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { fail } from '../../platform/errors/index.js';
import { planSku } from './plan-products.js';
import { areaView } from './plan-view.js';
import { areaCollections, findArea, findPlan, listPlans, type PlanRow } from './repository.js';
import { cancelRecurring, joinablePlan, joinFree, memberAccess, renewingPlans } from './service.js';
import type { SignedInSiteUser, SiteUserPort } from '../site-users/index.js';

const DENIED_TEMPLATE = 'account-denied';
const CONFIRMED_TEMPLATE = 'membership-confirmed';
export const CONFIRMED_PATH = '/membership/confirmed';

/**
 * Visitors' side of member areas: the join page (what the member-area block links to), joining a
 * plan (free: stored at once; paid: the plan's product goes to the cart or a subscription checkout,
 * and the normal checkout and payment layer take it from there), cancelling a recurring plan,
 * the access of the signed-in user, and the membership-confirmed page (208).
 */
export function registerVisitorRoutes(
  app: FastifyInstance,
  siteUsers: SiteUserPort,
  onChange: (siteId: string) => void,
) {
  const { requireSiteUser } = siteUsers;
  const db = app.db;
  const joinLimit = limitPerAddress(app, { name: 'member-join', max: 60, timeWindowMs: 10 * 60_000 });
  const siteOf = (request: FastifyRequest) => app.services.content.getSiteForHost(request.hostname);

  /** Joins `plan` for `user`: where the visitor goes next. */
  async function join(request: FastifyRequest, reply: FastifyReply, user: SignedInSiteUser, plan: PlanRow) {
    const siteId = user.websiteId;
    const now = new Date().toISOString();
    const access = await memberAccess(db, { siteId, areaId: plan.area_id, siteUserId: user.id, now });
    if (access.source === 'revoked') fail('membership-revoked');
    if (plan.kind === 'free') {
      const created = await joinFree(db, { siteId, plan, siteUserId: user.id, now });
      if (created) onChange(siteId);
      return { joined: true, created, redirect: `${CONFIRMED_PATH}?area=${encodeURIComponent(plan.area_id)}` };
    }
    const sku = plan.item_id ? await planSku(db, plan.item_id) : undefined;
    if (!plan.item_id || !sku) return fail('not-found', 'This membership plan is not offered any more.');
    const input = { itemId: plan.item_id, sku, quantity: 1 };
    if (plan.kind === 'recurring') {
      const created = await app.services.carts.createSubscriptionCart(siteId, input);
      if (!created.ok) fail(created.code, created.message);
      return {
        joined: false,
        created: false,
        redirect: `/checkout/subscription?cartToken=${encodeURIComponent(created.cartToken)}`,
      };
    }
    const added = await app.services.carts.addEntry(siteId, cartTokenOf(request), input);
    if (!added.ok) fail(added.code, added.message);
    setCartCookies(request, reply, added.token);
    return { joined: false, created: false, redirect: '/checkout' };
  }

  app.post(
    '/api/member-areas/join',
    {
      onRequest: joinLimit,
      preHandler: requireSiteUser,
      config: { contract: { body: joinBody, response: { 200: joinAnswer } } },
    },
    async (request, reply) => {
      const body = parseInput(joinBody, request.body);
      const user = request.siteUser as SignedInSiteUser;
      const { plan } = await joinablePlan(db, user.websiteId, body.planId);
      reply.header('cache-control', 'no-store');
      return join(request, reply, user, plan);
    },
  );

  // The same from the plain forms of the join page and the 106 page (crumb and xsrfToken fields).
  app.post('/member-areas/join', { onRequest: joinLimit }, async (request, reply) => {
    const body = parseInput(joinBody, request.body);
    const site = await siteOf(request);
    const { plan } = await joinablePlan(db, site.id, body.planId);
    const signedIn = await siteUsers.load(request);
    const user = signedIn?.websiteId === site.id ? signedIn : undefined;
    const back = `/member-areas/${encodeURIComponent(plan.area_id)}`;
    if (!user) return reply.redirect(`/account/login?next=${encodeURIComponent(back)}`, 303);
    if (!siteUsers.hasXsrfToken(request)) fail('xsrf-fail');
    const joined = await join(request, reply, user, plan);
    return reply.header('cache-control', 'no-store').redirect(joined.redirect, 303);
  });

  app.post(
    '/api/member-areas/plans/:planId/cancel',
    { preHandler: requireSiteUser, config: { contract: { params: planParams, response: { 200: cancelAnswer } } } },
    async (request) => {
      const { planId } = parseInput(planParams, request.params, 'address');
      const user = request.siteUser as SignedInSiteUser;
      const plan = await findPlan(db, user.websiteId, planId);
      if (!plan) fail('not-found', 'No membership plan has this id.');
      const now = new Date().toISOString();
      const cancelled = await cancelRecurring(db, { siteId: user.websiteId, plan, siteUserId: user.id, now });
      const access = await memberAccess(db, { siteId: user.websiteId, areaId: plan.area_id, siteUserId: user.id, now });
      return { cancelled, access };
    },
  );

  // The same from the join page's plain form: back to the area page.
  app.post('/member-areas/cancel', async (request, reply) => {
    const body = parseInput(joinBody, request.body);
    const site = await siteOf(request);
    const plan = await findPlan(db, site.id, body.planId);
    if (!plan) fail('not-found', 'No membership plan has this id.');
    const back = `/member-areas/${encodeURIComponent(plan.area_id)}`;
    const signedIn = await siteUsers.load(request);
    if (signedIn?.websiteId !== site.id) return reply.redirect(`/account/login?next=${encodeURIComponent(back)}`, 303);
    if (!siteUsers.hasXsrfToken(request)) fail('xsrf-fail');
    const now = new Date().toISOString();
    await cancelRecurring(db, { siteId: site.id, plan, siteUserId: signedIn.id, now });
    return reply.header('cache-control', 'no-store').redirect(back, 303);
  });

  app.get(
    '/api/member-areas/:areaId/access',
    { preHandler: requireSiteUser, config: { contract: { params: areaParams, response: { 200: accessAnswer } } } },
    async (request, reply) => {
      const { areaId } = parseInput(areaParams, request.params, 'address');
      const user = request.siteUser as SignedInSiteUser;
      if (!(await findArea(db, user.websiteId, areaId))) fail('not-found', 'No member area has this id.');
      reply.header('cache-control', 'no-store');
      const now = new Date().toISOString();
      return { access: await memberAccess(db, { siteId: user.websiteId, areaId, siteUserId: user.id, now }) };
    },
  );

  /** The area's page with its plans (200), for the member-area block's link. */
  app.get('/member-areas/:areaId', async (request, reply) => {
    const { areaId } = parseInput(areaParams, request.params, 'address');
    const site = await siteOf(request);
    const area = await findArea(db, site.id, areaId);
    if (!area) fail('not-found', 'No member area has this id.');
    const user = await siteUsers.load(request);
    const now = new Date().toISOString();
    const access = user ? await memberAccess(db, { siteId: site.id, areaId, siteUserId: user.id, now }) : undefined;
    const [plans, collections] = await Promise.all([listPlans(db, areaId, true), areaCollections(db, [areaId])]);
    const path = `/member-areas/${encodeURIComponent(areaId)}`;
    const renewing = user ? await renewingPlans(db, site.id, user.id, plans) : [];
    return siteUsers.sendPage(
      request,
      reply,
      DENIED_TEMPLATE,
      { pageType: PageType.PAGE, path, title: area.title },
      {
        denied: {
          next: path,
          joinPage: true,
          area: {
            ...areaView(
              area,
              plans.filter((p) => p.archived === 0),
              collections,
              access,
            ),
            renewing,
          },
          signedIn: user !== undefined,
          xsrfToken: request.siteUserXsrf ?? '',
        },
      },
    );
  });

  /** Page type 208: after a free join (`?area=`) or a paid order of a plan (`?order=`). */
  app.get(CONFIRMED_PATH, { config: { contract: { query: confirmedQuery } } }, async (request, reply) => {
    const query = parseInput(confirmedQuery, request.query ?? {}, 'query');
    const user = await siteUsers.load(request);
    if (!user) return reply.redirect(`/account/login?next=${encodeURIComponent(request.url)}`, 303);
    let areaId = query.area;
    if (query.order) {
      const line = await db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .innerJoin('member_plans', 'member_plans.item_id', 'order_lines.item_id')
        .select('member_plans.area_id')
        .where('orders.id', '=', query.order)
        .where('orders.site_user_id', '=', user.id)
        .executeTakeFirst();
      areaId = line?.area_id;
    }
    const area = areaId ? await findArea(db, user.websiteId, areaId) : undefined;
    if (!area) fail('not-found', 'There is no membership to confirm here.');
    const now = new Date().toISOString();
    const access = await memberAccess(db, { siteId: user.websiteId, areaId: area.id, siteUserId: user.id, now });
    const collections = await areaCollections(db, [area.id]);
    return siteUsers.sendPage(
      request,
      reply,
      CONFIRMED_TEMPLATE,
      { pageType: PageType.MEMBERSHIP_CONFIRMED, path: CONFIRMED_PATH, title: 'Membership confirmed' },
      { membership: { ...areaView(area, [], collections, access), pending: !access.active } },
    );
  });

  // A paid plan's order page: once the order is paid, its buyer lands on membership confirmed (208).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const match = /^\/checkout\/order-confirmed\/([A-Za-z0-9_-]{1,64})(?:\?|$)/.exec(request.url);
    if (!match) return;
    const user = await siteUsers.load(request);
    if (!user) return;
    const plan = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .innerJoin('member_plans', 'member_plans.item_id', 'order_lines.item_id')
      .select('orders.id')
      .where('orders.id', '=', match[1] as string)
      .where('orders.site_user_id', '=', user.id)
      .where('orders.payment_status', '=', 'paid')
      .executeTakeFirst();
    if (!plan) return;
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${CONFIRMED_PATH}?order=${encodeURIComponent(plan.id)}`, 303);
  });
}
