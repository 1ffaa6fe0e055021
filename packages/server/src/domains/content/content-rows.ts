import { CollectionType, RecordType } from '@tessera/core';
import type { CollectionRow, ItemRow } from '../../platform/db/schema.js';
import {
  type Author,
  type Block,
  CollectionKind,
  type ContentItem,
  type ContentStatus,
  type EventLocation,
  type Page,
  type Section,
} from '@tessera/core/site';
import { type ImageAsset, parseJson } from './product-json.js';
import { sanitizeOwnerHtml, sanitizeTranslations } from '../../platform/html/sanitize-owner-html.js';

// Stored rows to the content model: a collection row to a page, an item row to a content item, and
// the stored sections read defensively.

export function pageFromRow(row: CollectionRow): Page {
  return {
    id: row.id,
    siteId: row.site_id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    kind: row.kind || kindFromType(row.type, row.folder_behavior),
    fullUrl: `/${row.slug}`,
    description: sanitizeOwnerHtml(row.description),
    sections: parseSections(row.sections),
    status: (row.status || 'published') as ContentStatus,
    passwordProtected: Boolean(row.password_hash),
    membersOnly: row.members_only === 1,
    parentId: row.parent_id ?? null,
    folderBehavior: row.folder_behavior ?? null,
    redirectUrl: row.redirect_url ?? null,
    navVisible: row.nav_visible === 1,
    position: row.position,
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    translations: sanitizeTranslations(parseJson(row.translations, {})),
  };
}

function kindFromType(type: number, folderBehavior: number | null): string {
  if (folderBehavior != null) return CollectionKind.FOLDER;
  if (type === CollectionType.PRODUCTS) return CollectionKind.PRODUCTS;
  if (type === CollectionType.SPLASH_PAGE) return CollectionKind.SPLASH;
  if (type === CollectionType.PAGE) return CollectionKind.PAGE;
  return '';
}

/** Reads stored sections defensively: anything that is not a list of `{ blocks: [...] }` is dropped. */
export function parseSections(text: string | null | undefined): Section[] {
  const value = parseJson<unknown>(text, []);
  if (!Array.isArray(value)) return [];
  const sections: Section[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || !Array.isArray((entry as Section).blocks)) continue;
    const section = entry as Section;
    const blocks = section.blocks.filter(
      (b): b is Block => b !== null && typeof b === 'object' && typeof (b as Block).type === 'number',
    );
    sections.push({
      ...section,
      blocks: blocks.map((b) => ({ ...b, settings: objectOr(b.settings), content: objectOr(b.content) })),
    });
  }
  return sections;
}

function objectOr(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function millis(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? undefined : at;
}

export function itemFromRow(
  row: ItemRow,
  collectionSlug: string,
  terms: { tags: string[]; categories: string[] } = { tags: [], categories: [] },
): ContentItem {
  const images = parseJson<ImageAsset[]>(row.images, []);
  return {
    id: row.id,
    siteId: row.site_id,
    collectionId: row.collection_id,
    recordType: row.record_type,
    urlId: row.url_id,
    fullUrl: `/${collectionSlug}/${row.url_id}`,
    title: row.title,
    excerpt: row.excerpt,
    body: sanitizeOwnerHtml(row.body),
    sections: parseSections(row.sections),
    status: (row.status || 'published') as ContentStatus,
    tags: terms.tags,
    categories: terms.categories,
    author: { displayName: '', ...parseJson<Partial<Author>>(row.author, {}) },
    publishOn: millis(row.published_at) ?? 0,
    addedOn: millis(row.created_at) ?? 0,
    updatedOn: millis(row.updated_at) ?? 0,
    commentsEnabled: row.comments_enabled === 1,
    likeCount: row.like_count ?? 0,
    ...(row.record_type === RecordType.EVENT
      ? { startDate: millis(row.start_date), endDate: millis(row.end_date) }
      : {}),
    location: parseJson<EventLocation>(row.location, {}),
    items: images,
    assetUrl: images[0]?.assetUrl ?? '',
    structuredContent: parseJson<Record<string, unknown>>(row.structured_content, {}),
    translations: sanitizeTranslations(parseJson(row.translations, {})),
  };
}
