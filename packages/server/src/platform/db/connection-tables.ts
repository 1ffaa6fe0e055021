import type { Generated } from 'kysely';
import type { SiteRowKey, Stamps } from './schema-columns.js';

// Webhooks, mailing services, uploaded fonts and kits, job runs and imports of `Database` in schema.ts.
/** Outgoing webhook endpoints (migration 0018, `docs/webhooks.md`). */
export interface WebhookEndpointsTable extends SiteRowKey, Stamps {
  url: string;
  description: string;
  /** JSON array of event types ("order.paid", …). */
  events: string;
  /** The signing secret: sealed (`v1.…`) under TESSERA_SECRET_KEY, or `plain.<secret>` without one. */
  secret: string;
  enabled: number;
  /** Failed attempts in a row; reset by a success. */
  failure_streak: number;
  disabled_reason: string | null;
  /** The secret before the last rotation, stored like `secret` (migration 0025); null when none. */
  previous_secret: string | null;
  /** Until when deliveries are also signed with `previous_secret` (ISO time). */
  previous_secret_until: string | null;
}

/** Services that receive newsletter sign-ups (migration 0025, `docs/mailing-services.md`). */
/** An uploaded font file (issue 21); the bytes are in FileStorage under `storage_key`. */
export interface SiteFontsTable extends SiteRowKey {
  family: string;
  subfamily: string;
  weight: number;
  italic: number;
  /** 'woff2', 'woff', 'ttf' or 'otf'. */
  format: string;
  storage_key: string;
  size: number;
  created_at: string;
}

/** A connected font kit (issue 21, migration 0027): its stylesheet address and the families read from it. */
export interface SiteFontKitsTable extends SiteRowKey {
  /** The kit's https stylesheet address. */
  url: string;
  /** JSON array of family names from the stylesheet's `@font-face` rules. */
  families: string;
  /** JSON array of the other origins its `@font-face` files come from (migration 0029); null before it. */
  font_origins: string | null;
  /** JSON array of the other origins of the stylesheets it `@import`s (migration 0033); null before it. */
  style_origins: string | null;
  created_at: string;
}

export interface MailingConnectionsTable extends SiteRowKey, Stamps {
  /** 'mailchimp' or 'webhook'. */
  kind: string;
  label: string;
  /** JSON: Mailchimp `{ dc, listId, listName }`, webhook `{ url }`. */
  target: string;
  /** The API key or signing secret, sealed under TESSERA_SECRET_KEY. */
  secret: string;
  enabled: number;
  last_error: string | null;
  last_error_at: string | null;
}

/** The mailing-service outbox: one row per connection and address (migration 0025). */
export interface MailingDeliveriesTable extends SiteRowKey, Stamps {
  connection_id: string;
  email: string;
  /** Where the sign-up came from (`form:<id>`). */
  source: string;
  /** JSON of the sign-up (email, list, form, time). */
  payload: string;
  attempts: number;
  next_attempt_at: string | null;
  /** 'pending', 'delivered' or 'failed'. */
  status: string;
  response_status: number | null;
  last_error: string | null;
}

/** The webhook outbox: one row per event and endpoint (migration 0018). */
export interface WebhookDeliveriesTable extends SiteRowKey, Stamps {
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body posted, byte for byte. */
  payload: string;
  attempts: number;
  next_attempt_at: string | null;
  /** 'pending', 'delivered' or 'failed'. */
  status: string;
  response_status: number | null;
  last_error: string | null;
}

/** Scheduled job occurrences on SQLite (migration 0022, `platform/jobs/local-queue.ts`). */
export interface JobRunsTable extends Stamps {
  /** `<job>@<slot start ISO>`: one row per occurrence, whichever process queued it first. */
  id: string;
  name: string;
  slot: string;
  /** 'created', 'active', 'retry', 'completed' or 'failed'. */
  state: string;
  attempts: number;
  run_after: string;
  /** While active: when the claim lapses (a process that died mid-job). */
  expires_at: string | null;
  last_error: string | null;
}

/** Imports an owner started in the editor, run as jobs (migration 0030, `domains/imports/import-jobs.ts`). */
export interface ImportsTable extends SiteRowKey, Stamps {
  /** 'products' or 'wordpress'. */
  kind: string;
  /** JSON: the import's choices (`collection`, `blog`, `fetchMedia`). */
  options: string;
  file_name: string | null;
  /** The uploaded file, kept until the job ends. */
  source: string | null;
  /** 'queued', 'running', 'done' or 'failed'. */
  state: string;
  /** The site's id while queued or running (unique: one import per site at a time), else null. */
  running_site: string | null;
  /** 'queued', 'reading', 'media', 'checking', 'writing' or 'finished'. */
  phase: string;
  done: Generated<number>;
  total: Generated<number>;
  percent: Generated<number>;
  /** JSON list of texts. */
  warnings: Generated<string>;
  /** JSON: the import route's answer, once done. */
  summary: string | null;
  /** JSON `{ error, message }`, once failed. */
  error: string | null;
  attempts: Generated<number>;
  /** While running: when the claim lapses unless the run writes again (its node died). */
  claimed_until: string | null;
  /** The owner who started it. */
  started_by: string | null;
  finished_at: string | null;
}

/** These tables by name, as `Database` (schema.ts) lists them. */
export interface ConnectionTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mailing_connections: MailingConnectionsTable;
  site_fonts: SiteFontsTable;
  site_font_kits: SiteFontKitsTable;
  mailing_deliveries: MailingDeliveriesTable;
  job_runs: JobRunsTable;
  imports: ImportsTable;
}
