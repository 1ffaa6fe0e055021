import { escapeHtml } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { escapeXml } from '../web/index.js';
import { sectionsHtml } from './wordpress-block-export.js';
import { exportPages } from './wordpress-pages-export.js';

// `tessera export wordpress` (issue 19): a blog's posts (and the site's pages, wordpress-pages-export.ts)
// as a WordPress export (WXR 1.2), the file
// WordPress's importer (Tools › Import › WordPress) reads, and `tessera import wordpress` reads back
// (a round trip keeps titles, addresses, bodies, excerpts, dates, statuses, authors, categories,
// tags and threaded comments with their moderation; a post made of blocks goes as Gutenberg blocks,
// wordpress-block-export.ts, and comes back as the same blocks). WordPress wants numeric ids: posts and comments
// are numbered in a stable order (date, then id), so exporting twice gives the same numbers and a
// re-import updates instead of duplicating.

const STATUS_OUT: Record<string, string> = {
  published: 'publish',
  draft: 'draft',
  scheduled: 'future',
  'needs-review': 'pending',
  private: 'private',
};
const COMMENT_STATUS_OUT: Record<string, string> = { approved: '1', pending: '0', spam: 'spam' };

/** Text in CDATA; a `]]>` inside is split across two sections. */
const cdata = (text: string) =>
  `<![CDATA[${text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/**
 * Plain text where WordPress reads HTML (titles, excerpts, names, terms, comments: Tessera keeps them
 * as text): escaped, so `<` in a title stays a character on both sides.
 */
const text = (value: string) => cdata(escapeHtml(value));

/** "2024-08-16 07:45:00" (UTC), as `wp:post_date_gmt` and `wp:comment_date_gmt` have it. */
const wpDate = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/** A login for an author's display name: lower case letters, digits and dashes. */
export function loginOf(displayName: string): string {
  const login = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return login || 'author';
}

const nicename = (name: string) => loginOf(name);

function authorName(json: string): string {
  try {
    const parsed = JSON.parse(json) as { displayName?: unknown };
    return typeof parsed.displayName === 'string' ? parsed.displayName.trim() : '';
  } catch {
    return '';
  }
}

/** A post's own sections when it keeps blocks (an import's or the post screen's), else undefined. */
function postSections(json: string): unknown[] | undefined {
  try {
    const sections: unknown = JSON.parse(json);
    return Array.isArray(sections) &&
      sections.some(
        (s) => Array.isArray((s as { blocks?: unknown }).blocks) && (s as { blocks: unknown[] }).blocks.length,
      )
      ? sections
      : undefined;
  } catch {
    return undefined;
  }
}

export interface WordpressExport {
  xml: string;
  posts: number;
  comments: number;
  pages: number;
  /** Page and post blocks with no WordPress form (forms, products, summaries…), left out. */
  blocksLeftOut: number;
}

export async function exportWordpress(
  db: Kysely<Database>,
  options: { siteId: string; baseUrl: string; blog?: string },
): Promise<WordpressExport> {
  const site = await db
    .selectFrom('sites')
    .select(['title', 'locale'])
    .where('id', '=', options.siteId)
    .executeTakeFirst();
  if (!site) throw new Error(`No site has the id "${options.siteId}".`);
  let blogs = db
    .selectFrom('collections')
    .select(['id', 'slug', 'title'])
    .where('site_id', '=', options.siteId)
    .where('kind', '=', 'blog');
  if (options.blog) blogs = blogs.where('slug', '=', options.blog);
  const blog = await blogs.orderBy('position').orderBy('id').executeTakeFirst();
  if (!blog) throw new Error(options.blog ? `The site has no blog "${options.blog}".` : 'The site has no blog.');
  const base = options.baseUrl.replace(/\/+$/, '');

  const posts = await db
    .selectFrom('items')
    .select([
      'id',
      'url_id',
      'title',
      'excerpt',
      'body',
      'sections',
      'status',
      'published_at',
      'author',
      'comments_enabled',
    ])
    .where('collection_id', '=', blog.id)
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  const ids = posts.map((p) => p.id);
  const terms = ids.length
    ? await db.selectFrom('item_terms').select(['item_id', 'kind', 'value']).where('item_id', 'in', ids).execute()
    : [];
  const comments = ids.length
    ? await db
        .selectFrom('comments')
        .select(['id', 'item_id', 'parent_id', 'author_name', 'author_email', 'body', 'status', 'created_at'])
        .where('item_id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const commentNumber = new Map(comments.map((c, i) => [c.id, i + 1]));

  const authors = new Map<string, string>();
  for (const post of posts) {
    const name = authorName(post.author);
    if (name && !authors.has(name)) authors.set(name, loginOf(name));
  }
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const term of terms) (term.kind === 'category' ? categories : tags).add(term.value);

  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<!-- A WordPress eXtended RSS (WXR 1.2) export of a Tessera blog; import it in WordPress with Tools › Import › WordPress. -->',
    '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
    '<channel>',
    `\t<title>${escapeXml(site.title)}</title>`,
    `\t<link>${escapeXml(base)}</link>`,
    `\t<description>${escapeXml(blog.title)}</description>`,
    `\t<language>${escapeXml(site.locale)}</language>`,
    '\t<wp:wxr_version>1.2</wp:wxr_version>',
    `\t<wp:base_site_url>${escapeXml(base)}</wp:base_site_url>`,
    `\t<wp:base_blog_url>${escapeXml(base)}</wp:base_blog_url>`,
  ];
  let authorId = 0;
  for (const [name, login] of authors) {
    out.push(
      `\t<wp:author><wp:author_id>${++authorId}</wp:author_id><wp:author_login>${cdata(login)}</wp:author_login><wp:author_display_name>${text(name)}</wp:author_display_name></wp:author>`,
    );
  }
  let termId = 0;
  for (const name of [...categories].sort()) {
    out.push(
      `\t<wp:category><wp:term_id>${++termId}</wp:term_id><wp:category_nicename>${cdata(nicename(name))}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${text(name)}</wp:cat_name></wp:category>`,
    );
  }
  for (const name of [...tags].sort()) {
    out.push(
      `\t<wp:tag><wp:term_id>${++termId}</wp:term_id><wp:tag_slug>${cdata(nicename(name))}</wp:tag_slug><wp:tag_name>${text(name)}</wp:tag_name></wp:tag>`,
    );
  }

  let blocksLeftOut = 0;
  posts.forEach((post, index) => {
    const postId = index + 1;
    const link = `${base}/${blog.slug}/${post.url_id}`;
    const author = authorName(post.author);
    const own = terms.filter((t) => t.item_id === post.id);
    out.push('\t<item>');
    out.push(`\t\t<title>${text(post.title)}</title>`);
    out.push(`\t\t<link>${escapeXml(link)}</link>`);
    out.push(`\t\t<pubDate>${new Date(post.published_at).toUTCString().replace('GMT', '+0000')}</pubDate>`);
    out.push(`\t\t<dc:creator>${cdata(author ? (authors.get(author) as string) : '')}</dc:creator>`);
    out.push(`\t\t<guid isPermaLink="false">${escapeXml(`${base}/?p=${postId}`)}</guid>`);
    out.push('\t\t<description></description>');
    // A post that keeps blocks of its own goes as them; a body alone as its HTML.
    const blocks = postSections(post.sections);
    const content = blocks ? sectionsHtml(blocks) : { html: post.body, leftOut: 0 };
    blocksLeftOut += content.leftOut;
    out.push(`\t\t<content:encoded>${cdata(content.html)}</content:encoded>`);
    out.push(`\t\t<excerpt:encoded>${text(post.excerpt)}</excerpt:encoded>`);
    out.push(`\t\t<wp:post_id>${postId}</wp:post_id>`);
    out.push(`\t\t<wp:post_date>${cdata(wpDate(post.published_at))}</wp:post_date>`);
    out.push(`\t\t<wp:post_date_gmt>${cdata(wpDate(post.published_at))}</wp:post_date_gmt>`);
    out.push(`\t\t<wp:comment_status>${cdata(post.comments_enabled ? 'open' : 'closed')}</wp:comment_status>`);
    out.push(`\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`);
    out.push(`\t\t<wp:post_name>${cdata(post.url_id)}</wp:post_name>`);
    out.push(`\t\t<wp:status>${cdata(STATUS_OUT[post.status] ?? 'draft')}</wp:status>`);
    out.push('\t\t<wp:post_parent>0</wp:post_parent>');
    out.push('\t\t<wp:menu_order>0</wp:menu_order>');
    out.push(`\t\t<wp:post_type>${cdata('post')}</wp:post_type>`);
    out.push(`\t\t<wp:post_password>${cdata('')}</wp:post_password>`);
    out.push('\t\t<wp:is_sticky>0</wp:is_sticky>');
    for (const term of own) {
      const domain = term.kind === 'category' ? 'category' : 'post_tag';
      out.push(
        `\t\t<category domain="${domain}" nicename="${escapeXml(nicename(term.value))}">${text(term.value)}</category>`,
      );
    }
    for (const comment of comments.filter((c) => c.item_id === post.id)) {
      const parent = comment.parent_id ? (commentNumber.get(comment.parent_id) ?? 0) : 0;
      out.push('\t\t<wp:comment>');
      out.push(`\t\t\t<wp:comment_id>${commentNumber.get(comment.id)}</wp:comment_id>`);
      out.push(`\t\t\t<wp:comment_author>${text(comment.author_name)}</wp:comment_author>`);
      out.push(`\t\t\t<wp:comment_author_email>${cdata(comment.author_email)}</wp:comment_author_email>`);
      out.push(`\t\t\t<wp:comment_date>${cdata(wpDate(comment.created_at))}</wp:comment_date>`);
      out.push(`\t\t\t<wp:comment_date_gmt>${cdata(wpDate(comment.created_at))}</wp:comment_date_gmt>`);
      out.push(`\t\t\t<wp:comment_content>${text(comment.body)}</wp:comment_content>`);
      out.push(`\t\t\t<wp:comment_approved>${cdata(COMMENT_STATUS_OUT[comment.status] ?? '0')}</wp:comment_approved>`);
      out.push(`\t\t\t<wp:comment_type>${cdata('comment')}</wp:comment_type>`);
      out.push(`\t\t\t<wp:comment_parent>${parent}</wp:comment_parent>`);
      out.push('\t\t</wp:comment>');
    }
    out.push('\t</item>');
  });
  const pages = await exportPages(db, options.siteId, base, { cdata, text, wpDate });
  out.push(...pages.lines);
  out.push('</channel>', '</rss>', '');
  return {
    xml: out.join('\n'),
    posts: posts.length,
    comments: comments.length,
    pages: pages.pages,
    blocksLeftOut: blocksLeftOut + pages.blocksLeftOut,
  };
}
