import { createHash } from 'node:crypto';
import { BlockType, escapeHtml } from '@tessera/core';
import type { Kysely } from 'kysely';
import { sanitizeOwnerHtml } from '../content/sanitize-owner-html.js';
import type { Database } from '../../platform/db/schema.js';
import { escapeXml } from '../web/xml.js';

// The site's pages in `tessera export wordpress` (issue 19): each page of kind `page` as a WXR item
// of type page, its content the HTML WordPress can show: text blocks as they are, headings, quotes
// and images as their HTML; other blocks (forms, products, galleries…) have no WordPress form and are
// counted as left out. Each page's number is derived from its id, so it stays the same however many
// posts or pages are added, and the item names the page it came from (`_tessera_page_id`), so that
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

/** A WordPress post number for a page: from its id, above the posts' own small numbers. */
export function pageNumber(collectionId: string): number {
  return 1_000_000 + (Number.parseInt(createHash('sha256').update(collectionId).digest('hex').slice(0, 8), 16) % 1e9);
}

type Block = { type?: unknown; variant?: unknown; content?: Record<string, unknown> };

function blockHtml(block: Block): string | undefined {
  const content = block.content ?? {};
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  if (block.type === BlockType.HTML && block.variant === 'heading') {
    const level = Math.min(4, Math.max(1, Number(content.level) || 2));
    return `<h${level}>${escapeHtml(str(content.text))}</h${level}>`;
  }
  if (block.type === BlockType.HTML) return str(content.html);
  if (block.type === BlockType.QUOTE) {
    const source = str(content.source) ? `<cite>${escapeHtml(str(content.source))}</cite>` : '';
    return `<blockquote><p>${escapeHtml(str(content.text))}</p>${source}</blockquote>`;
  }
  if (block.type === BlockType.IMAGE) {
    // Image blocks keep their picture as an asset (`assetUrl`, `altText`), like every image field.
    const image = content.image as { assetUrl?: unknown; altText?: unknown } | undefined;
    if (typeof image?.assetUrl !== 'string' || !image.assetUrl) return undefined;
    const img = `<img src="${escapeHtml(image.assetUrl)}" alt="${escapeHtml(str(image.altText))}">`;
    const caption = str(content.caption).trim();
    return `<figure>${img}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
  }
  if (block.type === BlockType.HORIZONTAL_RULE) return '<hr>';
  return undefined;
}

/** The page's sections as HTML, and how many blocks had no HTML form. */
export function pageHtml(sectionsJson: string): { html: string; leftOut: number } {
  let sections: unknown;
  try {
    sections = JSON.parse(sectionsJson);
  } catch {
    sections = [];
  }
  const parts: string[] = [];
  let leftOut = 0;
  for (const section of Array.isArray(sections) ? sections : []) {
    const blocks = (section as { blocks?: unknown }).blocks;
    for (const block of Array.isArray(blocks) ? (blocks as Block[]) : []) {
      const html = blockHtml(block);
      if (html === undefined) leftOut++;
      else if (html) parts.push(html);
    }
  }
  return { html: sanitizeOwnerHtml(parts.join('\n')), leftOut };
}

export async function exportPages(
  db: Kysely<Database>,
  siteId: string,
  base: string,
  write: { cdata: (s: string) => string; text: (s: string) => string; wpDate: (iso: string) => string },
): Promise<ExportedPages> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'slug', 'title', 'sections', 'status', 'created_at', 'publish_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'page')
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
      '\t</item>',
    );
  }
  return { lines, pages: rows.length, blocksLeftOut };
}
