import fc from 'fast-check';
import { validateSubmission } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { fixtures, KEY, keyFor, SAVE, saveTestForms, UNLIMITED_FORMS } from './forms-helpers.js';

for (const dialect of DIALECTS) {
  describe(`forms API under load and hostile input (${dialect})`, () => {
    let server: TestServer;
    const visitor = () => Visitor.of(server);

    beforeAll(async () => {
      server = await startTestServer({ dialect, config: UNLIMITED_FORMS });
      await saveTestForms(server.db);
    }, 60_000);
    afterAll(async () => server?.close());

    it('stores exactly 1,000 of 1,000 concurrent submissions', async () => {
      const v = visitor();
      const keys = await Promise.all(Array.from({ length: 1000 }, () => keyFor(v)));
      const answers = await Promise.all(
        keys.map((key, i) => v.post(SAVE, { key, form: JSON.stringify({ msg: `load ${i}` }), formId: 'plain' })),
      );
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
      const rows = await server.db
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
