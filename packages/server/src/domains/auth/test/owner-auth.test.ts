import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createOwner, createSiteUser, signInOwner, siteUserSession } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`owner sessions (${dialect})`, () => {
    const suite = suiteServer(dialect);
    beforeAll(async () => {
      await createOwner(suite.server.db, {
        email: 'Admin@Example.com',
        password: 'correct horse',
        roles: [WebsiteRole.ADMIN],
      });
    });

    it('signs an owner in, rotates the session id, answers who it is, and signs out', async () => {
      const owner = await signInOwner(suite.server.url, 'admin@example.com', 'correct horse');
      const first = owner.cookies.get('tessera-owner');
      const me = await owner.get('/api/config/session');
      expect(me.status).toBe(200);
      expect(me.body.owner).toMatchObject({ email: 'admin@example.com', roles: [WebsiteRole.ADMIN] });

      const again = await owner.post('/api/config/session', { email: 'admin@example.com', password: 'correct horse' });
      expect(again.status).toBe(200);
      const cookie = again.setCookies.find((c) => c.startsWith('tessera-owner='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).not.toMatch(/Secure/i);
      expect(owner.cookies.get('tessera-owner')).not.toBe(first);
      // The old session id no longer works.
      const stale = new Visitor(suite.server.url);
      stale.cookies.set('tessera-owner', first!);
      expect((await stale.get('/api/config/session')).status).toBe(401);

      const out = await owner.delete('/api/config/session');
      expect(out.status).toBe(200);
      const after = await owner.get('/api/config/session');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ error: 'unauthenticated', message: 'Sign in to continue.' });
    });

    it('honours owner and site-user sessions only on their own website', async () => {
      const site = await suite.server.db.selectFrom('sites').selectAll().executeTakeFirstOrThrow();
      // Once one site has a host of its own, every site needs one (unknown hosts get 404, finding 2).
      await suite.server.db.updateTable('sites').set({ host: '127.0.0.1' }).where('id', '=', site.id).execute();
      await suite.server.db
        .insertInto('sites')
        .values({
          ...site,
          id: 'second-site',
          host: 'second.test',
          title: 'Second',
          created_at: new Date().toISOString(),
          files_root: 0,
        })
        .execute();
      const owner = await signInOwner(suite.server.url, 'admin@example.com', 'correct horse');
      const member = await siteUserSession(suite.server, { email: 'member@example.com', password: 'member-password' });
      const ask = (visitor: Visitor, url: string, host: string, headers: Record<string, string> = {}) =>
        suite.server.app.inject({
          method: 'GET',
          url,
          headers: { host, cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
        });
      expect((await ask(owner, '/api/config/session', '127.0.0.1')).statusCode).toBe(200);
      expect((await ask(owner, '/api/config/session', 'second.test')).statusCode).toBe(401);
      const xsrf = { 'x-xsrf-token': member.xsrfToken! };
      expect((await ask(member, '/api/site-users/account', '127.0.0.1', xsrf)).statusCode).toBe(200);
      expect((await ask(member, '/api/site-users/account', 'second.test', xsrf)).statusCode).toBe(401);
    });

    it('refuses a wrong password with one message for unknown and known accounts', async () => {
      const v = new Visitor(suite.server.url);
      const wrong = await v.post('/api/config/session', { email: 'admin@example.com', password: 'nope-nope' });
      const unknown = await v.post('/api/config/session', { email: 'who@example.com', password: 'nope-nope' });
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body.error).toBe('sign-in-failed');
    });

    it('redirects the owner area to the sign-in page', async () => {
      const v = new Visitor(suite.server.url);
      const page = await v.get('/config/account');
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe('/config/login?next=%2Fconfig%2Faccount');
      const login = await v.get('/config/login');
      expect(login.status).toBe(200);
      expect(login.body).toContain('name="crumb"');
      const session = await v.get('/api/config/session');
      expect(session.status).toBe(401);
      // Paths no route claims, and percent-encoded ones, are the owner area all the same.
      const editor = await v.get('/config/pages/anything');
      expect(editor.status).toBe(303);
      expect(editor.headers.get('location')).toMatch(/^\/config\/login\?next=/);
      const encoded = await v.get('/api/%63onfig/session');
      expect(encoded.status).toBe(401);
    });
  });
}

describe('cookies behind TLS', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A proxy terminates TLS and says so in X-Forwarded-Proto; the server trusts it (TRUST_PROXY=1).
    server = await startTestServer({ dialect: DIALECTS[0], config: { trustProxy: true } });
    await createOwner(server.db, { email: 'tls-owner@example.com', password: 'tls-owner-pw', roles: [1] });
    await createSiteUser(server.db, { email: 'tls-member@example.com', password: 'tls-member-pw' });
  });
  afterAll(async () => server?.close());

  it('marks every session cookie Secure and sends HSTS', async () => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    const v = new Visitor(server.url);
    const owner = await v.post(
      '/api/config/session',
      { email: 'tls-owner@example.com', password: 'tls-owner-pw' },
      https,
    );
    expect(owner.status).toBe(200);
    const member = await v.post(
      '/api/site-users/account/session',
      { email: 'tls-member@example.com', password: 'tls-member-pw' },
      https,
    );
    expect(member.status).toBe(200);
    const cookies = [...owner.setCookies, ...member.setCookies];
    for (const name of ['tessera-owner', 'tessera-site-user', 'SiteUserInfo']) {
      const line = cookies.find((c) => c.startsWith(`${name}=`));
      expect(line, name).toMatch(/;\s*Secure/i);
    }
    expect(owner.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const plain = await new Visitor(server.url).post('/api/config/session', {
      email: 'tls-owner@example.com',
      password: 'tls-owner-pw',
    });
    expect(plain.setCookies.find((c) => c.startsWith('tessera-owner='))).not.toMatch(/Secure/i);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});
