import { monthKey, PageType, periodRange } from '@tessera/core';
import { VISITOR_COOKIE, COMMENT_FIELD_MESSAGES } from '../../comments/index.js';
import { type ContentPageRequest, type ContentPagesDeps, firstQueryValue, origin } from './content-pages.js';
import { commentView, followLinks, postView, shareLinks, termUrl } from './post-view.js';

export type { ContentPageRequest, ContentPagesDeps } from './content-pages.js';

/** Posts per page of `/blog` unless the collection's settings say otherwise (`settings.pageSize`). */
export const BLOG_PAGE_SIZE = 5;
const TERM_MAX = 50;

const COMMENT_ERROR_TEXT: Record<string, string> = {
  authorName: COMMENT_FIELD_MESSAGES.nameMissing,
  body: COMMENT_FIELD_MESSAGES.bodyMissing,
};

function pageNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

function listUrl(base: string, params: Record<string, string | number | undefined>): string {
  const query = Object.entries(params)
    // Page 1 is the bare list address.
    .filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1))
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${base}?${query}` : base;
}

/** A `?month=YYYY-MM` or `?year=YYYY` filter as a publish-date range in `timeZone`; undefined when absent or malformed. */
function periodOf(month: string | undefined, year: string | undefined, timeZone: string) {
  const key = monthKey(month) || (year && /^\d{4}$/.test(year) ? year : '');
  const range = key ? periodRange(key, timeZone) : undefined;
  if (!range) return undefined;
  const [y, m] = key.split('-').map(Number);
  return {
    ...range,
    query: key.length === 4 ? { year: key } : { month: key },
    label: (locale: string) =>
      m
        ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            Date.UTC(y ?? 1970, m - 1, 1),
          )
        : key,
  };
}

/**
 * `/blog`: published posts, newest first, `?page=N` (1-based; 5 per page), filtered by
 * `?tag=`, `?category=`, `?month=YYYY-MM` or `?year=YYYY`. Page numbers past the end answer the not-found page.
 */
export async function blogListPage(deps: ContentPagesDeps, page: ContentPageRequest): Promise<void> {
  const { site, collection, request } = page;
  const query = request.query as Record<string, unknown>;
  const number = pageNumber(firstQueryValue(query.page));
  const tag = firstQueryValue(query.tag)?.slice(0, TERM_MAX) || undefined;
  const category = firstQueryValue(query.category)?.slice(0, TERM_MAX) || undefined;
  // `?month=2026-03` or `?year=2026` (the archive block's links), in the site's time zone.
  const period = periodOf(firstQueryValue(query.month), firstQueryValue(query.year), site.timeZone);
  if (number === undefined) return page.notFound();
  const configured = Number(collection.settings?.pageSize);
  const pageSize = Number.isInteger(configured) && configured > 0 && configured <= 50 ? configured : BLOG_PAGE_SIZE;
  const blogUrl = `/${collection.slug}`;

  const [list, tags, categories] = await Promise.all([
    deps.content.listItems(site.id, collection.id, {
      limit: pageSize,
      offset: (number - 1) * pageSize,
      tag,
      category,
      publishedFrom: period?.from,
      publishedBefore: period?.before,
    }),
    deps.content.listTerms(site.id, collection.id, 'tag'),
    deps.content.listTerms(site.id, collection.id, 'category'),
  ]);
  if (number > 1 && list.items.length === 0) return page.notFound();
  const counts = await deps.comments.countApproved(
    site.id,
    list.items.map((item) => item.id),
  );
  const pageCount = Math.max(1, Math.ceil(list.total / pageSize));
  const filter = { ...(tag ? { tag } : category ? { category } : {}), ...period?.query };
  const filterLabel = tag
    ? `Tagged “${tag}”`
    : category
      ? `In “${category}”`
      : period
        ? `Posts from ${period.label(site.locale)}`
        : '';
  await page.render(
    'blog.list',
    {
      pageType: PageType.MAIN_CONTENT,
      path: blogUrl,
      title: filterLabel ? `${collection.title}: ${filterLabel}` : collection.title,
    },
    {
      collection: { ...collection, fullUrl: blogUrl, typeName: 'blog' },
      items: list.items.map((item) => postView(item, blogUrl, counts.get(item.id) ?? 0)),
      pagination: {
        page: number,
        pageSize,
        pageCount,
        itemCount: list.total,
        prevPage: number > 1,
        nextPage: number < pageCount,
        prevPageUrl: number > 1 ? listUrl(blogUrl, { ...filter, page: number - 1 }) : '',
        nextPageUrl: number < pageCount ? listUrl(blogUrl, { ...filter, page: number + 1 }) : '',
      },
      page: {
        contentStylesheet: deps.stylesheet,
        bodyClass: 'is-blog',
        blogUrl,
        filterLabel,
        isFiltered: filterLabel !== '',
        isEmpty: list.items.length === 0,
        tags: tags.map((t) => ({ ...t, url: termUrl(blogUrl, 'tag', t.name), active: t.name === tag })),
        categories: categories.map((c) => ({
          ...c,
          url: termUrl(blogUrl, 'category', c.name),
          active: c.name === category,
        })),
      },
    },
  );
}

/** `/blog/<urlId>`: the post, its tags and categories, likes, share and follow links, comment thread and form. */
export async function blogItemPage(deps: ContentPagesDeps, page: ContentPageRequest, urlId: string): Promise<void> {
  const { site, collection, request } = page;
  const item = await deps.content.getItemBySlug(site.id, collection.id, urlId);
  if (!item) return page.notFound();
  const blogUrl = `/${collection.slug}`;
  const now = deps.now?.() ?? Date.now();
  const [comments, liked] = await Promise.all([
    deps.comments.listApproved(site.id, item.id),
    request.cookies[VISITOR_COOKIE]
      ? deps.comments.hasLiked(item.id, String(request.cookies[VISITOR_COOKIE]))
      : Promise.resolve(false),
  ]);
  const query = request.query as Record<string, unknown>;
  const notice = firstQueryValue(query.comment);
  const error = firstQueryValue(query.commentError);
  const settings = site.websiteSettings;
  const post = postView(item, blogUrl, comments.length);
  const bodyHtml = (item.sections.length > 0 && deps.renderSections?.(item)) || item.body;
  const commentsOpen = settings.commentsEnabled !== false && item.commentsEnabled;
  await page.render(
    'blog.item',
    {
      pageType: PageType.CONTENT_ITEM,
      path: item.fullUrl,
      title: item.title,
      description: String(post.excerptText ?? ''),
    },
    {
      collection: { ...collection, fullUrl: blogUrl, typeName: 'blog' },
      item: { ...post, bodyHtml },
      comments: comments.map((comment) => commentView(comment, now)),
      page: {
        contentStylesheet: deps.stylesheet,
        bodyClass: 'is-blog-item',
        blogUrl,
        crumb: request.crumb,
        commentsOpen,
        showThread: settings.commentsEnabled !== false && (item.commentsEnabled || comments.length > 0),
        likesEnabled: settings.simpleLikingEnabled === true,
        liked,
        likeLabel: item.likeCount === 1 ? '1 like' : `${item.likeCount} likes`,
        commentNotice:
          notice === 'approved'
            ? 'Thanks! Your comment is posted.'
            : notice === 'pending'
              ? 'Thanks! Your comment will appear once it is approved.'
              : '',
        commentError: error ? (COMMENT_ERROR_TEXT[error] ?? 'Please check your comment and try again.') : '',
        shareLinks: shareLinks(
          `${await origin(request, site.id)}${item.fullUrl}`,
          item.title,
          (settings.shareButtonOptions as Record<string, unknown>) ?? {},
        ),
        followLinks: followLinks(settings.socialAccounts),
      },
    },
  );
}
