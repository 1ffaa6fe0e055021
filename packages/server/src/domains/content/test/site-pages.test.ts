import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../../platform/config.js';
import { DEMO_SITE_ID, DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { REDIS_URL, redisReachable } from '../../../../test/redis-stores.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const contextOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');

describe.each(DIALECTS)('content pages and site settings API (%s)', (dialect) => {
  const suite = suiteServer(dialect);
  beforeAll(async () => {
    await createOwner(suite.server.db, {
      email: 'admin@example.com',
      password: 'a-long-password-1',
      roles: [WebsiteRole.ADMIN],
    });
    await createOwner(suite.server.db, {
      email: 'editor@example.com',
      password: 'a-long-password-2',
      roles: [WebsiteRole.EDITOR],
    });
  }, 60_000);

  it('serves the home, about and gallery pages from their sections, server-side', async () => {
    const visitor = Visitor.of(suite.server);
    const home = await visitor.get<string>('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('Made slowly, kept for years');
    expect(contextOf(home.body).pageType).toBe(2);
    const gallery = await visitor.get<string>('/gallery');
    for (const design of ['grid', 'slideshow', 'carousel', 'stacked'])
      expect(gallery.body).toContain(`gallery--${design}`);
    // SPEC defaults and ranges reach the markup as custom properties.
    expect(gallery.body).toContain('--gallery-columns:4');
    expect(gallery.body).toContain('--gallery-thumb-height:80px');
    expect(gallery.body).toContain('data-lightbox-theme="light"');
  });

  it('follows folder behaviour: index to the first child, redirect to its address, none is not found', async () => {
    const visitor = Visitor.of(suite.server);
    const index = await visitor.get('/explore');
    expect(index.status).toBe(302);
    expect(index.headers.get('location')).toBe('/gallery');
    const redirect = await visitor.get('/stockists');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/about');
    expect((await visitor.get('/more')).status).toBe(404);
  });

  it('locks a protected page until the right password is posted with the crumb; the cookie opens only that page', async () => {
    const visitor = Visitor.of(suite.server);
    const locked = await visitor.get<string>('/lookbook');
    expect(locked.status).toBe(200);
    expect(contextOf(locked.body).pageType).toBe(103);
    expect(locked.body).not.toContain('Autumn lookbook');
    const form = 'application/x-www-form-urlencoded';
    const crumb = visitor.cookies.get('crumb') ?? '';
    const noCrumb = await visitor.request('POST', '/lookbook', {
      body: 'password=juniper',
      contentType: form,
      crumb: false,
    });
    expect(noCrumb.status).toBe(403);
    const wrong = await visitor.request<string>('POST', '/lookbook', {
      body: `password=nope&crumb=${crumb}`,
      contentType: form,
      crumb: false,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('That password is not right. Please try again.');
    const right = await visitor.request('POST', '/lookbook', {
      body: `password=juniper&crumb=${crumb}`,
      contentType: form,
      crumb: false,
    });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/lookbook');
    const cookie = right.setCookies.find((c) => c.startsWith('tessera-unlock-'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const open = await visitor.get<string>('/lookbook');
    expect(open.body).toContain('Autumn lookbook');
    expect(contextOf(open.body).pageType).toBe(105);
    // A forged cookie does not open it.
    const stranger = Visitor.of(suite.server);
    for (const [name] of visitor.cookies) if (name.startsWith('tessera-unlock-')) stranger.cookies.set(name, 'forged');
    expect((await stranger.get<string>('/lookbook')).body).not.toContain('Autumn lookbook');
    expect((await Visitor.of(suite.server).post('/about', {})).status).toBe(404);
  });

  it('stops answering a lock screen after ten wrong passwords from one address (429), even the right one', async () => {
    const visitor = Visitor.of(suite.server);
    await visitor.get('/lookbook');
    const crumb = visitor.cookies.get('crumb') ?? '';
    const post = (password: string) =>
      visitor.request<string>('POST', '/lookbook', {
        body: `password=${password}&crumb=${crumb}`,
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('wrong')).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const right = await post('juniper');
    expect(right.status).toBe(429);
    expect(right.body).toContain('Too many attempts. Please try again in a few minutes.');
  });

  it('counts guesses sent at once before checking them, and an IPv6 /64 as one address', async () => {
    const guess = (remoteAddress: string, password: string) =>
      suite.server.app.inject({
        method: 'POST',
        url: '/lookbook',
        remoteAddress,
        headers: { cookie: 'crumb=c', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${password}&crumb=c`,
      });
    // Twenty guesses at once from one address: ten are checked, the rest refused unchecked.
    const burst = await Promise.all(Array.from({ length: 20 }, () => guess('10.88.0.1', 'wrong')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // A new address for each guess within one /64 gets no more.
    const sixes: number[] = [];
    for (let i = 1; i <= 12; i++) sixes.push((await guess(`2001:db8:42:7::${i.toString(16)}`, 'wrong')).statusCode);
    expect(sixes.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(sixes.slice(10)).toEqual([429, 429]);
    expect((await guess('2001:db8:42:7:ffff::1', 'juniper')).statusCode).toBe(429);
    // Another /64 is not held back.
    expect((await guess('2001:db8:42:8::1', 'juniper')).statusCode).toBe(303);
  });

  it('shows the splash page without the header, and a page in French with ?lang=fr', async () => {
    const visitor = Visitor.of(suite.server);
    const splash = await visitor.get<string>('/welcome');
    expect(contextOf(splash.body).pageType).toBe(3);
    expect(splash.body).not.toContain('class="site-header"');
    const french = await visitor.get<string>('/about?lang=fr');
    expect(french.body).toContain('À propos de Juniper &amp; Oak');
    expect(french.body).toContain('<html lang="fr">');
    const unknown = await visitor.get<string>('/about?lang=xx');
    expect(unknown.body).toContain('About Juniper &amp; Oak');
  });

  it('answers an error page (101) that reveals nothing when a page fails', async () => {
    const visitor = Visitor.of(suite.server);
    // Break one page's stored sections type so its renderer throws inside the handler.
    const original = suite.server.app.services.content.getPageBySlug;
    suite.server.app.services.content.getPageBySlug = async () => {
      throw new Error('secret database detail');
    };
    try {
      const failed = await visitor.get<string>('/about');
      expect(failed.status).toBe(500);
      expect(contextOf(failed.body).pageType).toBe(101);
      expect(failed.body).toContain('Something went wrong');
      expect(failed.body).not.toContain('secret database detail');
    } finally {
      suite.server.app.services.content.getPageBySlug = original;
    }
  });

  it('GET/PUT /api/site-header-footer: anyone reads, content owners write, bad bodies are 400', async () => {
    const visitor = Visitor.of(suite.server);
    const current = await visitor.get('/api/site-header-footer');
    expect(current.status).toBe(200);
    expect(current.body.header.announcement).toBe('Free shipping on orders over $75');
    const next = {
      header: { announcement: 'Closed for the holidays' },
      footer: { text: 'See you in January', links: [{ title: 'About', url: '/about' }] },
    };
    expect((await visitor.put('/api/site-header-footer', next)).status).toBe(401);
    const editor = await signInOwner(suite.server.url, 'editor@example.com', 'a-long-password-2');
    const saved = await editor.put('/api/site-header-footer', next);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(next);
    const bad = await editor.put('/api/site-header-footer', { header: { announcement: 5 }, footer: {} });
    expect(bad.status).toBe(400);
    const badLink = await editor.put('/api/site-header-footer', {
      header: {},
      footer: { links: [{ title: 'x', url: 'javascript:alert(1)' }] },
    });
    expect(badLink.status).toBe(400);
    const page = await visitor.get<string>('/about');
    expect(page.body).toContain('Closed for the holidays');
    expect(page.body).toContain('See you in January');
  });

  it('multilingual API: settings and status for anyone, languages only for admins', async () => {
    const visitor = Visitor.of(suite.server);
    const settings = await visitor.get('/api/multilingual/settings');
    expect(settings.body).toMatchObject({ enabled: true, defaultLanguage: 'en' });
    expect(settings.body.languages.map((l: { code: string }) => l.code)).toEqual(['en', 'fr']);
    const status = await visitor.get('/api/multilingual/status');
    expect(status.body.languages.find((l: { code: string }) => l.code === 'fr').translatedPages).toBe(1);
    const body = {
      languages: [
        { code: 'en', name: 'English', enabled: true },
        { code: 'fr', name: 'Français', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
    };
    const editor = await signInOwner(suite.server.url, 'editor@example.com', 'a-long-password-2');
    expect((await editor.put('/api/multilingual/languages', body)).status).toBe(403);
    const admin = await signInOwner(suite.server.url, 'admin@example.com', 'a-long-password-1');
    const saved = await admin.put('/api/multilingual/languages', body);
    expect(saved.status).toBe(200);
    expect(saved.body.languages).toHaveLength(3);
    expect(
      (
        await admin.put('/api/multilingual/languages', {
          languages: [
            { code: 'en', name: 'A' },
            { code: 'en', name: 'B' },
          ],
        })
      ).status,
    ).toBe(400);
    expect((await admin.put('/api/multilingual/languages', { languages: [{ code: '../x', name: 'A' }] })).status).toBe(
      400,
    );
    const page = await visitor.get<string>('/about');
    expect(page.body).toContain('hreflang="de"');
    const row = await suite.server.db
      .selectFrom('sites')
      .select('settings')
      .where('id', '=', DEMO_SITE_ID)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings).website.multilingual.languages).toHaveLength(3);
  });
});

// Issue 18: with Redis configured, every node counts wrong page passwords together, so guessing
// through several nodes gets no more tries than through one.
describe.runIf(await redisReachable())('lock screen attempts shared through Redis by two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const config = {
      redisUrl: REDIS_URL,
      rateLimit: { ...DEFAULT_RATE_LIMIT, namespace: `tessera-test-lock-${Date.now()}:` },
    };
    a = await startTestServer({ dialect: DIALECTS[0], config });
    b = await startTestServer({ dialect: DIALECTS[0], sameDatabaseAs: a, config });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('blocks the eleventh guess from one address whichever node it reaches', async () => {
    const guess = (server: TestServer, password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/lookbook',
        remoteAddress: '10.77.0.1',
        headers: { cookie: 'crumb=c', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${password}&crumb=c`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess(i % 2 === 0 ? a : b, 'wrong')).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await guess(a, 'juniper')).statusCode).toBe(429);
    expect((await guess(b, 'juniper')).statusCode).toBe(429);
    // Another address is not held back by them.
    const other = await a.app.inject({
      method: 'POST',
      url: '/lookbook',
      remoteAddress: '10.77.0.2',
      headers: { cookie: 'crumb=c', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=juniper&crumb=c',
    });
    expect(other.statusCode).toBe(303);
  });
});
