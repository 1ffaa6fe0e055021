import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { createOwner, OWNERS, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const SETTINGS = '/api/config/settings';
const CONSENT = '/api/cookie-consent';
const FORM = 'application/x-www-form-urlencoded';

function contextOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? '{}');
}

function bannerOf(html: string): string | undefined {
  return /<section class="cookie-banner[\s\S]*?<\/section>/.exec(html)?.[0];
}

for (const dialect of DIALECTS) {
  describe(`cookie banner (${dialect})`, () => {
    let admin: Visitor;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      await createOwner(suite.server.db, {
        email: 'cb@owners.test',
        password: 'admin-password',
        roles: [WebsiteRole.ADMIN],
      });
      await createOwner(suite.server.db, OWNERS.editor);
      admin = await signInOwner(suite.server.url, 'cb@owners.test', 'admin-password');
    });

    it('offers the defaults, switched off, and the positions to choose from', async () => {
      const settings = await admin.get(SETTINGS);
      expect(settings.body.cookieBanner).toEqual({
        enabled: false,
        text: 'We use cookies to count visits and improve this site. You can accept or decline them.',
        privacyLabel: 'Privacy policy',
        privacyUrl: '',
        acceptLabel: 'Accept',
        declineLabel: 'Decline',
        position: 'bottom-bar',
      });
      const options = await admin.get(`${SETTINGS}/options`);
      expect(options.body.cookieBannerPositions).toEqual(['bottom-bar', 'bottom-left', 'bottom-right']);
      expect(bannerOf((await new Visitor(suite.server.url).get('/')).body)).toBeUndefined();
    });

    it('refuses bad banner settings with a message per field, and keeps the saved ones', async () => {
      const bad = await admin.put(SETTINGS, {
        cookieBanner: { enabled: true, text: '  ', privacyUrl: 'javascript:alert(1)', acceptLabel: 'x'.repeat(31) },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'cookieBanner.text: Write the text the banner shows. ' +
          'cookieBanner.privacyUrl: Choose one of your pages, or give a site path (/privacy) or an http(s) address. ' +
          'cookieBanner.acceptLabel: Keep the Accept button label to 30 characters or fewer.',
      );
      const wrongKind = await admin.put(SETTINGS, { cookieBanner: { position: 'top', colour: 'red' } });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.message).toMatch(/cookieBanner/);
      expect((await admin.get(SETTINGS)).body.cookieBanner.enabled).toBe(false);
    });

    it('only admins change the banner', async () => {
      const editor = await signInOwner(suite.server.url, 'ed@owners.test', 'editor-password');
      expect((await editor.put(SETTINGS, { cookieBanner: { enabled: true } })).status).toBe(403);
      expect((await new Visitor(suite.server.url).put(SETTINGS, { cookieBanner: { enabled: true } })).status).toBe(401);
    });

    it('saves the banner, trimmed, keeping fields left out', async () => {
      const saved = await admin.put(SETTINGS, {
        cookiePolicy: 'restrictive',
        cookieBanner: {
          enabled: true,
          text: ' We count visits with cookies <b>only</b> if you agree. ',
          privacyUrl: '/privacy',
          privacyLabel: 'How we use data',
          position: 'bottom-right',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.cookieBanner).toEqual({
        enabled: true,
        text: 'We count visits with cookies <b>only</b> if you agree.',
        privacyLabel: 'How we use data',
        privacyUrl: '/privacy',
        acceptLabel: 'Accept',
        declineLabel: 'Decline',
        position: 'bottom-right',
      });
      const again = await admin.put(SETTINGS, { cookieBanner: { acceptLabel: 'Allow' } });
      expect(again.body.cookieBanner).toMatchObject({ privacyUrl: '/privacy', acceptLabel: 'Allow' });
    });

    it('shows an undecided visitor the banner, printed by the server with a working plain form', async () => {
      const visitor = new Visitor(suite.server.url);
      const page = await visitor.get('/shop');
      const banner = bannerOf(page.body);
      expect(banner).toBeDefined();
      expect(banner).toContain('cookie-banner--bottom-right');
      expect(banner).toContain('We count visits with cookies &lt;b&gt;only&lt;/b&gt; if you agree.');
      expect(banner).toContain('<a class="cookie-banner__link" href="/privacy">How we use data</a>');
      expect(banner).toContain(`name="crumb" value="${visitor.cookies.get('crumb')}"`);
      expect(banner).toContain('name="returnTo" value="/shop"');
      expect(banner).toMatch(/<button[^>]*name="choice" value="accepted">Allow<\/button>/);
      expect(banner).toMatch(/<button[^>]*name="choice" value="declined">Decline<\/button>/);
      expect(contextOf(page.body)).toMatchObject({ cookiePolicy: 'restrictive', cookieBanner: true });
    });

    it('leaves the banner out for a visitor who has chosen', async () => {
      for (const choice of ['accepted', 'declined']) {
        const visitor = new Visitor(suite.server.url);
        visitor.cookies.set('tessera_consent', choice);
        const page = await visitor.get('/shop');
        expect(page.status).toBe(200);
        expect(bannerOf(page.body)).toBeUndefined();
        // The tracker still learns that the site asks, to honour the choice.
        expect(contextOf(page.body)).toMatchObject({ cookieBanner: true });
      }
    });

    it('takes a plain form post: sets the consent cookie for a year and goes back to the page', async () => {
      const visitor = new Visitor(suite.server.url);
      await visitor.get('/shop');
      const crumb = visitor.cookies.get('crumb') ?? '';
      const body = new URLSearchParams({ crumb, choice: 'declined', returnTo: '/shop?view=list' }).toString();
      const answer = await visitor.post(CONSENT, body, { contentType: FORM, crumb: false });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/shop?view=list');
      const cookie = answer.setCookies.find((line) => line.startsWith('tessera_consent='));
      expect(cookie).toMatch(/^tessera_consent=declined;/);
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/HttpOnly/i);
      // A decline also expires the census cookies.
      expect(answer.setCookies.some((line) => /^ss_cvr=;.*Max-Age=0/.test(line))).toBe(true);
      expect(bannerOf((await visitor.get('/shop')).body)).toBeUndefined();
    });

    it('answers the storefront script with JSON', async () => {
      const visitor = new Visitor(suite.server.url);
      const answer = await visitor.post(CONSENT, new URLSearchParams({ choice: 'accepted' }).toString(), {
        contentType: FORM,
        headers: { accept: 'application/json' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ choice: 'accepted' });
      expect(visitor.cookies.get('tessera_consent')).toBe('accepted');
    });

    it('never sends a visitor to another site', async () => {
      const visitor = new Visitor(suite.server.url);
      for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
        const answer = await visitor.post(CONSENT, new URLSearchParams({ choice: 'accepted', returnTo }).toString(), {
          contentType: FORM,
        });
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toBe('/');
      }
    });

    it('needs the crumb, and says what is wrong with a bad choice', async () => {
      const visitor = new Visitor(suite.server.url);
      const noCrumb = await visitor.post(CONSENT, 'choice=accepted', { contentType: FORM, crumb: false });
      expect(noCrumb.status).toBe(403);
      expect(noCrumb.body).toMatchObject({ crumbFail: true });
      expect(visitor.cookies.has('tessera_consent')).toBe(false);
      const wrongCrumb = await visitor.post(CONSENT, { choice: 'accepted' }, { crumb: 'not-the-crumb' });
      expect(wrongCrumb.status).toBe(403);
      const bad = await visitor.post(CONSENT, { choice: 'maybe' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('choice: Send choice as accepted or declined.');
      expect((await visitor.post(CONSENT, 'not json', { contentType: 'application/json' })).status).toBe(400);
    });

    it('records nothing from a visitor who declined, even if a script still sends', async () => {
      const hit = (visitor: Visitor) =>
        visitor.post(
          '/api/census/RecordHit',
          new URLSearchParams({
            event: 'view',
            data: JSON.stringify({ visitorId: 'v-consent', visitStart: 1, path: '/shop', pageType: 2 }),
          }).toString(),
          { contentType: FORM },
        );
      const declined = new Visitor(suite.server.url);
      declined.cookies.set('tessera_consent', 'declined');
      expect((await hit(declined)).body).toEqual({ stored: false });
      const accepted = new Visitor(suite.server.url);
      accepted.cookies.set('tessera_consent', 'accepted');
      expect((await hit(accepted)).body).toEqual({ stored: true });
    });

    it('shows no banner once the owner switches it off', async () => {
      await admin.put(SETTINGS, { cookieBanner: { enabled: false } });
      const page = await new Visitor(suite.server.url).get('/shop');
      expect(bannerOf(page.body)).toBeUndefined();
      expect(contextOf(page.body).cookieBanner).toBeUndefined();
    });
  });
}
