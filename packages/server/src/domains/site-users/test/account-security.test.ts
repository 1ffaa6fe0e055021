import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPublicUrlCommand } from '../../auth/account-commands.js';
import { loadConfig } from '../../../platform/config.js';
import { parsePublicUrl, publicBaseUrl } from '../../../platform/http/public-url.js';
import { DIALECTS } from '../../../testing.js';
import {
  createOwner,
  createSiteUser,
  OWNERS,
  ownerSession,
  SiteUserVisitor,
  signInSiteUser,
  siteUserSession,
} from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { soldOutVariant } from '../../../../test/cart-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Attack review of 2026-11, findings 2 (links built from the Host header), 3 (reset links that
// outlive a reset) and 15 (an unverified address shows another person's restock sign-ups).

const ACCOUNT = '/api/site-users/account';
const RESTOCK = '/api/commerce/restock-notifications';

for (const dialect of DIALECTS) {
  describe(`account security (${dialect})`, () => {
    let port: string;

    const suite = suiteServer(dialect, {}, { signIn: { requestsPerAddress: 10_000 } });
    beforeAll(async () => {
      port = new URL(suite.server.url).port;
    });

    // Reset requests look the address up and mail behind their answer: wait for that work first.
    const mailsTo = async (address: string) => {
      await suite.server.app.afterAnswer.idle();
      return suite.server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', address)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    };
    const linkIn = (text: string, path: string) => {
      const match = text.match(new RegExp(`(\\S+${path.replace(/[/?]/g, '\\$&')}\\?token=[^\\s]+)`));
      if (!match) throw new Error(`no ${path} link in: ${text}`);
      return match[1];
    };
    const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
    /** A JSON POST with a Host header of our choosing (fetch cannot forge Host; inject can). */
    const postAs = (host: string, url: string, payload: unknown) =>
      suite.server.app.inject({
        method: 'POST',
        url,
        headers: { host, cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });

    it('finding 2: a forged Host on the reset request yields a mail whose link points at the configured URL', async () => {
      await createSiteUser(suite.server.db, { email: 'host-victim@example.com', password: 'victim-password' });
      await createOwner(suite.server.db, { email: 'host-owner@example.com', password: 'owner-password', roles: [1] });

      // Nothing configured (the demo, tests): this server's own local address, never the Host header.
      const first = await postAs('evil.example', `${ACCOUNT}/password-reset`, { email: 'host-victim@example.com' });
      expect(first.statusCode).toBe(200);
      const [local] = await mailsTo('host-victim@example.com');
      expect(linkIn(local.text_body, '/account/reset-password')).toMatch(
        new RegExp(`^http://localhost:${port}/account/reset-password\\?token=`),
      );
      expect(local.text_body).not.toContain('evil.example');

      // An owner sets the site's public address in Settings: validated, then used for every link.
      const admin = await ownerSession(suite.server, OWNERS.admin);
      for (const bad of [
        'javascript:alert(1)',
        'https://shop.example.com/reset',
        'https://u:p@shop.example.com',
        'ftp://x.y',
      ]) {
        const refused = await admin.put('/api/config/settings', { publicUrl: bad });
        expect(refused.status, bad).toBe(400);
        expect(refused.body.message, bad).toContain('such as https://shop.example.com');
      }
      const saved = await admin.put('/api/config/settings', { publicUrl: 'https://Shop.Example.com/' });
      expect(saved.status).toBe(200);
      expect(saved.body.publicUrl).toBe('https://shop.example.com');
      expect((await admin.get('/api/config/settings')).body.publicUrl).toBe('https://shop.example.com');

      const forged = await postAs('evil.example', `${ACCOUNT}/password-reset`, { email: 'host-victim@example.com' });
      expect(forged.statusCode).toBe(200);
      const [, configured] = await mailsTo('host-victim@example.com');
      expect(linkIn(configured.text_body, '/account/reset-password')).toMatch(
        /^https:\/\/shop\.example\.com\/account\/reset-password\?token=/,
      );

      // The owner reset link and the owner invitation follow the same address.
      const ownerReset = await postAs('evil.example', '/api/config/password-reset', {
        email: 'host-owner@example.com',
      });
      expect(ownerReset.statusCode).toBe(200);
      const [ownerMail] = await mailsTo('host-owner@example.com');
      expect(linkIn(ownerMail.text_body, '/config/reset-password')).toMatch(
        /^https:\/\/shop\.example\.com\/config\/reset-password\?token=/,
      );
      const invited = await admin.post(
        '/api/config/owners/invite',
        { email: 'host-invitee@example.com', roles: [WebsiteRole.EDITOR] },
        { headers: { 'x-forwarded-host': 'evil.example' } },
      );
      expect(invited.status).toBe(201);
      expect(invited.body.inviteUrl).toMatch(/^https:\/\/shop\.example\.com\/owner-invite\?token=/);

      // Restock notifications and their unsubscribe links too.
      const tote = await soldOutVariant(suite.server, 'canvas-tote');
      const signUp = await postAs('evil.example', RESTOCK, {
        productId: tote.productId,
        variantId: tote.variantId,
        siteVisitorEmail: 'host-restock@example.com',
      });
      expect(signUp.statusCode).toBeLessThan(300);
      await suite.server.db
        .updateTable('product_variants')
        .set({ qty_in_stock: 5 })
        .where('id', '=', tote.variantId)
        .execute();
      const manager = await ownerSession(suite.server, OWNERS.storeManager);
      const sent = await manager.post(
        '/api/site-users/account/notifications/restock/send',
        { productId: tote.productId, variantId: tote.variantId },
        { headers: { 'x-forwarded-host': 'evil.example' } },
      );
      expect(sent.status).toBe(200);
      const [restockMail] = await mailsTo('host-restock@example.com');
      expect(restockMail.text_body).toContain('https://shop.example.com/unsubscribe?token=');
      expect(restockMail.text_body).not.toContain('evil.example');
      expect(restockMail.text_body).not.toContain('127.0.0.1');
      await suite.server.db
        .updateTable('product_variants')
        .set({ qty_in_stock: 0 })
        .where('id', '=', tote.variantId)
        .execute();
    });

    it('finding 2: a request for an unknown host is answered 404 and sends no mail', async () => {
      await createSiteUser(suite.server.db, { email: 'host-404@example.com', password: 'host-404-password' });
      // `tessera set-public-url`: the site answers on this host only from now on.
      const line = await setPublicUrlCommand(suite.server.db, { url: `http://127.0.0.1:${port}` });
      expect(line).toContain('127.0.0.1');
      try {
        const unknown = await postAs('evil.example', `${ACCOUNT}/password-reset`, { email: 'host-404@example.com' });
        expect(unknown.statusCode).toBe(404);
        const page = await suite.server.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
        expect(page.statusCode).toBe(404);
        const ownerReset = await postAs('evil.example', '/api/config/password-reset', { email: 'admin@owners.test' });
        expect(ownerReset.statusCode).toBe(404);
        expect(await mailsTo('host-404@example.com')).toHaveLength(0);

        // The configured host itself is served, and its links start with the configured address.
        const known = await new Visitor(suite.server.url).post(`${ACCOUNT}/password-reset`, {
          email: 'host-404@example.com',
        });
        expect(known.status).toBe(200);
        const [mail] = await mailsTo('host-404@example.com');
        expect(linkIn(mail.text_body, '/account/reset-password')).toMatch(
          new RegExp(`^http://127\\.0\\.0\\.1:${port}/account/reset-password\\?token=`),
        );
      } finally {
        await suite.server.db.updateTable('sites').set({ host: null, public_url: null }).execute();
      }
    });

    it('finding 3: completing a reset invalidates every other reset token of the user', async () => {
      await createSiteUser(suite.server.db, { email: 'three-links@example.com', password: 'old-password' });
      const v = new Visitor(suite.server.url);
      for (let i = 0; i < 3; i++) {
        expect((await v.post(`${ACCOUNT}/password-reset`, { email: 'three-links@example.com' })).status).toBe(200);
      }
      const tokens = (await mailsTo('three-links@example.com')).map((m) =>
        tokenOf(linkIn(m.text_body, '/account/reset-password')),
      );
      expect(new Set(tokens).size).toBe(3);
      const done = await v.post(`${ACCOUNT}/password-reset/complete`, { token: tokens[1], password: 'new-password-1' });
      expect(done.status).toBe(200);
      for (const token of [tokens[0], tokens[2]]) {
        const stale = await v.post(`${ACCOUNT}/password-reset/complete`, { token, password: 'attacker-password' });
        expect(stale.status).toBe(400);
        expect(stale.body.error).toBe('reset-link-invalid');
      }
      await signInSiteUser(suite.server.url, 'three-links@example.com', 'new-password-1');
      expect(
        (await v.post(`${ACCOUNT}/session`, { email: 'three-links@example.com', password: 'attacker-password' }))
          .status,
      ).toBe(401);
    });

    it('finding 3: a site user password change invalidates outstanding reset links and other sessions', async () => {
      const me = await siteUserSession(suite.server, {
        email: 'changer@example.com',
        password: 'changer-old-password',
      });
      const elsewhere = await signInSiteUser(suite.server.url, 'changer@example.com', 'changer-old-password');
      const v = new Visitor(suite.server.url);
      expect((await v.post(`${ACCOUNT}/password-reset`, { email: 'changer@example.com' })).status).toBe(200);
      const [mail] = await mailsTo('changer@example.com');
      const token = tokenOf(linkIn(mail.text_body, '/account/reset-password'));

      const wrong = await me.put(`${ACCOUNT}/password`, {
        currentPassword: 'nope-nope',
        newPassword: 'changer-new-password',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('current-password-wrong');
      const changed = await me.put(`${ACCOUNT}/password`, {
        currentPassword: 'changer-old-password',
        newPassword: 'changer-new-password',
      });
      expect(changed.status).toBe(200);
      expect((await me.get(ACCOUNT)).status).toBe(200);
      expect((await elsewhere.get(ACCOUNT)).status).toBe(401);
      const stale = await v.post(`${ACCOUNT}/password-reset/complete`, { token, password: 'attacker-password' });
      expect(stale.status).toBe(400);
      expect(stale.body.error).toBe('reset-link-invalid');
      await signInSiteUser(suite.server.url, 'changer@example.com', 'changer-new-password');

      // The account page's form does the same without JavaScript.
      const page = await me.get('/account');
      expect(page.body).toContain('action="/account/password"');
      const form = await me.request('POST', '/account/password', {
        body: new URLSearchParams({
          crumb: me.cookies.get('crumb') ?? '',
          xsrfToken: me.xsrfToken ?? '',
          currentPassword: 'changer-new-password',
          newPassword: 'changer-third-password',
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/account?passwordChanged=1');
      await signInSiteUser(suite.server.url, 'changer@example.com', 'changer-third-password');
    });

    it('finding 3: an owner password change or reset invalidates every outstanding owner reset link', async () => {
      const account = { email: 'owner-three@example.com', password: 'owner-old-password', roles: [WebsiteRole.EDITOR] };
      const owner = await ownerSession(suite.server, account);
      const other = await ownerSession(suite.server, { ...account, email: 'owner-three-b@example.com' });
      const secondBrowser = new Visitor(suite.server.url);
      expect(
        (await secondBrowser.post('/api/config/session', { email: account.email, password: account.password })).status,
      ).toBe(200);
      const v = new Visitor(suite.server.url);
      for (let i = 0; i < 2; i++) {
        expect((await v.post('/api/config/password-reset', { email: account.email })).status).toBe(200);
      }
      const links = (await mailsTo(account.email)).map((m) => tokenOf(linkIn(m.text_body, '/config/reset-password')));
      expect(links).toHaveLength(2);

      // A change needs the current password, keeps this session and ends the others.
      const wrong = await owner.put('/api/config/account/password', {
        currentPassword: 'nope-nope',
        newPassword: 'owner-new-password',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('current-password-wrong');
      const changed = await owner.put('/api/config/account/password', {
        currentPassword: account.password,
        newPassword: 'owner-new-password',
      });
      expect(changed.status).toBe(200);
      expect((await owner.get('/api/config/session')).status).toBe(200);
      expect((await secondBrowser.get('/api/config/session')).status).toBe(401);
      for (const token of links) {
        const stale = await v.post('/api/config/password-reset/complete', { token, password: 'attacker-password' });
        expect(stale.status).toBe(400);
        expect(stale.body.error).toBe('reset-link-invalid');
      }

      // Completing one reset voids the other link of that owner, and ends every session.
      for (let i = 0; i < 2; i++) {
        expect((await v.post('/api/config/password-reset', { email: 'owner-three-b@example.com' })).status).toBe(200);
      }
      const [a, b] = (await mailsTo('owner-three-b@example.com')).map((m) =>
        tokenOf(linkIn(m.text_body, '/config/reset-password')),
      );
      expect(
        (await v.post('/api/config/password-reset/complete', { token: b, password: 'reset-password-b' })).status,
      ).toBe(200);
      expect(
        (await v.post('/api/config/password-reset/complete', { token: a, password: 'attacker-password' })).status,
      ).toBe(400);
      expect((await other.get('/api/config/session')).status).toBe(401);
      const signedIn = await new Visitor(suite.server.url).post('/api/config/session', {
        email: 'owner-three-b@example.com',
        password: 'reset-password-b',
      });
      expect(signedIn.status).toBe(200);
    });

    it('finding 15: an unverified account email does not show restock sign-ups made with that address', async () => {
      const victim = 'restock-victim@example.com';
      const shirt = await suite.server.db
        .selectFrom('product_variants')
        .innerJoin('items', 'items.id', 'product_variants.item_id')
        .select(['items.id as productId', 'items.title', 'product_variants.id as variantId'])
        .where('items.url_id', '=', 'linen-shirt')
        .where('product_variants.qty_in_stock', '<=', 0)
        .where('product_variants.unlimited', '=', 0)
        .executeTakeFirstOrThrow();
      const signUp = await new Visitor(suite.server.url).post(RESTOCK, {
        productId: shirt.productId,
        variantId: shirt.variantId,
        siteVisitorEmail: victim,
      });
      expect(signUp.status).toBeLessThan(300);

      // Someone else creates an account with the victim's address: nothing keyed by it shows.
      const attacker = new SiteUserVisitor(suite.server.url);
      const created = await attacker.post(ACCOUNT, { email: victim, password: 'attacker-password' });
      expect(created.status).toBe(200);
      attacker.xsrfToken = created.body.xsrfToken;
      const list = await attacker.get('/api/site-users/account/notifications/restock');
      expect(list.status).toBe(403);
      expect(list.body.error).toBe('email-unverified');
      expect((await attacker.get(ACCOUNT)).body.siteUser.emailVerified).toBe(false);
      const page = await attacker.get('/account');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Confirm your email address');
      expect(page.body).not.toContain(shirt.title);

      // The verification link went to the address; resending is limited to three mails an hour.
      for (let i = 0; i < 4; i++) expect((await attacker.post(`${ACCOUNT}/verify-email`, {})).status).toBe(200);
      const mails = await mailsTo(victim);
      expect(mails).toHaveLength(3);
      const link = linkIn(mails[0].text_body, '/account/verify-email');
      expect(link).toMatch(new RegExp(`^http://localhost:${port}/account/verify-email\\?token=`));

      // Only the mailbox owner can verify: a made-up token does nothing.
      const forged = await attacker.get('/account/verify-email?token=made-up-token-123456');
      expect(forged.status).toBe(400);
      expect((await attacker.get('/api/site-users/account/notifications/restock')).status).toBe(403);

      const opened = await attacker.get(`/account/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe('/account?verified=1');
      const again = await attacker.get(`/account/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
      expect(again.status).toBe(400);
      const verified = await attacker.get('/api/site-users/account/notifications/restock');
      expect(verified.status).toBe(200);
      expect(verified.body.signUps.map((s: { email: string }) => s.email)).toEqual([victim]);
      expect((await attacker.get('/account')).body).toContain(shirt.title);
    });
  });
}

describe('public URLs', () => {
  it('finding 2: links come from the site URL, its host, PUBLIC_URL or the local address, in that order', () => {
    const server = { publicUrl: 'https://env.example', port: 3000 };
    expect(publicBaseUrl({ publicUrl: 'https://shop.example', host: 'x.example' }, server)).toBe(
      'https://shop.example',
    );
    expect(publicBaseUrl({ publicUrl: null, host: 'x.example' }, server)).toBe('https://x.example');
    expect(publicBaseUrl({ publicUrl: null, host: null }, server)).toBe('https://env.example');
    expect(publicBaseUrl({}, { port: 3000 })).toBe('http://localhost:3000');
    expect(parsePublicUrl('https://Shop.Example.com:8443/')).toBe('https://shop.example.com:8443');
    for (const bad of [
      'shop.example.com',
      'https://shop.example.com/a',
      'https://shop.example.com/?x',
      'https://a@b.c',
      'file:///x',
      '',
    ]) {
      expect(parsePublicUrl(bad), bad).toBeUndefined();
    }
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }).publicUrl).toBe('https://shop.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com/shop' })).toThrow(/PUBLIC_URL/);
  });
});
