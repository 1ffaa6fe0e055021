import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { createSiteUser } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { mailSuite } from '../../../../test/smtp-capture.js';

// A reset link is mailed at most three times an hour per account; further requests answer exactly
// as usual (so nobody learns whether an address exists or was limited) but send nothing.

const API = '/api/site-users/account';

for (const dialect of DIALECTS) {
  describe(`password-reset mails per address (${dialect})`, () => {
    const suite = mailSuite(dialect, { signIn: { requestsPerAddress: 10_000 } });
    beforeAll(async () => {
      await createSiteUser(suite.server.db, { email: 'often@example.com', password: 'often-password' });
      await createSiteUser(suite.server.db, { email: 'other@example.com', password: 'other-password' });
    });

    // The lookup and mail come behind each answer: wait for that work before counting what arrived.
    const mailsTo = async (address: string) => {
      await suite.server.app.afterAnswer.idle();
      return suite.received.filter((m) => m.to === address);
    };

    it('mails three links an hour to one address and answers the same for every further request', async () => {
      const v = new Visitor(suite.server.url);
      const nobody = await v.post(`${API}/password-reset`, { email: 'nobody@example.com' });
      for (let i = 0; i < 3; i++) {
        const answer = await v.post(`${API}/password-reset`, { email: 'often@example.com' });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(nobody.body);
      }
      expect(await mailsTo('often@example.com')).toHaveLength(3);
      expect((await mailsTo('often@example.com'))[0].raw).toContain('Reset your password');

      const fourth = await v.post(`${API}/password-reset`, { email: 'often@example.com' });
      expect(fourth.status).toBe(200);
      expect(fourth.body).toEqual(nobody.body);
      // The page form answers with the same "sent" page too.
      const page = await v.request('POST', '/account/forgot-password', {
        body: new URLSearchParams({ email: 'often@example.com', crumb: v.cookies.get('crumb') ?? '' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(page.status).toBe(200);
      const nobodyPage = await v.request('POST', '/account/forgot-password', {
        body: new URLSearchParams({ email: 'nobody@example.com', crumb: v.cookies.get('crumb') ?? '' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(String(page.body).replaceAll('often@example.com', '')).toBe(
        String(nobodyPage.body).replaceAll('nobody@example.com', ''),
      );
      expect(await mailsTo('often@example.com')).toHaveLength(3);
      expect(await mailsTo('nobody@example.com')).toHaveLength(0);

      // Another address keeps its own count.
      expect((await v.post(`${API}/password-reset`, { email: 'other@example.com' })).status).toBe(200);
      expect(await mailsTo('other@example.com')).toHaveLength(1);

      // An hour later the address may ask again.
      await suite.server.db
        .updateTable('password_resets')
        .set({ created_at: new Date(Date.now() - 61 * 60 * 1000).toISOString() })
        .execute();
      expect((await v.post(`${API}/password-reset`, { email: 'often@example.com' })).status).toBe(200);
      expect(await mailsTo('often@example.com')).toHaveLength(4);
    });
  });
}
