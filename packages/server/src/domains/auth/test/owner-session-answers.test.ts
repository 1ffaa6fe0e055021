import { ownerDone, ownerSession, resetCompleted } from '@tessera/core/contracts/owner-session';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { createOwner, OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// An owner's session and password answers are what their contract (`@tessera/core/contracts/owner-session`)
// says, and what /api/openapi.json publishes.

const SESSION = '/api/config/session';

for (const dialect of DIALECTS) {
  describe(`owner session answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { signIn: { requestsPerAddress: 1000, addressFailures: 1000 } });
    beforeAll(async () => {
      await createOwner(suite.server.db, OWNERS.editor);
    });

    it('answers signing in, the session, a password change and signing out, as published', async () => {
      const owner = new Visitor(suite.server.url);
      const signedIn = expectAnswer(
        ownerSession,
        await owner.post(SESSION, { email: OWNERS.editor.email, password: OWNERS.editor.password }),
      );
      expect(signedIn.owner).toMatchObject({ email: OWNERS.editor.email, roles: [...OWNERS.editor.roles] });
      expect(expectAnswer(ownerSession, await owner.get(SESSION))).toEqual(signedIn);
      expectAnswer(
        ownerDone,
        await owner.put('/api/config/account/password', {
          currentPassword: OWNERS.editor.password,
          newPassword: 'a-new-editor-password',
        }),
      );
      expectAnswer(ownerDone, await owner.delete(SESSION));
    });

    it('answers a reset link asked for and used, as published', async () => {
      const visitor = new Visitor(suite.server.url);
      expectAnswer(ownerDone, await visitor.post('/api/config/password-reset', { email: OWNERS.editor.email }));
      await suite.server.app.afterAnswer.idle(); // the lookup and mail come behind the answer
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', OWNERS.editor.email)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text_body)?.[1] ?? '');
      const done = expectAnswer(
        resetCompleted,
        await visitor.post('/api/config/password-reset/complete', { token, password: 'reset-editor-password' }),
      );
      expect(done.signIn).toBe('/config/login');
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(new Visitor(suite.server.url));
      expectPublishedAnswer(doc, 'POST', SESSION, ownerSession);
      expectPublishedAnswer(doc, 'GET', SESSION, ownerSession);
      expectPublishedAnswer(doc, 'DELETE', SESSION, ownerDone);
      expectPublishedAnswer(doc, 'PUT', '/api/config/account/password', ownerDone);
      expectPublishedAnswer(doc, 'POST', '/api/config/password-reset', ownerDone);
      expectPublishedAnswer(doc, 'POST', '/api/config/password-reset/complete', resetCompleted);
    });
  });
}
