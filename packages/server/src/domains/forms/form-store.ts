import type { FormDefinition } from '@tessera/core';
import type { Kysely } from 'kysely';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

export interface StoredForm {
  id: string;
  siteId: string;
  definition: FormDefinition;
  mailingListId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredSubmission {
  id: string;
  formId: string;
  values: Record<string, unknown>;
  pageContext: Record<string, unknown>;
  spam: boolean;
  spamReason: string | null;
  createdAt: string;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toForm(row: Database['forms']): StoredForm {
  const definition = parseJson<FormDefinition>(row.definition, {
    id: row.id,
    name: row.name,
    kind: 'contact',
    fields: [],
    submissionMessage: '',
    captcha: { enabled: false },
  });
  return {
    id: row.id,
    siteId: row.site_id,
    definition: { ...definition, id: row.id, name: row.name },
    mailingListId: row.mailing_list_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSubmission(row: Database['form_submissions']): StoredSubmission {
  return {
    id: row.id,
    formId: row.form_id,
    values: parseJson(row.data, {}),
    pageContext: parseJson(row.page_context, {}),
    spam: row.spam === 1,
    spamReason: row.spam_reason,
    createdAt: row.created_at,
  };
}

/** Reads and writes forms, their submissions and mailing lists. */
export function createFormStore(db: Kysely<Database>) {
  return {
    async getForm(siteId: string, formId: string): Promise<StoredForm | undefined> {
      // PostgreSQL refuses NUL in text; no stored id holds one, so such an id names no form.
      if (formId.includes('\u0000')) return undefined;
      const row = await siteRow(db, 'forms', siteId, formId);
      return row ? toForm(row) : undefined;
    },

    /** The additional-fields form a product asks for: stored by id, else embedded in the item. */
    async additionalFieldsFormOfItem(siteId: string, itemId: string): Promise<FormDefinition | undefined> {
      if (itemId.includes('\u0000')) return undefined;
      const item = await db
        .selectFrom('items')
        .select('structured_content')
        .where('site_id', '=', siteId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      if (!item) return undefined;
      const content = parseJson<Record<string, unknown>>(item.structured_content, {});
      const embedded = content.additionalFieldsForm as Record<string, unknown> | null | undefined;
      const formId = typeof content.additionalFieldsFormId === 'string' ? content.additionalFieldsFormId : embedded?.id;
      const stored = typeof formId === 'string' ? await this.getForm(siteId, formId) : undefined;
      if (stored) return stored.definition;
      if (!embedded || !Array.isArray(embedded.fields)) return undefined;
      return {
        id: String(embedded.id ?? formId ?? itemId),
        name: String(embedded.name ?? ''),
        kind: 'additional-fields',
        submissionMessage: '',
        captcha: { enabled: false },
        fields: embedded.fields as FormDefinition['fields'],
      };
    },

    async listForms(siteId: string): Promise<(StoredForm & { submissionCount: number })[]> {
      const rows = await db
        .selectFrom('forms')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('created_at')
        .execute();
      const counts = await db
        .selectFrom('form_submissions')
        .select(['form_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('site_id', '=', siteId)
        .groupBy('form_id')
        .execute();
      const byForm = new Map(counts.map((c) => [c.form_id, Number(c.n)]));
      return rows.map((row) => ({ ...toForm(row), submissionCount: byForm.get(row.id) ?? 0 }));
    },

    /** Creates or replaces a form definition; a form of that id belonging to another site is left alone. */
    async saveForm(siteId: string, definition: FormDefinition, mailingListId: string | null = null): Promise<void> {
      const now = nowIso();
      const values = {
        name: definition.name,
        kind: definition.kind,
        definition: JSON.stringify(definition),
        mailing_list_id: mailingListId,
        updated_at: now,
      };
      await db
        .insertInto('forms')
        .values({ id: definition.id, site_id: siteId, created_at: now, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values).where('forms.site_id', '=', siteId))
        .execute();
    },

    async createMailingList(siteId: string, name: string, id: string = newId()): Promise<string> {
      await db.insertInto('mailing_lists').values({ id, site_id: siteId, name, created_at: nowIso() }).execute();
      return id;
    },

    async listMailingLists(siteId: string): Promise<{ id: string; name: string; subscriberCount: number }[]> {
      const lists = await db
        .selectFrom('mailing_lists')
        .select(['id', 'name'])
        .where('site_id', '=', siteId)
        .orderBy('created_at')
        .execute();
      const counts = await db
        .selectFrom('mailing_list_subscribers')
        .innerJoin('mailing_lists', 'mailing_lists.id', 'mailing_list_subscribers.list_id')
        .select(['mailing_list_subscribers.list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('mailing_lists.site_id', '=', siteId)
        .groupBy('mailing_list_subscribers.list_id')
        .execute();
      const byList = new Map(counts.map((c) => [c.list_id, Number(c.n)]));
      return lists.map((list) => ({ id: list.id, name: list.name, subscriberCount: byList.get(list.id) ?? 0 }));
    },

    async listSubscribers(listId: string): Promise<{ email: string; source: string; createdAt: string }[]> {
      const rows = await db
        .selectFrom('mailing_list_subscribers')
        .select(['email', 'source', 'created_at'])
        .where('list_id', '=', listId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ email: r.email, source: r.source, createdAt: r.created_at }));
    },

    /** One page of a form's submissions, newest first, and the total. */
    async listSubmissions(
      formId: string,
      page: { offset: number; limit: number },
    ): Promise<{ total: number; submissions: StoredSubmission[] }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('form_submissions')
          .selectAll()
          .where('form_id', '=', formId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('form_submissions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('form_id', '=', formId)
          .executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.n), submissions: rows.map(toSubmission) };
    },

    /** Every submission of a form, oldest first, in batches (for exports). */
    async *eachSubmission(formId: string, batchSize = 500): AsyncGenerator<StoredSubmission> {
      let offset = 0;
      for (;;) {
        const rows = await db
          .selectFrom('form_submissions')
          .selectAll()
          .where('form_id', '=', formId)
          .orderBy('created_at')
          .orderBy('id')
          .limit(batchSize)
          .offset(offset)
          .execute();
        for (const row of rows) yield toSubmission(row);
        if (rows.length < batchSize) return;
        offset += rows.length;
      }
    },
  };
}

export type FormStore = ReturnType<typeof createFormStore>;
