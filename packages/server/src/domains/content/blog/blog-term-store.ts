import type { TermCount } from '@tessera/core/contracts/blog';
import type { Kysely } from 'kysely';
import { parseJson } from '../product-json.js';
import type { CollectionRow, Database } from '../../../platform/db/schema.js';

// The tags and categories of one blog for the tag manager (issue 10): the names its posts carry
// (`item_terms` rows of its items, any status) with their counts, plus names the owner added before
// any post used them, kept in the blog's settings as `settings.terms = { tag: [], category: [] }`.
// Renaming and deleting change every post of the blog that carries the name; nothing is merged.

export type TermKind = 'tag' | 'category';

function settingsOf(row: CollectionRow): Record<string, unknown> {
  return parseJson<Record<string, unknown>>(row.settings, {});
}

/** The names the tag manager added to a blog (they may have no posts yet). */
function declaredTerms(row: CollectionRow, kind: TermKind): string[] {
  const terms = settingsOf(row).terms as Record<string, unknown> | undefined;
  const list = terms && Array.isArray(terms[kind]) ? (terms[kind] as unknown[]) : [];
  return list.filter((name): name is string => typeof name === 'string');
}

/** `blogOf` finds the site's blog or throws the 404 (blog-store.ts's `blog`). */
export function createBlogTermStore(
  db: Kysely<Database>,
  blogOf: (siteId: string, blogId: string) => Promise<CollectionRow>,
) {
  /** Every tag or category the blog knows: declared ones and those its posts (any status) carry. */
  async function listTerms(siteId: string, blogRow: CollectionRow, kind: TermKind): Promise<TermCount[]> {
    const rows = await db
      .selectFrom('item_terms')
      .innerJoin('items', 'items.id', 'item_terms.item_id')
      .where('items.site_id', '=', siteId)
      .where('items.collection_id', '=', blogRow.id)
      .where('item_terms.kind', '=', kind)
      .select(['item_terms.value as name', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('item_terms.value')
      .execute();
    const counts = new Map(rows.map((row) => [row.name, Number(row.count)]));
    for (const name of declaredTerms(blogRow, kind)) if (!counts.has(name)) counts.set(name, 0);
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name));
  }

  /** Rewrites the blog's declared terms of `kind` inside a transaction. */
  async function changeDeclared(
    trx: Kysely<Database>,
    blogRow: CollectionRow,
    kind: TermKind,
    change: (names: string[]) => string[],
  ) {
    const settings = settingsOf(blogRow);
    const terms = { ...((settings.terms as Record<string, unknown>) ?? {}) };
    terms[kind] = change(declaredTerms(blogRow, kind));
    await trx
      .updateTable('collections')
      .set({ settings: JSON.stringify({ ...settings, terms }) })
      .where('id', '=', blogRow.id)
      .execute();
  }

  async function bothLists(siteId: string, blogId: string) {
    const blogRow = await blogOf(siteId, blogId);
    const [tags, categories] = await Promise.all([
      listTerms(siteId, blogRow, 'tag'),
      listTerms(siteId, blogRow, 'category'),
    ]);
    return { tags, categories };
  }

  return {
    /** Both lists with their post counts, sorted by name. */
    listTerms: bothLists,

    /** The names the blog already uses, so a post's new tag takes the blog's spelling. */
    async knownTerms(siteId: string, blogId: string): Promise<{ tags: string[]; categories: string[] }> {
      const { tags, categories } = await bothLists(siteId, blogId);
      return { tags: tags.map((t) => t.name), categories: categories.map((c) => c.name) };
    },

    async termNames(siteId: string, blogId: string, kind: TermKind): Promise<string[]> {
      const blogRow = await blogOf(siteId, blogId);
      return (await listTerms(siteId, blogRow, kind)).map((term) => term.name);
    },

    async addTerm(siteId: string, blogId: string, kind: TermKind, name: string): Promise<void> {
      const blogRow = await blogOf(siteId, blogId);
      await db.transaction().execute(async (trx) => {
        await changeDeclared(trx, blogRow, kind, (names) => [...names, name]);
      });
    },

    /** Renames `from` on every post of the blog that carries it, and in the declared list. */
    async renameTerm(siteId: string, blogId: string, kind: TermKind, from: string, to: string): Promise<void> {
      const blogRow = await blogOf(siteId, blogId);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('item_terms')
          .set({ value: to })
          .where('kind', '=', kind)
          .where('value', '=', from)
          .where('item_id', 'in', (eb) =>
            eb.selectFrom('items').select('id').where('site_id', '=', siteId).where('collection_id', '=', blogId),
          )
          .execute();
        await changeDeclared(trx, blogRow, kind, (names) => names.map((n) => (n === from ? to : n)));
      });
    },

    /** Removes `name` from every post of the blog (the posts stay) and from the declared list. */
    async deleteTerm(siteId: string, blogId: string, kind: TermKind, name: string): Promise<void> {
      const blogRow = await blogOf(siteId, blogId);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('item_terms')
          .where('kind', '=', kind)
          .where('value', '=', name)
          .where('item_id', 'in', (eb) =>
            eb.selectFrom('items').select('id').where('site_id', '=', siteId).where('collection_id', '=', blogId),
          )
          .execute();
        await changeDeclared(trx, blogRow, kind, (names) => names.filter((n) => n !== name));
      });
    },
  };
}
