import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../../storefront/src/islands/forms/captcha-solver.js';
import { newId } from '../../../platform/ids.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { createOwner, signInOwner, siteUserSession } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { mailSuite } from '../../../../test/smtp-capture.js';

const SIGNUP = '/api/commerce/restock-notifications';
const API = '/api/site-users/account/notifications/restock';

/** The demo products' ids: the linen shirt's sold-out variant and the sold-out tote's first one. */
async function soldOutVariants(server: TestServer) {
  const rows = await server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['items.id as productId', 'items.url_id', 'product_variants.id as variantId', 'product_variants.sku'])
    .where('items.url_id', 'in', ['linen-shirt', 'canvas-tote'])
    .where('product_variants.qty_in_stock', '<=', 0)
    .where('product_variants.unlimited', '=', 0)
    .execute();
  const shirt = rows.find((r) => r.url_id === 'linen-shirt');
  const tote = rows.find((r) => r.url_id === 'canvas-tote');
  if (!shirt || !tote) throw new Error('demo catalogue lacks sold-out variants');
  return { shirt, tote };
}

/** Many sign-ups in a few statements (the HTTP path is tested separately). */
async function bulkSignUps(server: TestServer, productId: string, variantId: string, count: number, prefix: string) {
  const site = await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
  const start = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    site_id: site.id,
    product_id: productId,
    variant_id: variantId,
    sku: 'bulk',
    email: `${prefix}${i}@example.com`,
    join_mailing_list: 0,
    state: 'pending',
    created_at: new Date(start + i).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insertInto('restock_signups')
      .values(rows.slice(i, i + 200))
      .execute();
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

for (const dialect of DIALECTS) {
  describe(`restock notifications (${dialect})`, () => {
    let ids: Awaited<ReturnType<typeof soldOutVariants>>;

    const suite = mailSuite(dialect, {}, 'pool=true&maxConnections=8&ignoreTLS=true');
    beforeAll(async () => {
      ids = await soldOutVariants(suite.server);
      await createOwner(suite.server.db, {
        email: 'store@example.com',
        password: 'store-password',
        roles: [WebsiteRole.STORE_MANAGER],
      });
      await createOwner(suite.server.db, {
        email: 'editor@example.com',
        password: 'editor-password',
        roles: [WebsiteRole.EDITOR],
      });
    }, 60_000);

    it('accepts a sign-up once, refuses bad emails with the SPEC messages and joins the mailing list', async () => {
      const v = new Visitor(suite.server.url);
      const payload = { productId: ids.shirt.productId, variantId: ids.shirt.variantId, isJoinMailingList: true };
      const blank = await v.post(SIGNUP, { ...payload, siteVisitorEmail: '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ error: 'invalid-email', message: 'Email cannot be blank' });
      const bad = await v.post(SIGNUP, { ...payload, siteVisitorEmail: 'not-an-email' });
      expect(bad.body.message).toBe('Email is invalid');
      const long = await v.post(SIGNUP, { ...payload, siteVisitorEmail: `${'a'.repeat(250)}@ex.com` });
      expect(long.body.message).toBe('Email is invalid');

      const first = await v.post(SIGNUP, { ...payload, siteVisitorEmail: 'Ann@Example.com' });
      expect(first.status).toBe(201);
      expect(first.body.signUp).toMatchObject({
        email: 'ann@example.com',
        state: 'pending',
        variantId: ids.shirt.variantId,
      });
      const again = await v.post(SIGNUP, { ...payload, siteVisitorEmail: 'ann@example.com' });
      expect(again.status).toBe(200);
      expect(again.body.signUp.id).toBe(first.body.signUp.id);
      const rows = await suite.server.db
        .selectFrom('restock_signups')
        .select('id')
        .where('email', '=', 'ann@example.com')
        .execute();
      expect(rows).toHaveLength(1);
      const listed = await suite.server.db
        .selectFrom('mailing_list_subscribers')
        .select('source')
        .where('email', '=', 'ann@example.com')
        .execute();
      expect(listed).toEqual([{ source: `restock:${ids.shirt.productId}` }]);

      const unknown = await v.post(SIGNUP, { ...payload, variantId: 'nope', siteVisitorEmail: 'ann@example.com' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('variant-not-found');
      const noCrumb = await v.post(SIGNUP, { ...payload, siteVisitorEmail: 'ann@example.com' }, { crumb: false });
      expect(noCrumb.status).toBe(403);
    });

    it('lets only store owners list and send, and a site user see their own sign-ups', async () => {
      const anonymous = new Visitor(suite.server.url);
      expect((await anonymous.get(`${API}/groups`)).status).toBe(401);
      expect((await anonymous.get(API)).status).toBe(401);
      expect((await anonymous.post(`${API}/send/all`, {})).status).toBe(401);
      const editor = await signInOwner(suite.server.url, 'editor@example.com', 'editor-password');
      expect((await editor.get(`${API}/groups`)).status).toBe(403);
      expect(
        (await editor.post(`${API}/send`, { productId: ids.tote.productId, variantId: ids.tote.variantId })).status,
      ).toBe(403);

      const bea = await siteUserSession(suite.server, { email: 'bea@example.com', password: 'bea-password' });
      const mine = await bea.post(API, { productId: ids.tote.productId, variantId: ids.tote.variantId });
      expect(mine.status).toBe(201);
      expect(mine.body.signUp.email).toBe('bea@example.com');
      const withoutXsrf = await bea.post(
        API,
        { productId: ids.tote.productId, variantId: ids.tote.variantId },
        { headers: { 'x-xsrf-token': 'x' } },
      );
      expect(withoutXsrf.status).toBe(403);
      const own = await bea.get(API);
      expect(own.status).toBe(200);
      expect(own.body.signUps.map((s: { email: string }) => s.email)).toEqual(['bea@example.com']);
      expect(own.body.signUps[0].productTitle).toBeTruthy();

      const owner = await signInOwner(suite.server.url, 'store@example.com', 'store-password');
      const groups = await owner.get(`${API}/groups`);
      expect(groups.status).toBe(200);
      const tote = groups.body.signUpGroups.find((g: { productId: string }) => g.productId === ids.tote.productId);
      expect(tote).toMatchObject({ variantId: ids.tote.variantId, pendingCount: 1, totalCount: 1 });
      const all = await owner.get(`${API}?productId=${ids.tote.productId}&variantId=${ids.tote.variantId}`);
      expect(all.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      expect(all.body.signUps).toHaveLength(1);
    });

    it('walks every page once while new sign-ups arrive', async () => {
      const owner = await signInOwner(suite.server.url, 'store@example.com', 'store-password');
      await bulkSignUps(suite.server, ids.tote.productId, ids.tote.variantId, 45, 'page-');
      const before = (
        await suite.server.db
          .selectFrom('restock_signups')
          .select('id')
          .where('variant_id', '=', ids.tote.variantId)
          .execute()
      ).map((r) => r.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      const v = new Visitor(suite.server.url);
      do {
        const query: string = `${API}?productId=${ids.tote.productId}&variantId=${ids.tote.variantId}&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await owner.get(query);
        expect(page.status).toBe(200);
        seen.push(...page.body.signUps.map((s: { id: string }) => s.id));
        cursor = page.body.nextPageCursor;
        expect(Boolean(cursor)).toBe(page.body.hasNextPage);
        // Someone signs up between two pages.
        const arrived = await v.post(SIGNUP, {
          productId: ids.tote.productId,
          variantId: ids.tote.variantId,
          siteVisitorEmail: `late-${pages}@example.com`,
        });
        expect(arrived.status).toBe(201);
        pages++;
      } while (cursor && pages < 50);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      expect(pages).toBeGreaterThan(5);
      expect((await owner.get(`${API}?cursor=garbage`)).status).toBe(200);
    });

    it('sends 1,000 notifications exactly once when send/all runs twice at once', async () => {
      const { db } = suite.server;
      const owner = await signInOwner(suite.server.url, 'store@example.com', 'store-password');
      await bulkSignUps(suite.server, ids.shirt.productId, ids.shirt.variantId, 999, 'bulk-');
      suite.received.length = 0;
      const request = { sendRequests: [{ productId: ids.shirt.productId, variantId: ids.shirt.variantId }] };
      const [a, b] = await Promise.all([
        owner.post(`${API}/send/all`, request),
        owner.post(`${API}/send/all`, request),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.sent + b.body.sent).toBe(1000);
      expect(suite.received).toHaveLength(1000);
      expect(new Set(suite.received.map((m) => m.to)).size).toBe(1000);
      const pending = await db
        .selectFrom('restock_signups')
        .select('id')
        .where('variant_id', '=', ids.shirt.variantId)
        .where('state', '!=', 'sent')
        .execute();
      expect(pending).toEqual([]);

      const again = await owner.post(`${API}/send`, { productId: ids.shirt.productId, variantId: ids.shirt.variantId });
      expect(again.body.sent).toBe(0);
      expect(suite.received).toHaveLength(1000);

      const ann = suite.received.find((m) => m.to === 'ann@example.com');
      expect(ann).toBeDefined();
      const raw = ann!.raw;
      expect(raw).toMatch(/Content-Type: text\/plain/i);
      expect(raw).toMatch(/Content-Type: text\/html/i);
      expect(header(raw, 'Subject')).toContain('Linen');
      const unsubscribe = header(raw, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(/^<http:\/\/.+\/unsubscribe\?token=.+>$/);
      const productLink = /http:\/\/[^\s"<>]+\/shop\/p\/linen-shirt/.exec(raw)?.[0];
      expect(productLink).toBeTruthy();
      expect((await fetch(productLink!)).status).toBe(200);

      // The unsubscribe link confirms, then removes the sign-up and the mailing-list entry.
      const link = unsubscribe!.slice(1, -1);
      const v = new Visitor(suite.server.url);
      // Links start with the site's configured address (here the server's local one), never the Host header.
      const page = await v.get(new URL(link).pathname + new URL(link).search);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Unsubscribe');
      expect(page.body).toContain('ann@example.com');
      const token = new URL(link).searchParams.get('token')!;
      const done = await v.request('POST', '/unsubscribe', {
        body: new URLSearchParams({ token, mailingList: 'remove', crumb: v.cookies.get('crumb')! }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(done.status).toBe(200);
      expect(done.body).toContain('You are unsubscribed');
      expect(
        await db.selectFrom('restock_signups').select('id').where('email', '=', 'ann@example.com').execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('mailing_list_subscribers').select('id').where('email', '=', 'ann@example.com').execute(),
      ).toEqual([]);
      const forged = await v.get(`/unsubscribe?token=${token.slice(0, -2)}xx`);
      expect(forged.status).toBe(400);
      expect(forged.body).toContain('This link does not work');
    }, 120_000);

    it('settles rows a stopped sender left in sending: delivered ones stay sent, the rest go out once', async () => {
      const owner = await signInOwner(suite.server.url, 'store@example.com', 'store-password');
      await bulkSignUps(suite.server, ids.tote.productId, ids.tote.variantId, 3, 'crash-');
      const rows = await suite.server.db
        .selectFrom('restock_signups')
        .select(['id', 'email'])
        .where('email', 'like', 'crash-%')
        .orderBy('email')
        .execute();
      const long = new Date(Date.now() - 60 * 60_000).toISOString();
      // A process claimed all three, SMTP took the first, then it died.
      await suite.server.db
        .updateTable('restock_signups')
        .set({ state: 'sending', claim_id: 'dead-claim', claimed_at: long })
        .where('email', 'like', 'crash-%')
        .execute();
      await suite.server.db
        .insertInto('mail_outbox')
        .values({
          id: rows[0]!.id,
          site_id: null,
          to_address: rows[0]!.email,
          subject: 's',
          text_body: 't',
          html_body: null,
          created_at: long,
          sent_at: long,
        })
        .execute();
      suite.received.length = 0;
      const sent = await owner.post(`${API}/send`, { productId: ids.tote.productId, variantId: ids.tote.variantId });
      expect(sent.status).toBe(200);
      const crashTo = suite.received
        .map((m) => m.to)
        .filter((to) => to.startsWith('crash-'))
        .sort();
      expect(crashTo).toEqual([rows[1]!.email, rows[2]!.email]);
      const states = await suite.server.db
        .selectFrom('restock_signups')
        .select('state')
        .where('email', 'like', 'crash-%')
        .execute();
      expect(states.every((s) => s.state === 'sent')).toBe(true);
    });

    it('asks for a captcha when the store wants one and accepts each solved captcha once', async () => {
      const site = await suite.server.db.selectFrom('sites').select(['id', 'settings']).executeTakeFirstOrThrow();
      const settings = JSON.parse(site.settings) as { store?: Record<string, unknown> };
      const setCaptcha = async (on: boolean) => {
        const next = { ...settings, store: { ...settings.store, restockCaptcha: on } };
        await suite.server.db
          .updateTable('sites')
          .set({ settings: JSON.stringify(next) })
          .where('id', '=', site.id)
          .execute();
        suite.server.app.services.content.invalidate(site.id);
      };
      await setCaptcha(true);
      try {
        const v = new Visitor(suite.server.url);
        const body = {
          productId: ids.tote.productId,
          variantId: ids.tote.variantId,
          siteVisitorEmail: 'cap@example.com',
        };
        const missing = await v.post(SIGNUP, body);
        expect(missing.status).toBe(400);
        expect(missing.body).toEqual({ error: 'captcha-required', message: 'Complete CAPTCHA before submitting.' });
        const challenge = await v.get('/api/form/captcha-challenge');
        const token = await solveCaptcha(challenge.body, { yieldToPage: async () => {} });
        expect(token).toBeTruthy();
        const accepted = await v.post(SIGNUP, { ...body, captchaToken: token });
        expect(accepted.status).toBe(201);
        const replay = await v.post(SIGNUP, { ...body, captchaToken: token });
        expect(replay.status).toBe(400);
        expect(replay.body.error).toBe('captcha-failed');
      } finally {
        await setCaptcha(false);
      }
    });

    it('limits sign-ups per address', async () => {
      const v = new Visitor(suite.server.url);
      const body = { productId: ids.tote.productId, variantId: ids.tote.variantId, siteVisitorEmail: 'x@example.com' };
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await v.post(SIGNUP, body)).status);
      expect(statuses).toContain(429);
      const refused = await v.post(SIGNUP, body);
      expect(refused.body).toMatchObject({ error: 'rate-limited', message: 'Please try again in a few seconds.' });
    });
  });
}
