import { randomUUID } from 'node:crypto';
import { BlockType } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccess } from '../service.js';
import type { TestServer } from '../../../testing.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession, type SiteUserVisitor, siteUserSession } from '../../../../test/auth-helpers.js';
import type { StripeFake } from '../../../../test/fakes/stripe-fake.js';
import { orderRow, startWithStripe, stripeOrderBody } from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

const DAY = 86_400_000;
const BASE = '/api/config/member-areas';
const PASSWORD = 'member-password-1';

for (const dialect of DIALECTS) {
  describe(`member areas (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;
    let owner: Visitor;
    let siteId: string;
    let areaId: string;
    const plan = { free: '', oneTime: '', recurring: '' };

    beforeAll(async () => {
      ({ server, fake } = await startWithStripe(dialect));
      owner = await ownerSession(server, OWNERS.storeManager);
      siteId = (await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id;
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    async function member(email: string): Promise<{ visitor: SiteUserVisitor; id: string }> {
      const visitor = await siteUserSession(server, { email, password: PASSWORD });
      return { visitor, id: visitor.siteUserId! };
    }
    const access = (siteUserId: string, at: Date) =>
      memberAccess(server.db, { siteId, areaId, siteUserId, now: at.toISOString() });
    const join = (visitor: Visitor, planId: string) => visitor.post('/api/member-areas/join', { planId });

    it('only store owners reach the owner routes; bad input is a 400', async () => {
      expect((await Visitor.of(server).get(BASE)).status).toBe(401);
      const editor = await ownerSession(server, OWNERS.editor);
      expect((await editor.get(BASE)).status).toBe(403);
      expect((await editor.post(BASE, { title: 'No' })).status).toBe(403);
      const bad = await owner.post(BASE, { title: '', collectionIds: ['nope'] });
      expect(bad.status).toBe(400);
    });

    it('the members-only page works as before for any signed-in site user', async () => {
      expect((await Visitor.of(server).get('/members')).status).toBe(403);
      const { visitor } = await member('anyone@example.com');
      expect((await visitor.get('/members')).status).toBe(200);
    });

    it('the owner creates an area with a free, a one-time and a recurring plan', async () => {
      const list = await owner.get(BASE);
      const members = list.body.collections.find((c: { slug: string }) => c.slug === 'members');
      const created = await owner.post(BASE, {
        title: 'Insiders',
        description: 'Our club',
        collectionIds: [members.id],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      areaId = created.body.area.id;
      const add = async (body: object) => {
        const answer = await owner.post(`${BASE}/${areaId}/plans`, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.planId as string;
      };
      plan.free = await add({ title: 'Community', kind: 'free' });
      plan.oneTime = await add({ title: 'Lifetime', kind: 'one-time', priceCents: 1500 });
      plan.recurring = await add({ title: 'Monthly', kind: 'recurring', priceCents: 900, intervalUnit: 'MONTH' });
      const paidWithoutPrice = await owner.post(`${BASE}/${areaId}/plans`, { title: 'X', kind: 'one-time' });
      expect(paidWithoutPrice.status).toBe(400);
      expect(JSON.stringify(paidWithoutPrice.body)).toContain('A paid plan costs at least 50 cents.');
    });

    it('a signed-in non-member gets the 106 page listing the plans; an anonymous visitor is asked to sign in', async () => {
      const { visitor } = await member('outsider@example.com');
      const denied = await visitor.get('/members');
      expect(denied.status).toBe(403);
      expect(String(denied.body)).toContain('Insiders');
      expect(String(denied.body)).toContain('Lifetime');
      expect(String(denied.body)).toContain('action="/member-areas/join"');
      const anonymous = await Visitor.of(server).get('/members');
      expect(anonymous.status).toBe(403);
      expect(String(anonymous.body)).toContain('/account/login?next=');
    });

    it('the member-area block (67) on a published page leads to the area’s page of plans to join', async () => {
      const admin = await ownerSession(server, OWNERS.admin);
      const created = await admin.post('/api/config/pages', { title: 'Join us' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const pageId = created.body.page.id as string;
      const blocks = [
        { id: 'bJoin', type: BlockType.MEMBER_AREA, settings: {}, content: { areaId, title: 'Be an <Insider>' } },
        { id: 'bNoArea', type: BlockType.MEMBER_AREA, settings: {}, content: { areaId: '../../api', title: 'Gone' } },
      ];
      expect((await admin.put(`/api/config/pages/${pageId}/draft`, { sections: [{ blocks }] })).status).toBe(200);
      const published = await admin.post(`/api/config/pages/${pageId}/publish`, {});
      expect(published.status).toBe(200);
      const html = String((await Visitor.of(server).get(`/${published.body.summary.slug}`)).body);
      expect(html.match(/block--member-area/g)).toHaveLength(1);
      expect(html).toContain('<h2 class="member-area-block__title">Be an &lt;Insider&gt;</h2>');
      const join = html.match(
        /<a class="button button--primary member-area-block__join" href="([^"]+)">See the plans<\/a>/,
      );
      expect(join?.[1]).toBe(`/member-areas/${areaId}`);
      expect(html).not.toContain('Gone');
      // Followed by a signed-in site user: the area's plans, each with its own join form.
      const { visitor } = await member('block-reader@example.com');
      const plans = await visitor.get(join![1]!);
      expect(plans.status).toBe(200);
      for (const name of ['Insiders', 'Lifetime', 'action="/member-areas/join"'])
        expect(String(plans.body)).toContain(name);
    });

    it('a free plan: concurrent joins store one membership and the page opens at once', async () => {
      const { visitor, id } = await member('free@example.com');
      const answers = await Promise.all(Array.from({ length: 8 }, () => join(visitor, plan.free)));
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answers.filter((a) => a.body.created)).toHaveLength(1);
      const rows = await server.db.selectFrom('memberships').selectAll().where('site_user_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      expect((await visitor.get('/members')).status).toBe(200);
      const confirmed = await visitor.get(`/membership/confirmed?area=${areaId}`);
      expect(confirmed.status).toBe(200);
      expect(String(confirmed.body)).toContain('Welcome to Insiders');
      // No XSRF token: refused.
      const bare = new Visitor(server.url);
      for (const [k, v] of visitor.cookies) bare.cookies.set(k, v);
      expect((await bare.post('/api/member-areas/join', { planId: plan.free })).status).toBe(403);
    });

    it('a one-time plan: no access before payment; access once Stripe is paid; page 208 after the return', async () => {
      const { visitor, id } = await member('lifetime@example.com');
      const joined = await join(visitor, plan.oneTime);
      expect(joined.body).toMatchObject({ joined: false, redirect: '/checkout' });
      const placed = await visitor.post('/api/checkout/orders', stripeOrderBody({ email: 'lifetime@example.com' }));
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.order.id as string;
      const sessionId = String(placed.body.redirect).slice(`${fake.url}/pay/`.length);
      expect((await access(id, new Date())).active).toBe(false);
      expect((await visitor.get('/members')).status).toBe(403);
      await fake.pay(sessionId);
      expect((await orderRow(server, orderId)).payment_status).toBe('paid');
      expect(await access(id, new Date(Date.now() + 3650 * DAY))).toMatchObject({ active: true, until: null });
      expect((await visitor.get('/members')).status).toBe(200);
      const page = await visitor.get(`/checkout/order-confirmed/${orderId}`);
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe(`/membership/confirmed?order=${orderId}`);
      const confirmed = await visitor.get(String(page.headers.get('location')));
      expect(String(confirmed.body)).toContain('Welcome to Insiders');
      const report = await owner.get(`${BASE}/${areaId}/members`);
      const revenue = report.body.revenue.find((r: { planId: string }) => r.planId === plan.oneTime);
      expect(revenue).toMatchObject({ revenueCents: 1500, paidOrders: 1 });
    });

    async function subscribe(visitor: Visitor, email: string, payment: Record<string, unknown>) {
      const joined = await join(visitor, plan.recurring);
      const cartToken = new URL(joined.body.redirect, server.url).searchParams.get('cartToken');
      const placed = await visitor.post('/api/checkout/orders', {
        ...stripeOrderBody({ email }),
        cartToken,
        idempotencyKey: randomUUID(),
        ...payment,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return placed.body.order as { id: string; subscriptionId?: string };
    }
    const subscriptionOf = (siteUserId: string) =>
      server.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('site_user_id', '=', siteUserId)
        .executeTakeFirstOrThrow();

    it('a recurring plan marked paid by the owner; cancelled: access lasts to the end of the paid period', async () => {
      const { visitor, id } = await member('monthly@example.com');
      const order = await subscribe(visitor, 'monthly@example.com', { paymentMethod: 'stripe' });
      expect((await access(id, new Date())).active).toBe(false);
      expect((await owner.post(`/api/config/orders/${order.id}/mark-paid`, {})).status).toBe(200);
      expect((await visitor.get('/members')).status).toBe(200);
      // The area page offers to cancel; its plain form stops the renewals.
      const areaPage = await visitor.get(`/member-areas/${areaId}`);
      expect(String(areaPage.body)).toContain('Cancel Monthly');
      const form = new URLSearchParams({
        crumb: visitor.cookies.get('crumb') ?? '',
        xsrfToken: visitor.xsrfToken ?? '',
        planId: plan.recurring,
      });
      const browser = new Visitor(server.url, null);
      for (const [k, v] of visitor.cookies) browser.cookies.set(k, v);
      const posted = await browser.request('POST', '/member-areas/cancel', {
        body: form.toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(posted.status).toBe(303);
      expect(String((await visitor.get(`/member-areas/${areaId}`)).body)).not.toContain('Cancel Monthly');
      const cancelled = await visitor.post(`/api/member-areas/plans/${plan.recurring}/cancel`, {});
      expect(cancelled.body).toMatchObject({ cancelled: 0, access: { active: true, source: 'recurring' } });
      const periodEnd = new Date(cancelled.body.access.until);
      expect(periodEnd.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
      expect((await access(id, new Date(periodEnd.getTime() - 60_000))).active).toBe(true);
      expect((await access(id, new Date(periodEnd.getTime() + 60_000))).active).toBe(false);
      const sub = await subscriptionOf(id);
      expect(sub).toMatchObject({ status: 'cancelled', next_billing_at: null });
      const renewals = await server.app.services.checkout!.renewals.runDue(new Date(periodEnd.getTime() + DAY));
      expect(renewals.filter((r) => r.subscriptionId === sub.id)).toHaveLength(0);
    });

    it('a recurring plan: a paid renewal extends access, a failed one ends it at the paid period end', async () => {
      const { visitor, id } = await member('renewing@example.com');
      await subscribe(visitor, 'renewing@example.com', { paymentMethod: 'card', cardNumber: '4242 4242 4242 4242' });
      const sub = await subscriptionOf(id);
      const firstEnd = new Date(sub.next_billing_at!);
      const renewals = server.app.services.checkout!.renewals;
      const ours = async (at: Date) => (await renewals.runDue(at)).filter((r) => r.subscriptionId === sub.id);
      expect(await ours(new Date(firstEnd.getTime() + 60_000))).toMatchObject([{ status: 'ordered' }]);
      const secondEnd = new Date((await subscriptionOf(id)).next_billing_at!);
      expect((await access(id, new Date(secondEnd.getTime() - 60_000))).active).toBe(true);
      // The saved method stops working: the next renewal fails.
      await server.db
        .updateTable('subscriptions')
        .set({ payment_reference: 'gone:nothing' })
        .where('id', '=', sub.id)
        .execute();
      const failed = await ours(new Date(secondEnd.getTime() + 60_000));
      expect(failed).toHaveLength(1);
      expect(failed[0]!.status).not.toBe('ordered');
      expect((await access(id, new Date(secondEnd.getTime() - 60_000))).active).toBe(true);
      expect((await access(id, new Date(secondEnd.getTime() + 60_000))).active).toBe(false);
    });

    it('the owner grants and revokes; the change shows on the very next request', async () => {
      const { visitor, id } = await member('granted@example.com');
      expect((await visitor.get('/members')).status).toBe(403);
      const granted = await owner.post(`${BASE}/${areaId}/members`, { email: 'granted@example.com' });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      expect((await visitor.get('/members')).status).toBe(200);
      expect((await owner.delete(`${BASE}/${areaId}/members/${id}`)).status).toBe(200);
      expect((await visitor.get('/members')).status).toBe(403);
      // A revoke beats a paid plan too.
      const paid = await server.db
        .selectFrom('site_users')
        .select('id')
        .where('email', '=', 'lifetime@example.com')
        .executeTakeFirstOrThrow();
      await owner.delete(`${BASE}/${areaId}/members/${paid.id}`);
      expect((await access(paid.id, new Date())).source).toBe('revoked');
      expect((await owner.post(`${BASE}/${areaId}/members`, { email: 'nobody@example.com' })).status).toBe(404);
      const list = await owner.get(`${BASE}/${areaId}/members`);
      const emails = list.body.members.map((m: { email: string }) => m.email);
      expect(emails).toEqual(
        expect.arrayContaining(['free@example.com', 'granted@example.com', 'lifetime@example.com']),
      );
    });

    it('a site user reads their own access; an archived plan stays in the owner list, marked', async () => {
      const { visitor } = await member('reader@example.com');
      const before = await visitor.get(`/api/member-areas/${areaId}/access`);
      expect(before.status, JSON.stringify(before.body)).toBe(200);
      expect(before.body.access).toMatchObject({ active: false, source: 'none' });
      expect((await join(visitor, plan.free)).status).toBe(200);
      const after = await visitor.get(`/api/member-areas/${areaId}/access`);
      expect(after.body.access).toMatchObject({ active: true, source: 'free', planId: plan.free });
      expect((await visitor.get('/api/member-areas/no-such-area/access')).status).toBe(404);
      const trial = await owner.post(`${BASE}/${areaId}/plans`, { title: 'Trial', kind: 'free', durationDays: 7 });
      expect(trial.status, JSON.stringify(trial.body)).toBe(201);
      const archived = await owner.delete(`${BASE}/${areaId}/plans/${trial.body.planId}`);
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      const listed = archived.body.area.plans.find((p: { id: string }) => p.id === trial.body.planId);
      expect(listed).toMatchObject({ archived: true, duration: 'for 7 days', isFree: true, itemId: null });
    });

    it('the home page in an area is gated at / too', async () => {
      // The demo site's home page is made of sections: the collection with the slug `home`.
      const list = await owner.get(BASE);
      const homeId = list.body.collections.find((c: { slug: string }) => c.slug === 'home').id as string;
      expect((await Visitor.of(server).get('/')).status).toBe(200);
      const area = await owner.post(BASE, { title: 'Home club', collectionIds: [homeId] });
      expect(area.status).toBe(201);
      expect((await Visitor.of(server).get('/')).status).toBe(403);
      expect((await owner.delete(`${BASE}/${area.body.area.id}`)).status).toBe(200);
      expect((await Visitor.of(server).get('/')).status).toBe(200);
    });

    it('taking the page out of the area gives it back its own members-only rule', async () => {
      expect((await owner.request('PATCH', `${BASE}/${areaId}`, { body: { collectionIds: [] } })).status).toBe(200);
      const { visitor } = await member('after@example.com');
      expect((await visitor.get('/members')).status).toBe(200);
      expect((await Visitor.of(server).get('/members')).status).toBe(403);
    });
  });
}
