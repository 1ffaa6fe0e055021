import { FORM_MESSAGES, validateSubmission } from '@tessera/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../../storefront/src/islands/forms/captcha-solver.js';
import { createCaptcha } from '../captcha.js';
import { createFormStore } from '../form-store.js';
import { createSubmissionService } from '../submission-service.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { fixtures, KEY, keyFor, SAVE, saveTestForms, UNLIMITED_FORMS } from './forms-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

async function solvedCaptcha(visitor: Visitor): Promise<string> {
  const challenge = await visitor.get('/api/form/captcha-challenge');
  expect(challenge.status).toBe(200);
  const solved = await solveCaptcha(challenge.body, { yieldToPage: async () => {} });
  if (!solved) throw new Error('the captcha challenge could not be solved');
  return solved;
}

for (const dialect of DIALECTS) {
  describe(`forms API (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, UNLIMITED_FORMS);

    const visitor = () => Visitor.of(suite.server);

    beforeAll(async () => {
      await saveTestForms(suite.server.db);
    }, 60_000);

    it('agrees with the browser-side check on every fixture', async () => {
      const v = visitor();
      const disagreements: string[] = [];
      await Promise.all(
        fixtures.cases.map(async (fixture) => {
          const body = fixture.value === null ? {} : { [fixture.field]: fixture.value };
          const answer = await v.post('/api/rest/forms/validate/fixtures', body);
          const error: string | null = answer.status === 200 ? null : (answer.body.errors?.[fixture.field] ?? null);
          if (answer.status !== 200 && answer.status !== 400) disagreements.push(`${fixture.field}: ${answer.status}`);
          if (answer.status === 400) expect(answer.body.error).toBe('invalid-fields');
          if (error !== fixture.error) {
            disagreements.push(`${fixture.field} ${JSON.stringify(fixture.value)}: ${error} ≠ ${fixture.error}`);
          }
        }),
      );
      expect(disagreements).toEqual([]);
    });

    it('answers field errors with a 400 and errors keyed by field id', async () => {
      const answer = await visitor().post('/api/rest/forms/validate/contact-form', { email: 'nope' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'invalid-fields',
        message: FORM_MESSAGES.invalidFields,
        errors: { email: FORM_MESSAGES.invalidEmail, name: 'Required', message: 'Required' },
      });
    });

    it('says an unknown form has not been configured', async () => {
      const answer = await visitor().post('/api/rest/forms/validate/nope', {});
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('This form has not been configured yet.');
      const v = visitor();
      const save = await v.post(SAVE, { key: await keyFor(v), form: '{}', formId: 'nope' });
      expect(save.status).toBe(404);
    });

    it('stores a submission once; a reused key is refused every time', async () => {
      const v = visitor();
      const key = await keyFor(v);
      const body = { key, form: JSON.stringify({ msg: 'hello' }), formId: 'plain', pagePath: '/contact' };
      const first = await v.post(SAVE, body);
      expect(first.status).toBe(200);
      expect(first.body.success).toBe(true);
      for (let i = 0; i < 3; i++) {
        const again = await v.post(SAVE, body);
        expect(again.status).toBe(409);
        expect(again.body.error).toBe('submission-key-used');
      }
      const rows = await suite.server.db
        .selectFrom('form_submissions')
        .selectAll()
        .where('form_id', '=', 'plain')
        .execute();
      expect(rows.filter((r) => JSON.parse(r.data).msg === 'hello')).toHaveLength(1);
      expect(JSON.parse(rows[0]!.page_context)).toEqual({ pagePath: '/contact' });
    });

    it('refuses an unknown key with 401 and a missing key with 400', async () => {
      const v = visitor();
      const unknown = await v.post(SAVE, { key: 'made-up', form: '{"msg":"x"}', formId: 'plain' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe('Unable to submit form. Please try again later.');
      const missing = await v.post(SAVE, { form: '{"msg":"x"}', formId: 'plain' });
      expect(missing.status).toBe(400);
    });

    it('keeps the key usable when the values are invalid', async () => {
      const v = visitor();
      const key = await keyFor(v);
      const bad = await v.post(SAVE, { key, form: '{"msg":""}', formId: 'plain' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ msg: 'Required' });
      const good = await v.post(SAVE, { key, form: '{"msg":"ok"}', formId: 'plain' });
      expect(good.status).toBe(200);
    });

    it('asks for the captcha, accepts a solved one once and refuses its replay every time', async () => {
      const v = visitor();
      const none = await v.post(SAVE, { key: await keyFor(v), form: '{"msg":"x"}', formId: 'guarded' });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Complete CAPTCHA before submitting.');
      const forged = await v.post(SAVE, {
        key: await keyFor(v),
        form: '{"msg":"x"}',
        formId: 'guarded',
        captchaKey: btoa('{"algorithm":"SHA-256","challenge":"00","number":1,"salt":"x","signature":"00"}'),
      });
      expect(forged.status).toBe(400);
      expect(forged.body.error).toBe('captcha-invalid');

      const captchaKey = await solvedCaptcha(v);
      const ok = await v.post(SAVE, { key: await keyFor(v), form: '{"msg":"x"}', formId: 'guarded', captchaKey });
      expect(ok.status).toBe(200);
      const replays = await Promise.all(
        [1, 2, 3, 4].map(async () =>
          v.post(SAVE, { key: await keyFor(v), form: '{"msg":"x"}', formId: 'guarded', captchaKey }),
        ),
      );
      expect(replays.map((r) => r.status)).toEqual([409, 409, 409, 409]);
      expect(replays[0]!.body.error).toBe('captcha-replayed');
    });

    it('flags suspected spam and still stores it', async () => {
      const v = visitor();
      const answer = await v.post(SAVE, {
        key: await keyFor(v),
        form: '{"msg":"buy now"}',
        formId: 'plain',
        'tessera-hp': 'http://spam.example',
      });
      expect(answer.status).toBe(200);
      const row = await suite.server.db
        .selectFrom('form_submissions')
        .selectAll()
        .where('id', '=', answer.body.submissionId)
        .executeTakeFirstOrThrow();
      expect(row.spam).toBe(1);
      expect(row.spam_reason).toBe('honeypot');
    });

    it('adds newsletter sign-ups to the mailing list once', async () => {
      const v = visitor();
      for (const email of ['Reader@Example.com', 'reader@example.com']) {
        const answer = await v.post(SAVE, {
          key: await keyFor(v),
          form: JSON.stringify({ email }),
          formId: 'newsletter-form',
        });
        expect(answer.status).toBe(200);
      }
      const subscribers = await suite.server.db.selectFrom('mailing_list_subscribers').selectAll().execute();
      expect(subscribers.map((s) => s.email)).toEqual(['reader@example.com']);
    });

    it('sweeps expired keys and spent captchas, keeping live ones', async () => {
      const v = visitor();
      const live = await keyFor(v);
      const past = new Date(Date.now() - 1000).toISOString();
      await suite.server.db
        .insertInto('form_submission_keys')
        .values({
          key: 'old-key',
          site_id: (await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id,
          created_at: past,
          expires_at: past,
          used_at: null,
        })
        .execute();
      await suite.server.db
        .insertInto('captcha_spent')
        .values({ signature: 'old', expires_at: past, created_at: past })
        .execute();
      const captcha = createCaptcha(suite.server.db, { hmacKey: 'k', maxNumber: 10, ttlMs: 1000 });
      const service = createSubmissionService(suite.server.db, createFormStore(suite.server.db), captcha, {
        minFillMs: 0,
      });
      await service.purgeExpired();
      const keys = await suite.server.db.selectFrom('form_submission_keys').select('key').execute();
      expect(keys.map((k) => k.key)).toContain(live);
      expect(keys.map((k) => k.key)).not.toContain('old-key');
      expect(
        await suite.server.db.selectFrom('captcha_spent').select('signature').where('signature', '=', 'old').execute(),
      ).toEqual([]);
    });

    it('lets owners list forms, page submissions and export them as CSV', async () => {
      const [reporter, owner] = await ownerSessions(suite.server, [OWNERS.reporting, OWNERS.editor]);
      const anonymous = await visitor().get('/api/config/forms');
      expect(anonymous.status).toBe(401);
      expect((await reporter.get('/api/config/forms')).status).toBe(403);

      const forms = await owner.get('/api/config/forms');
      expect(forms.status).toBe(200);
      const ids = forms.body.forms.map((f: { id: string }) => f.id);
      expect(ids).toEqual(expect.arrayContaining(['contact-form', 'newsletter-form', 'mug-personalisation', 'plain']));

      const v = visitor();
      const tricky = '=cmd|"/c calc"!A1, with a comma\nand a line';
      const saved = await v.post(SAVE, {
        key: await keyFor(v),
        form: JSON.stringify({ msg: tricky }),
        formId: 'plain',
      });
      expect(saved.status).toBe(200);
      for (const msg of ['second', 'third']) {
        await v.post(SAVE, { key: await keyFor(v), form: JSON.stringify({ msg }), formId: 'plain' });
      }

      const first = await owner.get('/api/config/forms/plain/submissions?page=1&pageSize=2');
      expect(first.status).toBe(200);
      expect(first.body.submissions).toHaveLength(2);
      expect(first.body.total).toBeGreaterThan(2);
      expect(first.body.hasNextPage).toBe(true);
      expect(first.body.submissions.map((x: { values: unknown }) => x.values)).toContainEqual({ msg: 'third' });
      expect((await owner.get('/api/config/forms/plain/submissions?pageSize=0')).status).toBe(400);
      expect((await owner.get('/api/config/forms/nope/submissions')).status).toBe(404);

      const csv = await owner.get('/api/config/forms/plain/submissions.csv');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toMatch(/attachment/);
      const text = csv.body as string;
      expect(text.replace(/^\uFEFF/, '').startsWith('Submitted,Spam,Message\r\n')).toBe(true);
      expect(text).toContain(`"'=cmd|""/c calc""!A1, with a comma\nand a line"`);
      expect(text.split('\r\n').length).toBeGreaterThan(first.body.total);

      const lists = await owner.get('/api/config/forms/mailing-lists');
      expect(lists.body.mailingLists).toHaveLength(1);
      const subscribers = await owner.get(
        `/api/config/forms/mailing-lists/${lists.body.mailingLists[0].id}/subscribers`,
      );
      expect(subscribers.status).toBe(200);
      expect(Array.isArray(subscribers.body.subscribers)).toBe(true);
    });

    it('stores exactly 1,000 of 1,000 concurrent submissions', async () => {
      const v = visitor();
      const keys = await Promise.all(Array.from({ length: 1000 }, () => keyFor(v)));
      const answers = await Promise.all(
        keys.map((key, i) => v.post(SAVE, { key, form: JSON.stringify({ msg: `load ${i}` }), formId: 'plain' })),
      );
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
      const rows = await suite.server.db
        .selectFrom('form_submissions')
        .select('data')
        .where('form_id', '=', 'plain')
        .where('data', 'like', '%load %')
        .execute();
      expect(rows).toHaveLength(1000);
      expect(new Set(rows.map((r) => r.data)).size).toBe(1000);
    }, 120_000);

    it('answers malformed bodies with a 4xx, never a 5xx', async () => {
      const v = visitor();
      const key = await keyFor(v);
      const bodies: [string, string][] = [
        ['{', 'application/json'],
        ['[]', 'application/json'],
        ['"text"', 'application/json'],
        ['null', 'application/json'],
        ['{"key":1,"form":{},"formId":"plain"}', 'application/json'],
        [`{"key":"${key}","form":"{not json","formId":"plain"}`, 'application/json'],
        [`{"key":"${key}","form":"[1,2]","formId":"plain"}`, 'application/json'],
        [`{"key":"${key}","form":"{\\"msg\\":{\\"a\\":1}}","formId":"plain"}`, 'application/json'],
        [`{"key":"${key}","form":"{}","formId":{"x":1}}`, 'application/json'],
        [`{"key":"${key}","form":"{}","formId":"${'x'.repeat(5000)}"}`, 'application/json'],
        [`{"key":"${key}","form":"{}","formId":"plain","captchaKey":"%%%"}`, 'application/json'],
        [`{"key":"a\\u0000b","form":"{}","formId":"plain"}`, 'application/json'],
        [`{"key":"${key}","form":"{}","formId":"pl\\u0000ain"}`, 'application/json'],
        [
          `{"key":"${key}","form":"{\\"msg\\":\\"nul\\\\u0000here\\"}","formId":"plain","pagePath":"/\\u0000"}`,
          'application/json',
        ],
        ['key=1&form=2', 'application/x-www-form-urlencoded'],
        ['<xml/>', 'text/xml'],
      ];
      for (const [body, contentType] of bodies) {
        for (const path of [SAVE, '/api/rest/forms/validate/plain', KEY]) {
          const answer = await v.request('POST', path, { body, contentType });
          expect(answer.status, `${path} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(200);
          expect(answer.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
        }
      }
      for (const path of ['/api/rest/forms/validate/pl%00ain', '/api/rest/forms/additional-fields?itemId=a%00b']) {
        const answer = await v.request(path.includes('validate') ? 'POST' : 'GET', path, {
          body: path.includes('validate') ? {} : undefined,
        });
        expect(answer.status, path).toBe(404);
      }
      const parse = await v.post(SAVE, { key, form: '{not json', formId: 'plain' });
      expect(parse.body.message).toBe('Could not parse the form fields, please check your entries.');
    });

    it('never answers a 5xx to random bodies and random values', async () => {
      const v = visitor();
      const key = await keyFor(v);
      const values = fc.dictionary(
        fc.constantFrom(...fixtures.fields.map((f) => f.id), 'stray'),
        fc.oneof(fc.string({ unit: 'binary' }), fc.array(fc.string()), fc.jsonValue()),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.record({
              key: fc.oneof(fc.constant(key), fc.string()),
              form: values.map((x) => JSON.stringify(x)),
              formId: fc.constantFrom('fixtures', 'plain', 'nope'),
            }),
          ),
          values,
          async (body, raw) => {
            const saved = await v.post(SAVE, body ?? {});
            expect(saved.status).toBeLessThan(500);
            const checked = await v.post('/api/rest/forms/validate/fixtures', raw);
            expect(checked.status).toBeLessThan(500);
            // A body with a `__proto__` key is refused whole before any field is read.
            if (JSON.stringify(raw).includes('"__proto__":')) {
              expect(checked.status).toBe(400);
              return;
            }
            // The server's field errors are exactly the browser-side ones.
            const local = validateSubmission(fixtures.fields, raw);
            expect(checked.body.errors ?? {}).toEqual(local.ok ? {} : local.kind === 'fields' ? local.errors : {});
          },
        ),
        { numRuns: 60, examples: [[[], { text: JSON.parse('{"__proto__":false}') }]] },
      );
    });

    it('needs the crumb on every form write', async () => {
      for (const path of [SAVE, KEY, '/api/rest/forms/validate/plain']) {
        const answer = await visitor().request('POST', path, { body: {}, crumb: 'wrong' });
        expect(answer.status).toBe(403);
      }
    });
  });
}
