import { BlockType } from '@tessera/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ItemsTable } from '../../../platform/db/schema.js';

// Posts and events written by the demo seed and the starter templates: plain paragraphs stored as the
// item's HTML body and as one text block, published at a given time.

/** Plain paragraphs as HTML paragraphs (`&` and `<` escaped). */
export function paragraphsHtml(paragraphs: readonly string[]): string {
  return paragraphs.map((text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('\n');
}

export interface TextItem {
  id: string;
  siteId: string;
  collectionId: string;
  recordType: number;
  urlId: string;
  title: string;
  excerpt: string;
  paragraphs: readonly string[];
  images?: readonly unknown[];
  position: number;
  /** ISO time: published, created and updated then. */
  published: string;
  status: string;
}

/** The `items` columns of a post or an event whose text is `paragraphs`. */
export function textItemValues(item: TextItem): Insertable<ItemsTable> {
  const body = paragraphsHtml(item.paragraphs);
  return {
    id: item.id,
    site_id: item.siteId,
    collection_id: item.collectionId,
    record_type: item.recordType,
    url_id: item.urlId,
    title: item.title,
    excerpt: item.excerpt,
    body,
    structured_content: '{}',
    images: JSON.stringify(item.images ?? []),
    position: item.position,
    published_at: item.published,
    created_at: item.published,
    updated_at: item.published,
    status: item.status,
    sections: JSON.stringify([{ blocks: [{ type: BlockType.HTML, settings: {}, content: { html: body } }] }]),
  };
}

/** A post's tags and categories (each value once). */
export async function insertTerms(
  db: Kysely<Database>,
  itemId: string,
  terms: { tags: readonly string[]; categories: readonly string[] },
): Promise<void> {
  for (const [kind, values] of [
    ['tag', terms.tags],
    ['category', terms.categories],
  ] as const) {
    for (const value of new Set(values))
      await db.insertInto('item_terms').values({ item_id: itemId, kind, value }).execute();
  }
}
