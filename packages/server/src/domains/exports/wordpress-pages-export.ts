import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { escapeXml } from '../web/index.js';
import { pageHtml } from './wordpress-block-export.js';

export { pageHtml } from './wordpress-block-export.js';

// The site's pages in `tessera export wordpress` (issue 19): each page made of sections (plain,
// gallery and splash pages) as a WXR item of type page, its blocks as Gutenberg blocks
// (wordpress-block-export.ts); other blocks (forms, products, …) have no WordPress form and are
// counted as left out. Each page's number is derived from its id, so it stays the same however many posts or
// pages are added, and the item names the page it came from (`_tessera_page_id`), so that
// importing the file back into the same site recognises its own pages instead of copying them.

export interface ExportedPages {
  lines: string[];
  pages: number;
  /** Blocks with no WordPress form, left out of the pages' content. */
  blocksLeftOut: number;
}

const STATUS_OUT: Record<string, string> = {
  published: 'publish',
  draft: 'draft',
  scheduled: 'future',
  'needs-review': 'pending',
  private: 'private',
};

/**
 * The kinds of page made of sections that go as WordPress pages: plain pages, gallery pages and splash
 * pages; a kind other than `page` is named in `_tessera_page_kind`, which the import reads back.
 */
export const EXPORTED_KINDS = ['page', 'gallery', 'splash'] as const;

/** A WordPress post number for a page: from its id, above the posts' own small numbers. */
export function pageNumber(collectionId: string): number {
  return 1_000_000 + (Number.parseInt(createHash('sha256').update(collectionId).digest('hex').slice(0, 8), 16) % 1e9);
}

export async function exportPages(
  db: Kysely<Database>,
  siteId: string,
  base: string,
  write: { cdata: (s: string) => string; text: (s: string) => string; wpDate: (iso: string) => string },
): Promise<ExportedPages> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'slug', 'kind', 'title', 'sections', 'status', 'created_at', 'publish_at'])
    .where('site_id', '=', siteId)
    .where('kind', 'in', [...EXPORTED_KINDS])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const lines: string[] = [];
  let blocksLeftOut = 0;
  for (const page of rows) {
    const { html, leftOut } = pageHtml(page.sections);
    blocksLeftOut += leftOut;
    const date = page.status === 'scheduled' && page.publish_at ? page.publish_at : page.created_at;
    const number = pageNumber(page.id);
    lines.push(
      '\t<item>',
      `\t\t<title>${write.text(page.title)}</title>`,
      `\t\t<link>${escapeXml(`${base}/${page.slug}`)}</link>`,
      `\t\t<pubDate>${new Date(date).toUTCString().replace('GMT', '+0000')}</pubDate>`,
      `\t\t<dc:creator>${write.cdata('')}</dc:creator>`,
      `\t\t<guid isPermaLink="false">${escapeXml(`${base}/?page_id=${number}`)}</guid>`,
      '\t\t<description></description>',
      `\t\t<content:encoded>${write.cdata(html)}</content:encoded>`,
      `\t\t<excerpt:encoded>${write.cdata('')}</excerpt:encoded>`,
      `\t\t<wp:post_id>${number}</wp:post_id>`,
      `\t\t<wp:post_date>${write.cdata(write.wpDate(date))}</wp:post_date>`,
      `\t\t<wp:post_date_gmt>${write.cdata(write.wpDate(date))}</wp:post_date_gmt>`,
      `\t\t<wp:comment_status>${write.cdata('closed')}</wp:comment_status>`,
      `\t\t<wp:ping_status>${write.cdata('closed')}</wp:ping_status>`,
      `\t\t<wp:post_name>${write.cdata(page.slug)}</wp:post_name>`,
      `\t\t<wp:status>${write.cdata(STATUS_OUT[page.status] ?? 'draft')}</wp:status>`,
      '\t\t<wp:post_parent>0</wp:post_parent>',
      '\t\t<wp:menu_order>0</wp:menu_order>',
      `\t\t<wp:post_type>${write.cdata('page')}</wp:post_type>`,
      `\t\t<wp:post_password>${write.cdata('')}</wp:post_password>`,
      '\t\t<wp:is_sticky>0</wp:is_sticky>',
      `\t\t<wp:postmeta><wp:meta_key>${write.cdata('_tessera_page_id')}</wp:meta_key><wp:meta_value>${write.cdata(page.id)}</wp:meta_value></wp:postmeta>`,
      ...(page.kind === 'page'
        ? []
        : [
            `\t\t<wp:postmeta><wp:meta_key>${write.cdata('_tessera_page_kind')}</wp:meta_key><wp:meta_value>${write.cdata(page.kind)}</wp:meta_value></wp:postmeta>`,
          ]),
      '\t</item>',
    );
  }
  return { lines, pages: rows.length, blocksLeftOut };
}
