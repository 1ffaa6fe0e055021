import { consentAnswer } from '@tessera/core/contracts/consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { Visitor } from '../../../../test/visitor.js';

// The cookie choice's JSON answer is what its contract (`@tessera/core/contracts/consent`) says and
// what /api/openapi.json publishes; a plain form post still goes back with a 303.

const CONSENT = '/api/cookie-consent';

for (const dialect of DIALECTS) {
  describe(`cookie consent answer matches its published schema (${dialect})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => server?.close());

    it('answers the storefront its choice as published, and a plain form with a redirect', async () => {
      const visitor = Visitor.of(server);
      await visitor.get('/');
      for (const choice of ['declined', 'accepted'] as const) {
        const answer = await visitor.post(CONSENT, { choice }, { headers: { accept: 'application/json' } });
        expect(expectAnswer(consentAnswer, answer)).toEqual({ choice });
      }
      const form = await visitor.post(
        CONSENT,
        new URLSearchParams({ choice: 'declined', returnTo: '/shop' }).toString(),
        {
          contentType: 'application/x-www-form-urlencoded',
        },
      );
      expect(form.status).toBe(303);
    });

    it('publishes that answer in /api/openapi.json', async () => {
      expectPublishedAnswer(await openApiDocument(Visitor.of(server)), 'POST', CONSENT, consentAnswer);
    });
  });
}
