import {
  additionalFieldsFormAnswer,
  captchaChallenge,
  formValuesValidAnswer,
  submissionAnswer,
  submissionKeyAnswer,
} from '@tessera/core/contracts/forms';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../../storefront/src/islands/forms/captcha-solver.js';
import { createFormStore } from '../form-store.js';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: the form answers the storefront's form, captcha and product-form islands read parse with the
// schemas `@tessera/core/contracts/forms` publishes, naming every field the server sends.

for (const dialect of DIALECTS) {
  describe(`form answers (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { forms: { minFillMs: 0 } });
    beforeAll(async () => {
      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      await createFormStore(suite.server.db).saveForm(site.id, {
        id: 'guarded',
        name: 'Guarded',
        kind: 'contact',
        fields: [{ id: 'msg', type: 'text', title: 'Message', required: true }],
        submissionMessage: 'Thanks',
        captcha: { enabled: true },
      });
    });

    it('answers a key, a captcha challenge and a stored submission in their schemas', async () => {
      const v = Visitor.of(suite.server);
      const { key } = expectAnswer(submissionKeyAnswer, await v.post('/api/form/FormSubmissionKey'));
      const challenge = expectAnswer(captchaChallenge, await v.get('/api/form/captcha-challenge'));
      const captchaKey = await solveCaptcha(challenge, { yieldToPage: async () => {} });
      expect(captchaKey).not.toBeNull();
      const saved = expectAnswer(
        submissionAnswer,
        await v.post('/api/form/SaveFormSubmission', {
          key,
          captchaKey,
          formId: 'guarded',
          form: JSON.stringify({ msg: 'hello' }),
          pagePath: '/contact',
        }),
      );
      expect(saved.submissionId).not.toBe('');
    });

    it("answers a product's additional-fields form and the check of its values in their schemas", async () => {
      const v = Visitor.of(suite.server);
      const ids = await demoItemIds(suite.server);
      const { form } = expectAnswer(
        additionalFieldsFormAnswer,
        await v.get(`/api/rest/forms/additional-fields?itemId=${ids['custom-mug']}`),
      );
      expect(form.fields.some((field) => field.id === 'name-to-print')).toBe(true);
      const checked = expectAnswer(
        formValuesValidAnswer,
        await v.post(`/api/rest/forms/validate/${form.id}`, { 'name-to-print': 'Rosa' }),
      );
      expect(checked.errors).toEqual({});
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(Visitor.of(suite.server));
      expectPublishedAnswer(doc, 'POST', '/api/form/FormSubmissionKey', submissionKeyAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/form/captcha-challenge', captchaChallenge);
      expectPublishedAnswer(doc, 'POST', '/api/form/SaveFormSubmission', submissionAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/rest/forms/additional-fields', additionalFieldsFormAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/rest/forms/validate/{formId}', formValuesValidAnswer);
    });
  });
}
