import type { SiteRowKey, Stamps } from './schema-columns.js';

// Forms and mailing lists (migration 0003) of `Database` in schema.ts.
// Forms (migration 0003): definitions, submissions, one-time keys, spent captchas, mailing lists.

export interface FormsTable extends SiteRowKey, Stamps {
  name: string;
  /** 'contact', 'newsletter' or 'additional-fields'. */
  kind: string;
  /** JSON: the SPEC §3 form definition (`FormDefinition` of @tessera/core). */
  definition: string;
  mailing_list_id: string | null;
}

export interface FormSubmissionsTable extends SiteRowKey {
  form_id: string;
  /** JSON: the accepted values keyed by field id. */
  data: string;
  /** JSON: the page the form was sent from (path, title, page-permission values). */
  page_context: string;
  /** 1 when the submission looks automated (honeypot filled, sent too fast); kept, never dropped. */
  spam: number;
  spam_reason: string | null;
  created_at: string;
}

export interface FormSubmissionKeysTable {
  key: string;
  site_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface CaptchaSpentTable {
  /** The HMAC signature of a solved challenge: accepted once. */
  signature: string;
  expires_at: string;
  created_at: string;
}

export interface MailingListsTable extends SiteRowKey {
  name: string;
  created_at: string;
}

export interface MailingListSubscribersTable {
  id: string;
  list_id: string;
  email: string;
  /** Where the address came from, e.g. `form:<formId>`. */
  source: string;
  created_at: string;
}

/** These tables by name, as `Database` (schema.ts) lists them. */
export interface FormTables {
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  form_submission_keys: FormSubmissionKeysTable;
  captcha_spent: CaptchaSpentTable;
  mailing_lists: MailingListsTable;
  mailing_list_subscribers: MailingListSubscribersTable;
}
