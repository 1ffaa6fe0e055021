import { readFileSync } from 'node:fs';
import type { FormDefinition, FormFieldDefinition } from '@tessera/core';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../platform/db/schema.js';
import type { Visitor } from '../../../../test/visitor.js';
import { createFormStore } from '../form-store.js';

// Shared by the forms API tests (forms-submissions, forms-rate-limit).

/** The fields and cases core's browser-side check is tested with; the server must agree with it. */
export const fixtures = JSON.parse(
  readFileSync(new URL('../../../../../core/src/form/fixtures.json', import.meta.url), 'utf8'),
) as {
  fields: FormFieldDefinition[];
  cases: { field: string; value: unknown; error: string | null }[];
};

export const SAVE = '/api/form/SaveFormSubmission';
export const KEY = '/api/form/FormSubmissionKey';

/** Test servers of the forms API tests: no submission limit to meet, no minimum fill time. */
export const UNLIMITED_FORMS = {
  forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
};

function testForm(id: string, fields: FormFieldDefinition[], captcha = false): FormDefinition {
  return { id, name: id, kind: 'contact', fields, submissionMessage: 'Thanks', captcha: { enabled: captcha } };
}

/** Adds the forms the tests post to: `fixtures` (every fixture field), `plain` (one message) and `guarded` (with a captcha). */
export async function saveTestForms(db: Kysely<Database>): Promise<void> {
  const site = await db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
  const store = createFormStore(db);
  const message: FormFieldDefinition[] = [{ id: 'msg', type: 'text', title: 'Message', required: true }];
  await store.saveForm(site.id, testForm('fixtures', fixtures.fields));
  await store.saveForm(site.id, testForm('plain', message));
  await store.saveForm(site.id, testForm('guarded', message, true));
}

/** A fresh submission key for the visitor. */
export async function keyFor(visitor: Visitor): Promise<string> {
  const answer = await visitor.post(KEY);
  expect(answer.status).toBe(200);
  return answer.body.key;
}
