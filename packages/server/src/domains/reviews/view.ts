import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { countWithPhotos, type ReviewSummary, reviewSummary, type ShownReview, shownReviews } from './repository.js';
import { REVIEW_SORTS, type ReviewSort } from '@tessera/core/contracts/reviews';
import { productPageQuery, REVIEWS_PAGE_SIZE } from './schemas.js';
import type { RememberLookup } from '../content/index.js';
import type { ReviewSettingsStore } from './settings.js';

// What the product page shows of reviews (the theme's reviews section, `products.item.jsont`) and
// says in its JSON-LD: the summary, one page of approved reviews in the chosen order, and plain
// links for sorting and paging, so all of it works without JavaScript.

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  photos: 'With photos',
};
const JSON_LD_REVIEWS = 5;

export interface ReviewsSection {
  summary: ReviewSummary & { stars: string; label: string };
  reviews: (ShownReview & { stars: string; date: string })[];
  sorts: { label: string; href: string; current: boolean }[];
  prevHref: string | null;
  nextHref: string | null;
  page: number;
  pages: number;
  /** Who may write here (set by the plugin for the request): a sign-in link, a refusal, or the form. */
  writer?: ReviewWriter;
}

/** The product page's "write a review" part for this visitor. */
export interface ReviewWriter {
  /** Not signed in: the account sign-in, back to the reviews afterwards. */
  signInHref?: string;
  /** Signed in but may not review (not a buyer, already reviewed): the server's reason. */
  notice?: string;
  /** Just posted without JavaScript: the review awaits approval. */
  sent?: string;
  /**
   * Signed in and may review: what the form needs. It posts to `action` as a plain multipart form
   * (crumb and XSRF token as fields); the island posts it to the JSON call instead. `error` is the
   * reason a plain post was refused; `photos` numbers the photo inputs.
   */
  form?: {
    itemId: string;
    action: string;
    crumb: string;
    xsrfToken: string;
    name: string;
    /** What was typed before a refused post without JavaScript (`form-drafts.ts`); empty otherwise. */
    title: string;
    body: string;
    /** The rating radios, 5 to 1, the one typed before checked. */
    ratings: { value: number; label: string; checked: boolean; first: boolean }[];
    error: string;
    photos: { n: number }[];
    photoHint: string;
    /** The no-JavaScript captcha (`text-challenge.ts`), when the refused post wanted one. */
    question?: { token: string; text: string };
  };
}

export interface ReviewsJsonLd {
  average: number;
  count: number;
  reviews: { rating: number; title: string; body: string; author: string; date: string }[];
}

export const starText = (rating: number) => '★'.repeat(Math.round(rating)) + '☆'.repeat(5 - Math.round(rating));

/** What the section is read from: the reviews, and the site row for the settings. */
const SECTION_TABLES: ReadonlySet<string> = new Set(['product_reviews', 'sites']);

type ShownSection = { section: ReviewsSection; jsonLd?: ReviewsJsonLd } | undefined;

/**
 * `undefined` when reviews are off for the site. With `remember`, the section as a page without a
 * sort or page in its query shows it (nearly every view) is kept until a review or the site row is
 * written (issue 20: three reads fewer on the first view of a product page after an edit); another
 * sort or page is read each time, so a crawler's query strings cannot fill the cache.
 */
export async function reviewsSection(
  db: Kysely<Database>,
  settingsStore: ReviewSettingsStore,
  input: { siteId: string; itemId: string; path: string; query: unknown },
  remember?: RememberLookup,
): Promise<ShownSection> {
  const parsed = productPageQuery.safeParse(input.query ?? {});
  const { reviews: sort, reviewsPage } = parsed.success ? parsed.data : { reviews: 'newest' as const, reviewsPage: 1 };
  const plain = sort === 'newest' && reviewsPage === 1;
  if (!remember || !plain) return readSection(db, settingsStore, input, sort, reviewsPage);
  return remember(
    input.siteId,
    `reviews:${input.itemId}:${input.path}`,
    () => readSection(db, settingsStore, input, sort, reviewsPage),
    SECTION_TABLES,
  );
}

async function readSection(
  db: Kysely<Database>,
  settingsStore: ReviewSettingsStore,
  input: { siteId: string; itemId: string; path: string },
  sort: ReviewSort,
  reviewsPage: number,
): Promise<ShownSection> {
  const settings = await settingsStore.read(input.siteId);
  if (!settings.enabled) return undefined;
  const summary = await reviewSummary(db, input.itemId);
  // "With photos" pages through the reviews that have photos only.
  const listed = sort === 'photos' && summary.count > 0 ? await countWithPhotos(db, input.itemId) : summary.count;
  const pages = Math.max(1, Math.ceil(listed / REVIEWS_PAGE_SIZE));
  const page = Math.min(reviewsPage, pages);
  const rows = listed > 0 ? await shownReviews(db, input.itemId, sort, page) : [];
  const href = (s: ReviewSort, p: number) =>
    `${input.path}?${new URLSearchParams({ reviews: s, ...(p > 1 ? { reviewsPage: String(p) } : {}) })}#reviews`;
  const section: ReviewsSection = {
    summary: {
      ...summary,
      stars: starText(summary.average),
      label:
        summary.count === 0
          ? 'No reviews yet'
          : `${summary.average.toFixed(1)} out of 5 stars, ${summary.count} review${summary.count === 1 ? '' : 's'}`,
    },
    reviews: rows.map((r) => ({ ...r, stars: starText(r.rating), date: r.createdAt.slice(0, 10) })),
    sorts: REVIEW_SORTS.map((s) => ({ label: SORT_LABELS[s], href: href(s, 1), current: s === sort })),
    prevHref: page > 1 ? href(sort, page - 1) : null,
    nextHref: page < pages ? href(sort, page + 1) : null,
    page,
    pages,
  };
  if (summary.count === 0) return { section };
  const latest = sort === 'newest' && page === 1 ? rows : await shownReviews(db, input.itemId, 'newest', 1);
  return {
    section,
    jsonLd: {
      average: summary.average,
      count: summary.count,
      reviews: latest.slice(0, JSON_LD_REVIEWS).map((r) => ({
        rating: r.rating,
        title: r.title,
        body: r.body,
        author: r.authorName,
        date: r.createdAt.slice(0, 10),
      })),
    },
  };
}
