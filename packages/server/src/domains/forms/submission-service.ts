import {
  FORM_HONEYPOT_FIELD,
  type FormDefinition,
  type FormFieldValue,
  isValidEmail,
  validateSubmission,
} from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';
import type { Captcha } from './captcha.js';
import { FormError } from './errors.js';
import type { FormStore, StoredForm } from './form-store.js';

/** How long a submission key may wait before it is used. */
export const SUBMISSION_KEY_TTL_MS = 2 * 60 * 60_000;
/** Field name of the honeypot input every rendered form carries; people never fill it. */
export const HONEYPOT_FIELD = FORM_HONEYPOT_FIELD;
/** Page-context values kept with a submission: at most this many, each this long. */
const CONTEXT_LIMITS = { keys: 20, length: 500 };

export interface SubmissionInput {
  key: unknown;
  form: unknown;
  captchaKey?: unknown;
  honeypot?: unknown;
  /** Everything else the client sent: page path, title, page-permission values… */
  pageContext: Record<string, unknown>;
}

export interface SubmissionServiceOptions {
  /** Submissions sent sooner than this after their key was issued are flagged as spam. */
  minFillMs: number;
  /** Finds the form a visitor names (inline form blocks included); by default only stored forms. */
  resolveForm?(siteId: string, formId: string): Promise<StoredForm | undefined>;
  /** Called in the submission's transaction for each one not taken for spam (outgoing webhooks, issue 21). */
  afterAccepted?(trx: Kysely<Database>, submission: AcceptedSubmission): Promise<void>;
  /**
   * Called in the submission's transaction when a newsletter form gains a subscriber (a new address
   * on its mailing list; every accepted sign-up when the form has no list): the `newsletter.subscribed`
   * webhook and the mailing-services outbox (issue 21).
   */
  afterSubscribed?(trx: Kysely<Database>, signup: NewSubscriber): Promise<void>;
}

export interface NewSubscriber {
  siteId: string;
  email: string;
  list: { id: string } | null;
  form: { id: string; name: string };
  createdAt: string;
}

export interface AcceptedSubmission {
  siteId: string;
  form: { id: string; name: string };
  id: string;
  values: Record<string, unknown>;
  createdAt: string;
}

/** Scalar page-context values only, bounded in number and length. */
function cleanPageContext(raw: Record<string, unknown>): Record<string, string | number | boolean> {
  const context: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Object.keys(context).length >= CONTEXT_LIMITS.keys) break;
    if (name.length > 64) continue;
    if (typeof value === 'string') context[name] = value.slice(0, CONTEXT_LIMITS.length);
    else if (typeof value === 'number' && Number.isFinite(value)) context[name] = value;
    else if (typeof value === 'boolean') context[name] = value;
  }
  return context;
}

/** The address a newsletter form collects: the value of its first email field. */
function subscriberEmail(definition: FormDefinition, values: Record<string, FormFieldValue>): string | undefined {
  const field = definition.fields.find((f) => f.type === 'email');
  const value = field ? values[field.id] : undefined;
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return isValidEmail(email) ? email : undefined;
}

/** Parses the `form` JSON string of the payload; anything else is unparsable (SPEC §8). */
function parseValues(form: unknown): unknown {
  if (typeof form !== 'string' || form.length > 200_000) throw new FormError('form-unparsable');
  try {
    return JSON.parse(form);
  } catch {
    throw new FormError('form-unparsable');
  }
}

/** Checks values against the form with the same rule the browser ran; field failures become a 400 with `errors`. */
export function checkValues(definition: FormDefinition, raw: unknown): Record<string, FormFieldValue> {
  const result = validateSubmission(definition.fields, raw);
  if (result.ok) return result.values;
  if (result.kind === 'unparsable') throw new FormError('form-unparsable');
  throw new FormError('invalid-fields', { errors: result.errors });
}

/**
 * Visitor-facing form logic: one-time submission keys, and storing a submission. A submission is
 * checked (form exists, values valid, captcha answered) before anything is written; then one
 * transaction spends the key and the captcha, stores the submission and, for newsletter forms,
 * adds the subscriber — so a submission is either fully kept or not at all, and a key or a
 * captcha answer never works twice.
 */
export function createSubmissionService(
  db: Kysely<Database>,
  store: FormStore,
  captcha: Captcha,
  options: SubmissionServiceOptions,
) {
  return {
    async issueKey(siteId: string): Promise<string> {
      const key = newToken();
      const now = Date.now();
      await db
        .insertInto('form_submission_keys')
        .values({
          key,
          site_id: siteId,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + SUBMISSION_KEY_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      return key;
    },

    /** Deletes keys past their expiry (used or not) and spent captchas that would fail verification anyway. */
    async purgeExpired(): Promise<void> {
      const now = nowIso();
      await db.deleteFrom('form_submission_keys').where('expires_at', '<', now).execute();
      await captcha.purgeExpired();
    },

    async requireForm(siteId: string, formId: string): Promise<StoredForm> {
      const find = options.resolveForm ?? ((site: string, id: string) => store.getForm(site, id));
      const form = formId.length <= 64 ? await find(siteId, formId) : undefined;
      if (!form || form.definition.fields.length === 0) throw new FormError('form-not-found');
      return form;
    },

    async submit(siteId: string, form: StoredForm, input: SubmissionInput): Promise<{ id: string; spam: boolean }> {
      const { definition } = form;
      if (typeof input.key !== 'string' || input.key === '' || input.key.length > 64 || input.key.includes('\u0000')) {
        throw new FormError('missing-submission-key');
      }
      const key = input.key;
      const values = checkValues(definition, parseValues(input.form));

      let captchaProof: { signature: string; expiresAt: string } | undefined;
      if (definition.captcha.enabled) {
        if (typeof input.captchaKey !== 'string' || input.captchaKey === '') throw new FormError('captcha-required');
        const checked = await captcha.verify(input.captchaKey);
        if (!checked.ok) throw new FormError('captcha-invalid');
        captchaProof = checked;
      }

      const id = newId();
      const now = nowIso();
      return db.transaction().execute(async (trx) => {
        const keyRow = await trx
          .selectFrom('form_submission_keys')
          .select(['created_at', 'expires_at', 'used_at'])
          .where('key', '=', key)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
        if (!keyRow || keyRow.expires_at <= now) throw new FormError('invalid-submission-key');
        if (keyRow.used_at) throw new FormError('submission-key-used');
        const spent = await trx
          .updateTable('form_submission_keys')
          .set({ used_at: now })
          .where('key', '=', key)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw new FormError('submission-key-used');

        if (captchaProof && !(await captcha.spend(trx, captchaProof.signature, captchaProof.expiresAt))) {
          throw new FormError('captcha-replayed');
        }

        const honeypotFilled = typeof input.honeypot === 'string' && input.honeypot.trim() !== '';
        const tooFast = Date.parse(now) - Date.parse(keyRow.created_at) < options.minFillMs;
        const spamReason = honeypotFilled ? 'honeypot' : tooFast ? 'too-fast' : null;
        await trx
          .insertInto('form_submissions')
          .values({
            id,
            site_id: siteId,
            form_id: form.id,
            data: JSON.stringify(values),
            page_context: JSON.stringify(cleanPageContext(input.pageContext)),
            spam: spamReason ? 1 : 0,
            spam_reason: spamReason,
            created_at: now,
          })
          .execute();
        if (!spamReason && options.afterAccepted) {
          const accepted = { siteId, form: { id: form.id, name: definition.name }, id, values, createdAt: now };
          await options.afterAccepted(trx, accepted);
        }

        const email = definition.kind === 'newsletter' ? subscriberEmail(definition, values) : undefined;
        if (email && !spamReason) {
          let added = true;
          if (form.mailingListId) {
            const inserted = await trx
              .insertInto('mailing_list_subscribers')
              .values({ id: newId(), list_id: form.mailingListId, email, source: `form:${form.id}`, created_at: now })
              .onConflict((oc) => oc.columns(['list_id', 'email']).doNothing())
              .executeTakeFirst();
            added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
          }
          if (added && options.afterSubscribed) {
            const list = form.mailingListId ? { id: form.mailingListId } : null;
            const signup = { siteId, email, list, form: { id: form.id, name: definition.name }, createdAt: now };
            await options.afterSubscribed(trx, signup);
          }
        }
        return { id, spam: spamReason !== null };
      });
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
