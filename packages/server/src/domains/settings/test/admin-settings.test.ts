import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const SETTINGS = '/api/config/settings';
const OWNERS = '/api/config/owners';

function contextOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? '{}');
}

for (const dialect of DIALECTS) {
  describe(`site settings and owners admin (${dialect})`, () => {
    let admin: Visitor;
    let manager: Visitor;
    let adminId: string;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      adminId = (
        await createOwner(suite.server.db, {
          email: 'boss@owners.test',
          password: 'admin-password',
          roles: [WebsiteRole.ADMIN],
        })
      ).id;
      await createOwner(suite.server.db, {
        email: 'sm@owners.test',
        password: 'store-password',
        roles: [WebsiteRole.STORE_MANAGER],
      });
      admin = await signInOwner(suite.server.url, 'boss@owners.test', 'admin-password');
      manager = await signInOwner(suite.server.url, 'sm@owners.test', 'store-password');
    });

    it('reads the settings and the choices the settings panel offers', async () => {
      const settings = await admin.get(SETTINGS);
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({
        siteTitle: 'Juniper & Oak',
        timeZone: 'America/New_York',
        currency: 'USD',
        locale: 'en-US',
        cookiePolicy: 'standard',
        trackingEnabled: true,
      });
      const options = await admin.get(`${SETTINGS}/options`);
      expect(options.body.currencies).toHaveLength(27);
      expect(options.body.timeZones).toContain('Europe/Paris');
      expect((await manager.get(SETTINGS)).status).toBe(403);
    });

    it('saves title, time zone, currency and locale, and the published site uses them', async () => {
      const saved = await admin.put(SETTINGS, {
        siteTitle: 'Juniper & Oak Paris',
        timeZone: 'Europe/Paris',
        currency: 'EUR',
        locale: 'fr_FR',
        logo: { url: '/files/products/linen-shirt-natural.jpg', altText: 'Logo' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({
        logo: { url: '/files/products/linen-shirt-natural.jpg', altText: 'Logo', width: 800, height: 1000 },
        siteTitle: 'Juniper & Oak Paris',
        timeZone: 'Europe/Paris',
        currency: 'EUR',
        locale: 'fr-FR',
      });
      const page = await new Visitor(suite.server.url).get('/shop/p/linen-shirt');
      expect(page.body).toContain('Juniper &amp; Oak Paris');
      expect(page.body).toContain(
        '<a class="site-title" href="/"><img class="site-title__logo" src="/files/products/linen-shirt-natural.jpg" alt="Logo" width="800" height="1000"></a>',
      );
      expect(contextOf(page.body)).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Paris', locale: 'fr-FR' });
      await admin.put(SETTINGS, { currency: 'USD', locale: 'en-US', timeZone: 'America/New_York', logo: null });
      expect((await new Visitor(suite.server.url).get('/')).body).toContain(
        '<a class="site-title" href="/">Juniper &amp; Oak Paris</a>',
      );
    });

    it('refuses an unknown time zone with the SPEC message, and other bad values', async () => {
      const answer = await admin.put(SETTINGS, { timeZone: 'Mars/Olympus_Mons' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'Failed to load timezone Mars/Olympus_Mons. Retry connection or verify site availability.',
      );
      expect((await admin.put(SETTINGS, { currency: 'XYZ' })).status).toBe(400);
      expect((await admin.put(SETTINGS, { disqusShortname: 'no spaces' })).status).toBe(400);
      expect((await admin.put(SETTINGS, { colour: 'red' })).status).toBe(400);
      expect((await admin.get(SETTINGS)).body.timeZone).toBe('America/New_York');
    });

    it('turns on restrictive cookies and tracking off in the page context', async () => {
      const saved = await admin.put(SETTINGS, {
        cookiePolicy: 'restrictive',
        trackingEnabled: false,
        commentsEnabled: true,
        commentsRequireApproval: true,
        disqusShortname: 'juniper-oak',
        simpleLikingEnabled: true,
        shareButtonOptions: { facebook: true, email: true },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.commentsRequireApproval).toBe(true);
      const context = contextOf((await new Visitor(suite.server.url).get('/')).body);
      expect(context).toMatchObject({ cookiePolicy: 'restrictive', trackingEnabled: false });
      expect(saved.body.shareButtonOptions).toEqual({ facebook: true, twitter: false, linkedin: false, email: true });
      expect((await admin.put(SETTINGS, { shareButtonOptions: { myspace: true } })).status).toBe(400);
      const blog = await suite.server.db
        .selectFrom('items')
        .innerJoin('collections', 'collections.id', 'items.collection_id')
        .select(['collections.slug', 'items.url_id'])
        .where('collections.kind', '=', 'blog')
        .where('items.status', '=', 'published')
        .executeTakeFirstOrThrow();
      const post = (await new Visitor(suite.server.url).get(`/${blog.slug}/${blog.url_id}`)).body as string;
      expect(post).toContain('share-links__link--facebook');
      expect(post).toContain('share-links__link--email');
      expect(post).not.toContain('share-links__link--linkedin');
      expect(post).toContain('class="like-form"');
      await admin.put(SETTINGS, { cookiePolicy: 'standard', trackingEnabled: true });
      const after = contextOf((await new Visitor(suite.server.url).get('/')).body);
      expect(after.cookiePolicy).toBeUndefined();
      expect(after.trackingEnabled).toBeUndefined();
    });

    it('asks for a mailing list with the SPEC messages', async () => {
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const lists = await suite.server.db
        .selectFrom('mailing_lists')
        .select('id')
        .where('site_id', '=', site.id)
        .execute();
      if (lists.length === 0) {
        const none = await admin.put(SETTINGS, { mailingListId: 'anything' });
        expect(none.body.message).toBe("You don't have any mailing lists. Please create one before continuing");
        await suite.server.db
          .insertInto('mailing_lists')
          .values({ id: newId(), site_id: site.id, name: 'Letters', created_at: new Date().toISOString() })
          .execute();
      }
      const missing = await admin.put(SETTINGS, { mailingListId: null });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('A List must be selected');
      const list = await suite.server.db
        .selectFrom('mailing_lists')
        .select('id')
        .where('site_id', '=', site.id)
        .executeTakeFirstOrThrow();
      expect((await admin.put(SETTINGS, { mailingListId: list.id })).body.mailingListId).toBe(list.id);
    });

    it('keeps both of two saves made at once to different parts of the settings', async () => {
      const editorOwner = await createOwner(suite.server.db, {
        email: 'designer@owners.test',
        password: 'designer-password',
        roles: [WebsiteRole.EDITOR],
      });
      expect(editorOwner.roles).toEqual([WebsiteRole.EDITOR]);
      const designer = await signInOwner(suite.server.url, 'designer@owners.test', 'designer-password');
      for (let round = 0; round < 3; round++) {
        const [a, b, c] = await Promise.all([
          admin.put(SETTINGS, { disqusShortname: `round-${round}` }),
          designer.put('/api/config/design', { 'colors.palette': { accent: `#00000${round}` } }),
          manager.put('/api/config/settings/store', { scarcityThreshold: 10 + round }),
        ]);
        expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
        expect((await admin.get(SETTINGS)).body.disqusShortname).toBe(`round-${round}`);
        expect((await designer.get('/api/config/design')).body.design.colors.palette.accent).toBe(`#00000${round}`);
        expect((await manager.get('/api/config/settings/store')).body.scarcityThreshold).toBe(10 + round);
      }
    });

    it('saves store settings under the store group and the product page follows them', async () => {
      expect((await admin.put('/api/config/settings/store', { bogus: true })).status).toBe(400);
      const saved = await manager.put('/api/config/settings/store', {
        multipleQuantityAllowedForServices: false,
        scarcityEnabled: true,
        scarcityShownByDefault: true,
        scarcityThreshold: 100,
        scarcityText: 'Just {qtyInStock} left on the shelf',
        restockNotificationsSuccessText: 'We will write to you.',
        expressCheckout: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        multipleQuantityAllowedForServices: false,
        expressCheckout: true,
        scarcityThreshold: 100,
      });
      const page = await new Visitor(suite.server.url).get('/shop/p/linen-shirt');
      expect(contextOf(page.body).storeSettings).toMatchObject({
        multipleQuantityAllowedForServices: false,
        expressCheckout: true,
      });
      expect(page.body).toContain('left on the shelf');
    });

    it('invites an owner who sets a password once through the mailed link and signs in', async () => {
      expect((await manager.get(OWNERS)).status).toBe(403);
      const invited = await admin.post(`${OWNERS}/invite`, {
        email: 'New.Editor@Example.com',
        roles: [WebsiteRole.EDITOR],
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(invited.body.owner).toMatchObject({
        email: 'new.editor@example.com',
        roles: [WebsiteRole.EDITOR],
        invitePending: true,
      });
      expect(invited.body.inviteUrl).toMatch(/^http:\/\/[^/]+\/owner-invite\?token=[^\s]+$/);
      expect((await admin.post(`${OWNERS}/invite`, { email: 'new.editor@example.com', roles: [1] })).status).toBe(409);
      expect((await admin.post(`${OWNERS}/invite`, { email: 'x@example.com', roles: [5] })).status).toBe(400);

      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', 'new.editor@example.com')
        .executeTakeFirstOrThrow();
      const token = decodeURIComponent(/\/owner-invite\?token=([^\s]+)/.exec(mail.text_body)?.[1] ?? '');
      expect(token.length).toBeGreaterThan(20);
      expect(mail.text_body).toContain(invited.body.inviteUrl);
      const stored = await suite.server.db.selectFrom('owner_invites').select('id').execute();
      expect(stored.map((r) => r.id)).not.toContain(token);

      const visitor = new Visitor(suite.server.url);
      expect(
        (await visitor.post('/api/owner-invites/accept', { token: 'forged', password: 'long-enough-pw' })).status,
      ).toBe(400);
      const accepted = await visitor.post('/api/owner-invites/accept', { token, password: 'long-enough-pw' });
      expect(accepted.status).toBe(200);
      expect(
        (await visitor.post('/api/owner-invites/accept', { token, password: 'another-password' })).body.error,
      ).toBe('invite-invalid');
      const editor = await signInOwner(suite.server.url, 'new.editor@example.com', 'long-enough-pw');
      expect((await editor.get('/api/config/design')).status).toBe(200);
      expect(
        (await admin.get(OWNERS)).body.owners.find((o: any) => o.email === 'new.editor@example.com').invitePending,
      ).toBe(false);
    });

    it('lets the mailed link set the password through a plain form page', async () => {
      await admin.post(`${OWNERS}/invite`, { email: 'form.user@example.com', roles: [WebsiteRole.REPORTING] });
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', 'form.user@example.com')
        .executeTakeFirstOrThrow();
      const link = /https?:\/\/[^/\s]+(\/owner-invite\?token=[^\s]+)/.exec(mail.text_body)?.[1] ?? '';
      const browser = new Visitor(suite.server.url, null);
      const page = await browser.get(link);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<form method="post" action="/owner-invite">');
      expect(page.body).not.toMatch(/<script|\sstyle=/);
      const crumb = browser.cookies.get('crumb') ?? '';
      expect(crumb).not.toBe('');
      const token = decodeURIComponent(link.split('token=')[1] ?? '');
      const form = (password: string) => new URLSearchParams({ crumb, token, password }).toString();
      const short = await browser.post('/owner-invite', form('short'), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(short.status).toBe(400);
      const done = await browser.post('/owner-invite', form('a-good-password'), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(done.status).toBe(200);
      expect(done.body).toContain('Your password is set for form.user@example.com');
      const reused = await browser.post('/owner-invite', form('a-good-password'), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(reused.body).toContain('expired or was already used');
      await signInOwner(suite.server.url, 'form.user@example.com', 'a-good-password');
    });

    it('shows the mail outbox to administrators, newest first, page by page', async () => {
      expect((await manager.get('/api/config/mail-outbox')).status).toBe(403);
      const first = await admin.get('/api/config/mail-outbox?limit=1');
      expect(first.status).toBe(200);
      expect(first.body.messages).toHaveLength(1);
      expect(first.body.messages[0]).toMatchObject({ to: 'form.user@example.com', via: 'outbox' });
      expect(first.body.messages[0].subject).toContain('You are invited');
      expect(first.body.hasNextPage).toBe(true);
      const second = await admin.get(`/api/config/mail-outbox?limit=1&cursor=${first.body.nextPageCursor}`);
      expect(second.body.messages[0].to).toBe('new.editor@example.com');
      const filtered = await admin.get('/api/config/mail-outbox?to=NEW.editor@example.com');
      expect(filtered.body.messages.map((m: { to: string }) => m.to)).toEqual(['new.editor@example.com']);
      expect((await admin.get('/api/config/mail-outbox?cursor=bogus')).status).toBe(400);
    });

    it('changes roles and removes owners, never the last administrator', async () => {
      const owners = (await admin.get(OWNERS)).body.owners as any[];
      const newcomer = owners.find((o) => o.email === 'new.editor@example.com');
      const promoted = await admin.put(`${OWNERS}/${newcomer.id}/roles`, {
        roles: [WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER],
      });
      expect(promoted.body.owner.roles).toEqual([WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER]);

      const demote = await admin.put(`${OWNERS}/${adminId}/roles`, { roles: [WebsiteRole.EDITOR] });
      expect(demote.status).toBe(409);
      expect(demote.body.error).toBe('last-admin');
      expect((await admin.delete(`${OWNERS}/${adminId}`)).status).toBe(409);

      expect((await admin.delete(`${OWNERS}/${newcomer.id}`)).status).toBe(200);
      expect((await admin.delete(`${OWNERS}/${newcomer.id}`)).status).toBe(404);
      const signIn = await new Visitor(suite.server.url).post('/api/config/session', {
        email: 'new.editor@example.com',
        password: 'long-enough-pw',
      });
      expect(signIn.status).toBe(401);
    });
  });
}
