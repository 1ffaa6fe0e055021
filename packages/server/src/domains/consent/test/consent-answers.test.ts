import { consentAnswer } from '@tessera/core/contracts/consent';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The cookie choice's JSON answer is what its contract (`@tessera/core/contracts/consent`) says and
// what /api/openapi.json publishes; a plain form post still goes back with a 303.

const CONSENT = '/api/cookie-consent';

for (const dialect of DIALECTS) {
  describe(`cookie consent answer matches its published schema (${dialect})`, () => {
    const suite = suiteServer(dialect);

    it('answers the storefront its choice as published, and a plain form with a redirect', async () => {
      const visitor = Visitor.of(suite.server);
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
      expectPublishedAnswer(await openApiDocument(Visitor.of(suite.server)), 'POST', CONSENT, consentAnswer);
    });
  });
}
