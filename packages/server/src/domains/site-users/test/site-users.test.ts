import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createSiteUser, SiteUserVisitor, signInSiteUser, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';

const API = '/api/site-users/account';
const ENTRIES = '/api/commerce/shopping-cart/entries';

function cookieLine(lines: string[], name: string): string | undefined {
  return lines.find((line) => line.startsWith(`${name}=`));
}

for (const dialect of DIALECTS) {
  describe(`site users (${dialect})`, () => {
    let server: TestServer;
    let ids: Record<string, string>;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        // Many sign-ins from one address in a few seconds: the per-address limits have their own suite.
        config: { rateLimit: { max: 10_000, timeWindowMs: 60_000 }, signIn: { requestsPerAddress: 10_000 } },
      });
      ids = await demoItemIds(server);
      await createSiteUser(server.db, { email: 'ann@example.com', password: 'ann-password', firstName: 'Ann' });
    });
    afterAll(async () => server?.close());

    it('signs up, answers the XSRF token and sets the session and SiteUserInfo cookies', async () => {
      const v = new SiteUserVisitor(server.url);
      const answer = await v.post(API, { email: 'New@Example.com', password: 'long enough', firstName: 'Nia' });
      expect(answer.status).toBe(200);
      expect(answer.body.siteUser).toMatchObject({ email: 'new@example.com', firstName: 'Nia' });
      expect(answer.body.xsrfToken).toMatch(/^[\w-]{20,}$/);
      const session = cookieLine(answer.setCookies, 'tessera-site-user');
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Max-Age/i);
      const info = cookieLine(answer.setCookies, 'SiteUserInfo');
      expect(info).not.toMatch(/HttpOnly/i);
      expect(JSON.parse(v.cookies.get('SiteUserInfo')!)).toEqual({
        authenticated: true,
        siteUserId: answer.body.siteUser.id,
      });

      const again = await new Visitor(server.url).post(API, { email: 'new@example.com', password: 'another one' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('email-taken');
      const weak = await new Visitor(server.url).post(API, { email: 'weak@example.com', password: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toContain('at least 8 characters');
      const badEmail = await new Visitor(server.url).post(API, { email: 'not an email', password: 'long enough' });
      expect(badEmail.status).toBe(400);
    });

    it('needs the session and its X-XSRF-Token on site-user calls', async () => {
      const ann = await signInSiteUser(server.url, 'ann@example.com', 'ann-password', { rememberMe: true });
      expect((await ann.get(API)).body.siteUser.email).toBe('ann@example.com');
      const without = await ann.get(API, { headers: { 'x-xsrf-token': '' } });
      expect(without.status).toBe(403);
      expect(without.body.error).toBe('xsrf-fail');
      const wrong = await ann.get(API, { headers: { 'x-xsrf-token': 'someone-elses-token-123' } });
      expect(wrong.status).toBe(403);
      const visitor = await new Visitor(server.url).get(API);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ error: 'unauthenticated', message: 'Sign in to continue.' });

      const saved = await ann.put(`${API}/profile`, { firstName: 'Annie', lastName: 'Lee' });
      expect(saved.status).toBe(200);
      expect((await ann.get(API)).body.siteUser).toMatchObject({ firstName: 'Annie', lastName: 'Lee' });
      const orders = await ann.get(`${API}/orders`);
      expect(orders.body).toEqual({ orders: [] });
    });

    it('rotates the session id on sign-in and keeps remembered sessions for 30 days', async () => {
      const v = await signInSiteUser(server.url, 'ann@example.com', 'ann-password');
      const first = v.cookies.get('tessera-site-user')!;
      const answer = await v.post(`${API}/session`, {
        email: 'ann@example.com',
        password: 'ann-password',
        rememberMe: true,
      });
      expect(answer.status).toBe(200);
      expect(cookieLine(answer.setCookies, 'tessera-site-user')).toMatch(/Max-Age=2592000/);
      expect(v.cookies.get('tessera-site-user')).not.toBe(first);
      const stale = new SiteUserVisitor(server.url);
      stale.cookies.set('tessera-site-user', first);
      stale.xsrfToken = v.xsrfToken;
      expect((await stale.get(API)).status).toBe(401);
    });

    it('ignores X-Forwarded-Proto when no proxy is trusted (no Secure flag over plain HTTP)', async () => {
      const v = new Visitor(server.url);
      const answer = await v.post(
        `${API}/session`,
        { email: 'ann@example.com', password: 'ann-password' },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(answer.status).toBe(200);
      expect(cookieLine(answer.setCookies, 'tessera-site-user')).not.toMatch(/Secure/);
    });

    it('merges the visitor cart into the account cart on sign-in', async () => {
      // The account keeps a cart from an earlier visit: 1 sticker pack.
      const earlier = await siteUserSession(server, { email: 'merge@example.com', password: 'merge-password' });
      await earlier.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      expect((await earlier.delete(`${API}/session`)).status).toBe(200);
      expect(earlier.cookies.get('CART')).toBeFalsy();

      // Signed out on another device: 2 sticker packs and an ebook.
      const device = new Visitor(server.url);
      await device.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 2 });
      const ebook = await device.get(`/api/commerce/inventory/stock/?itemId=${ids['field-guide-ebook']}`);
      await device.post(ENTRIES, { itemId: ids['field-guide-ebook'], sku: ebook.body.results[0].sku, quantity: 1 });
      const visitorToken = device.cartToken;

      const user = await signInSiteUser(server.url, 'merge@example.com', 'merge-password', { from: device });
      expect(user.cartToken).not.toBe(visitorToken);
      const cart = await user.get('/api/commerce/shopping-cart');
      const quantities = Object.fromEntries(cart.body.entries.map((e: any) => [e.chosenVariant.sku, e.quantity]));
      expect(quantities['STICKERS-BOT']).toBe(3);
      expect(cart.body.entries).toHaveLength(2);
      const gone = await server.db.selectFrom('carts').select('id').where('token', '=', visitorToken!).execute();
      expect(gone).toHaveLength(0);
    });

    it('signs out keeping a copy of the cart when asked, and retries after a crumb failure', async () => {
      const user = await siteUserSession(server, { email: 'keep@example.com', password: 'keep-password' });
      await user.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 4 });
      const accountCart = user.cartToken;

      const refused = await user.delete(`${API}/session?cloneCart=true`, { crumb: 'stale' });
      expect(refused.status).toBe(403);
      expect(refused.body.crumbFail).toBe(true);
      const out = await user.delete(`${API}/session?cloneCart=true`);
      expect(out.status).toBe(200);
      expect(JSON.parse(user.cookies.get('SiteUserInfo')!)).toEqual({ authenticated: false, siteUserId: null });
      expect(user.cartToken).toBeTruthy();
      expect(user.cartToken).not.toBe(accountCart);
      const copy = await user.get('/api/commerce/shopping-cart');
      expect(copy.body.entries.map((e: any) => e.quantity)).toEqual([4]);
      // The copy is the browser's own: changing it leaves the account's cart alone.
      await user.put(`${ENTRIES}/${copy.body.entries[0].id}`, { quantity: 1 });
      const back = await signInSiteUser(server.url, 'keep@example.com', 'keep-password');
      expect(back.cartToken).toBe(accountCart);
      expect((await back.get('/api/commerce/shopping-cart')).body.entries[0].quantity).toBe(4);
    });

    it('mails a single-use password reset link', async () => {
      await createSiteUser(server.db, { email: 'reset@example.com', password: 'old-password' });
      const v = new Visitor(server.url);
      expect((await v.post(`${API}/password-reset`, { email: 'nobody@example.com' })).status).toBe(200);
      expect((await v.post(`${API}/password-reset`, { email: 'reset@example.com' })).status).toBe(200);
      await server.app.afterAnswer.idle(); // the lookup and mail come behind the answer
      const mails = await server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', 'like', '%@example.com')
        .execute();
      expect(mails.filter((m) => m.to_address === 'nobody@example.com')).toHaveLength(0);
      const mail = mails.find((m) => m.to_address === 'reset@example.com')!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]);
      const session = await signInSiteUser(server.url, 'reset@example.com', 'old-password');

      const done = await v.post(`${API}/password-reset/complete`, { token, password: 'new-password' });
      expect(done.status).toBe(200);
      const reused = await v.post(`${API}/password-reset/complete`, { token, password: 'other-password' });
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe('reset-link-invalid');
      // The new password works, the old one and the old sessions do not.
      await signInSiteUser(server.url, 'reset@example.com', 'new-password');
      const old = await v.post(`${API}/session`, { email: 'reset@example.com', password: 'old-password' });
      expect(old.status).toBe(401);
      expect((await session.get(API)).status).toBe(401);
    });

    it('throttles sign-in per account after five failures, even with the right password', async () => {
      await createSiteUser(server.db, { email: 'locked@example.com', password: 'locked-password' });
      const v = new Visitor(server.url);
      for (let i = 0; i < 5; i++) {
        const wrong = await v.post(`${API}/session`, { email: 'locked@example.com', password: `wrong-${i}` });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ error: 'sign-in-failed', message: 'The email or password is incorrect.' });
      }
      const right = await v.post(`${API}/session`, { email: 'locked@example.com', password: 'locked-password' });
      expect(right.status).toBe(429);
      expect(right.body.error).toBe('sign-in-throttled');
      // Other accounts from this address still sign in.
      await signInSiteUser(server.url, 'ann@example.com', 'ann-password');
    });

    it('shows members-only pages to members and page type 106 to everyone else', async () => {
      const visitor = await new Visitor(server.url).get('/members');
      expect(visitor.status).toBe(403);
      expect(visitor.body).toContain('page-type-106');
      expect(visitor.body).toContain('This page is for members');
      expect(visitor.body).toContain('"pageType":106');
      const nested = await new Visitor(server.url).get('/members/anything?x=1');
      expect(nested.status).toBe(403);
      expect(nested.body).toContain('page-type-106');
      const member = await signInSiteUser(server.url, 'ann@example.com', 'ann-password');
      const page = await member.get('/members');
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('page-type-106');
      expect(page.body).not.toContain('This page is for members');
      // Pages of other collections stay public.
      expect((await new Visitor(server.url).get('/shop')).status).toBe(200);
    });

    it('runs the account pages with plain form posts', async () => {
      const v = new Visitor(server.url);
      const login = await v.get('/account');
      expect(login.status).toBe(303);
      expect(login.headers.get('location')).toBe('/account/login?next=%2Faccount');
      const form = await v.get('/account/login?next=%2Faccount');
      expect(form.body).toContain('name="crumb"');
      const crumb = v.cookies.get('crumb')!;
      const post = (path: string, fields: Record<string, string>) =>
        v.post(path, new URLSearchParams({ crumb, ...fields }).toString(), {
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });

      const bad = await post('/account/login', { email: 'ann@example.com', password: 'nope-nope', next: '/account' });
      expect(bad.status).toBe(401);
      expect(bad.body).toContain('The email or password is incorrect.');
      const good = await post('/account/login', {
        email: 'ann@example.com',
        password: 'ann-password',
        next: '/account',
      });
      expect(good.status).toBe(303);
      expect(good.headers.get('location')).toBe('/account');
      const account = await v.get('/account');
      expect(account.status).toBe(200);
      expect(account.body).toContain('You have not placed any orders yet.');
      const xsrf = /name="xsrfToken" value="([^"]+)"/.exec(account.body)![1];

      const forged = await post('/account/logout', {});
      expect(forged.status).toBe(403);
      const out = await post('/account/logout', { xsrfToken: xsrf });
      expect(out.status).toBe(303);
      expect((await v.get('/account')).status).toBe(303);
      // An off-site `next` is ignored.
      const offsite = await post('/account/login', {
        email: 'ann@example.com',
        password: 'ann-password',
        next: '//evil.example/',
      });
      expect(offsite.headers.get('location')).toBe('/account');
    });
  });
}
