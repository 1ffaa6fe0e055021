import { WebsiteRole } from '@tessera/core';
import { inviteAccepted, invitedOwner, ownerAnswer, ownerDeleted, ownersListing } from '@tessera/core/contracts/owners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS as ACCOUNTS, ownerSessions } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// The owners' answers are what their contract (`@tessera/core/contracts/owners`) says, the contract
// the editor's owners panel takes its Owner from, and what /api/openapi.json publishes.

const OWNERS = '/api/config/owners';

for (const dialect of DIALECTS) {
  describe(`owner answers match their published schema (${dialect})`, () => {
    let server: TestServer;
    let admin: Visitor;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      [admin] = await ownerSessions(server, [ACCOUNTS.admin, ACCOUNTS.editor]);
    });
    afterAll(async () => server?.close());

    it('answers the owners, an invitation and its acceptance, a role change and a removal, as published', async () => {
      const before = expectAnswer(ownersListing, await admin.get(OWNERS));
      expect(before.owners.length).toBeGreaterThanOrEqual(2);
      const invited = expectAnswer(
        invitedOwner,
        await admin.post(`${OWNERS}/invite`, { email: 'helper@example.com', roles: [WebsiteRole.EDITOR] }),
        201,
      );
      expect(invited.owner).toMatchObject({ invitePending: true, roles: [WebsiteRole.EDITOR] });
      const token = decodeURIComponent(new URL(invited.inviteUrl).searchParams.get('token') ?? '');
      const accepted = expectAnswer(
        inviteAccepted,
        await new Visitor(server.url).post('/api/owner-invites/accept', { token, password: 'long-enough-pw' }),
      );
      expect(accepted.email).toBe('helper@example.com');

      const id = invited.owner.id;
      const changed = expectAnswer(
        ownerAnswer,
        await admin.put(`${OWNERS}/${id}/roles`, { roles: [WebsiteRole.STORE_MANAGER, WebsiteRole.EDITOR] }),
      );
      expect(changed.owner).toMatchObject({
        invitePending: false,
        roles: [WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER],
      });
      expect(expectAnswer(ownerDeleted, await admin.delete(`${OWNERS}/${id}`)).deleted).toBe(id);
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(admin);
      expectPublishedAnswer(doc, 'GET', OWNERS, ownersListing);
      expectPublishedAnswer(doc, 'POST', `${OWNERS}/invite`, invitedOwner, 201);
      expectPublishedAnswer(doc, 'PUT', `${OWNERS}/{id}/roles`, ownerAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${OWNERS}/{id}`, ownerDeleted);
      expectPublishedAnswer(doc, 'POST', '/api/owner-invites/accept', inviteAccepted);
    });
  });
}
