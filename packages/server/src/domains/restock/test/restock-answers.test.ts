import { WebsiteRole } from '@tessera/core';
import { sendAllAnswer, sendOutcome, signUpAnswer, signUpGroupPage, signUpPage } from '@tessera/core/contracts/restock';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { ownerSession, siteUserSession } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { soldOutVariant } from '../../../../test/cart-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The restock answers are what their contract (`@tessera/core/contracts/restock`) says, the contract
// the editor's restock panel and the storefront's sign-up take their types from, and what
// /api/openapi.json publishes.

const SIGNUP = '/api/commerce/restock-notifications';
const API = '/api/site-users/account/notifications/restock';

for (const dialect of DIALECTS) {
  describe(`restock answers match their published schemas (${dialect})`, () => {
    let store: Visitor;
    let variant: { productId: string; variantId: string };

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      store = await ownerSession(suite.server, {
        email: 'restock@example.com',
        password: 'store-password',
        roles: [WebsiteRole.STORE_MANAGER],
      });
      variant = await soldOutVariant(suite.server, 'linen-shirt');
    });

    it('answers sign-ups, their lists, groups and sends as published', async () => {
      const visitor = new Visitor(suite.server.url);
      const body = { ...variant, siteVisitorEmail: 'ann@example.com', isJoinMailingList: true };
      expect(expectAnswer(signUpAnswer, await visitor.post(SIGNUP, body), 201).created).toBe(true);
      expect(expectAnswer(signUpAnswer, await visitor.post(SIGNUP, body), 200).created).toBe(false);

      const ben = await siteUserSession(suite.server, { email: 'ben@example.com', password: 'ben-password' });
      expectAnswer(signUpAnswer, await ben.post(API, variant), 201);
      const own = expectAnswer(signUpPage, await ben.get(API));
      expect(own.signUps.map((s) => s.email)).toEqual(['ben@example.com']);

      const groups = expectAnswer(signUpGroupPage, await store.get(`${API}/groups`));
      expect(groups.signUpGroups[0]).toMatchObject({ ...variant, pendingCount: 2, totalCount: 2 });
      const listed = expectAnswer(signUpPage, await store.get(`${API}?limit=1`));
      expect(listed).toMatchObject({ hasNextPage: true });
      expect(listed.signUps[0]!.productTitle).toBeTruthy();

      expect(expectAnswer(sendOutcome, await store.post(`${API}/send`, variant))).toEqual({
        ...variant,
        sent: 2,
        failed: 0,
      });
      expectAnswer(signUpPage, await store.get(`${API}?productId=${variant.productId}`));
      const all = expectAnswer(sendAllAnswer, await store.post(`${API}/send/all`, {}));
      expect(all).toEqual({ results: [], sent: 0, failed: 0 });
      expectAnswer(sendAllAnswer, await store.post(`${API}/send/all`, { sendRequests: [variant] }));
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(store);
      expectPublishedAnswer(doc, 'POST', SIGNUP, signUpAnswer, 201);
      expectPublishedAnswer(doc, 'POST', SIGNUP, signUpAnswer, 200);
      expectPublishedAnswer(doc, 'POST', API, signUpAnswer, 201);
      expectPublishedAnswer(doc, 'GET', API, signUpPage);
      expectPublishedAnswer(doc, 'GET', `${API}/groups`, signUpGroupPage);
      expectPublishedAnswer(doc, 'POST', `${API}/send`, sendOutcome);
      expectPublishedAnswer(doc, 'POST', `${API}/send/all`, sendAllAnswer);
    });
  });
}
