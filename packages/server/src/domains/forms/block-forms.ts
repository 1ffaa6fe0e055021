import { BlockType, blockFormId, type FormDefinition, formBlockDefinition } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { FormStore, StoredForm } from './form-store.js';

// Inline forms: a form block (type 9) carries its whole definition in its content, so the page it is
// published on is the source of truth. Its submissions are filed under the id the block renders
// (`content.formId`, else `form-<block id>`); when a visitor uses the form, or an owner lists the
// forms, the definition is copied into the `forms` table (marked with where it came from), so
// submissions stay listed after the block is gone and the owner's panel and CSV work as for any
// form. Only the published sections count: a draft's form takes submissions once it is published.

/** Where an inline form's stored definition came from; a stored form without it is a form of its own. */
export interface BlockFormPlacement {
  pageId: string;
  blockId: string;
}

export type BlockFormDefinition = FormDefinition & { placement: BlockFormPlacement };

/** Ids a stored form can have (the `forms` table's key is at most 64 characters). */
const STORABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The form blocks of a list of sections, with the ids they render under (same keys as the renderer's). */
function formsOfSections(sections: unknown, pageId: string): BlockFormDefinition[] {
  const out: BlockFormDefinition[] = [];
  (Array.isArray(sections) ? sections : []).forEach((section, s) => {
    const blocks = isRecord(section) && Array.isArray(section.blocks) ? section.blocks : [];
    blocks.forEach((block: unknown, b: number) => {
      if (!isRecord(block) || Number(block.type) !== BlockType.FORM || !isRecord(block.content)) return;
      const key = `${s + 1}-${b + 1}`;
      const id = typeof block.id === 'string' ? block.id : undefined;
      const definition = formBlockDefinition(block.content, blockFormId({ id }, key));
      if (definition.fields.length === 0 || !STORABLE_ID.test(definition.id)) return;
      out.push({ ...definition, placement: { pageId, blockId: id ?? key } });
    });
  });
  return out;
}

/** Every inline form on the site's published pages, the default language first, then translations. */
async function publishedBlockForms(db: Kysely<Database>, siteId: string): Promise<BlockFormDefinition[]> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'sections', 'translations'])
    .where('site_id', '=', siteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const found: BlockFormDefinition[] = [];
  for (const row of rows) found.push(...formsOfSections(parseJson(row.sections), row.id));
  for (const row of rows) {
    const translations = parseJson(row.translations);
    if (!isRecord(translations)) continue;
    for (const copy of Object.values(translations)) {
      if (isRecord(copy)) found.push(...formsOfSections(copy.sections, row.id));
    }
  }
  const seen = new Set<string>();
  return found.filter((form) => !seen.has(form.id) && seen.add(form.id));
}

/** The placement a stored form came from, when it is an inline form. */
export function placementOf(form: StoredForm): BlockFormPlacement | undefined {
  const placement = (form.definition as Partial<BlockFormDefinition>).placement;
  return isRecord(placement) ? placement : undefined;
}

/** Inline form blocks known to the forms area: found on published pages, stored when used. */
export function createBlockForms(db: Kysely<Database>, store: FormStore) {
  /** Stores the definition unless the stored copy already says the same; undefined when the id belongs elsewhere. */
  async function register(siteId: string, definition: BlockFormDefinition): Promise<StoredForm | undefined> {
    const stored = await store.getForm(siteId, definition.id);
    if (stored && !placementOf(stored)) return undefined;
    if (stored && JSON.stringify(stored.definition) === JSON.stringify(definition)) return stored;
    await store.saveForm(siteId, definition);
    // The id is the table's key across sites: when another site holds it, nothing was written here.
    return store.getForm(siteId, definition.id);
  }

  return {
    /**
     * The form a visitor submits to: a stored form of its own as it is, else the inline form of that
     * id on a published page (stored or refreshed first). Undefined when neither exists, e.g. the
     * block was removed or its page unpublished.
     */
    async resolve(siteId: string, formId: string): Promise<StoredForm | undefined> {
      if (!STORABLE_ID.test(formId)) return undefined;
      const stored = await store.getForm(siteId, formId);
      if (stored && !placementOf(stored)) return stored;
      const definition = (await publishedBlockForms(db, siteId)).find((form) => form.id === formId);
      return definition ? register(siteId, definition) : undefined;
    },

    /** Stores every inline form now on a published page, so the owner's list shows them before their first submission. */
    async registerAll(siteId: string): Promise<void> {
      for (const definition of await publishedBlockForms(db, siteId)) await register(siteId, definition);
    },
  };
}

export type BlockForms = ReturnType<typeof createBlockForms>;
