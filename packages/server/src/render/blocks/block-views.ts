import {
  BLOCK_PARTIALS,
  CollectionType,
  clampedNumber as num,
  type RenderedBlock,
  type SectionView,
  sectionShell,
  blockViewSync,
  donationBlockView,
  imageView,
  stringOr as str,
  timeAgo,
  truncate,
} from '@tessera/core';
import { isRawCodeBlock, sanitizeOwnerHtml } from '../../platform/html/sanitize-owner-html.js';
import type { Block, ContentItem, Section } from '@tessera/core/site';
import { productView } from '../product-view.js';
import { BLOCK_DATA_LOADERS, type BlogBlockSources } from './blog-block-data.js';
import { MEDIA_BLOCK_LOADERS, type MediaBlockSources } from './media-block-data.js';

// The server's half of block views: blocks that look things up while a page renders (summary,
// calendar, newsletter). Every other block's view is the pure one in @tessera/core, which the
// editor's preview uses too.

/** What block views may look up while a page renders. */
export interface BlockSources extends BlogBlockSources, MediaBlockSources {
  /** A collection by slug: products (with items) or a content list. */
  summaryItems(
    slug: string,
    limit: number,
  ): Promise<{ kind: 'products' | 'items'; url: string; items: Record<string, unknown>[] }>;
  /** Items of an events collection for the calendar block. */
  events(slug: string): Promise<ContentItem[]>;
  /** The template view of a form (`forms/form-view.ts`) for the newsletter block. */
  form(formId: string): Promise<Record<string, unknown> | undefined>;
  timeZone: string;
  locale: string;
  now: Date;
  /** The site's currency (donation block amounts); USD when not given. */
  currency?: string;
  /** The visitor's crumb, for blocks with a plain (no-JavaScript) form post (donation). */
  crumb?: string;
}

const SUMMARY_VARIANTS = ['wall', 'carousel', 'list', 'grid'] as const;
const ASYNC_PARTIALS = new Set(['summary', 'calendar', 'newsletter', 'donation']);

/**
 * Views of blocks that look nothing up, by block: only for blocks from the content cache, which
 * are frozen (so the same object always holds the same content). The views are frozen too, as
 * every request that renders the block shares them.
 */
const pureViews = new WeakMap<Block, Map<string, RenderedBlock | undefined>>();

function pureView(block: Block, key: string): RenderedBlock | undefined {
  if (!Object.isFrozen(block)) return ownerSafeView(block, blockViewSync(block, key));
  let byKey = pureViews.get(block);
  if (byKey === undefined) pureViews.set(block, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  const view = deepFreeze(ownerSafeView(block, blockViewSync(block, key)));
  byKey.set(key, view);
  return view;
}

/**
 * The view with its owner HTML cleaned (`domains/content/sanitize-owner-html.ts`), for content stored
 * before saves were cleaned: HTML blocks (except an administrator's raw code block), accordion
 * items and a form's after-submit text.
 */
function ownerSafeView(block: Block, rendered: RenderedBlock | undefined): RenderedBlock | undefined {
  if (!rendered) return rendered;
  const view = rendered.view;
  switch (rendered.partial) {
    case 'html':
      return isRawCodeBlock(block)
        ? rendered
        : { ...rendered, view: { ...view, html: sanitizeOwnerHtml(String(view.html ?? '')) } };
    case 'accordion': {
      const items = Array.isArray(view.items) ? (view.items as Record<string, unknown>[]) : [];
      const clean = items.map((item) => ({ ...item, html: sanitizeOwnerHtml(String(item.html ?? '')) }));
      return { ...rendered, view: { ...view, items: clean } };
    }
    default:
      return withCleanForm(rendered);
  }
}

/** A form or newsletter view with its after-submit HTML cleaned. */
function withCleanForm(rendered: RenderedBlock): RenderedBlock {
  const form = rendered.view.form as Record<string, unknown> | undefined;
  if (!form || typeof form.postSubmitHtml !== 'string') return rendered;
  return {
    ...rendered,
    view: { ...rendered.view, form: { ...form, postSubmitHtml: sanitizeOwnerHtml(form.postSubmitHtml) } },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Does the block look things up while a page renders (summary, calendar, newsletter)? */
export function needsLookups(block: Block): boolean {
  const partial = BLOCK_PARTIALS[block.type];
  return (
    partial !== undefined &&
    (ASYNC_PARTIALS.has(partial) ||
      Object.hasOwn(BLOCK_DATA_LOADERS, partial) ||
      Object.hasOwn(MEDIA_BLOCK_LOADERS, partial))
  );
}

/** The view model of one block, or undefined when its type has no partial or its content is unusable. */
export async function blockView(block: Block, sources: BlockSources, key: string): Promise<RenderedBlock | undefined> {
  const partial = BLOCK_PARTIALS[block.type];
  // Blocks with a data loader (the blog blocks, `blog-block-data.ts`) look their data up there.
  const load = partial && Object.hasOwn(BLOCK_DATA_LOADERS, partial) ? BLOCK_DATA_LOADERS[partial] : undefined;
  if (load)
    return load(block, { blockId: `block-${key}`, blockType: block.type, variant: block.variant ?? '' }, sources);
  // The product and tour dates blocks (`media-block-data.ts`).
  const media = partial && Object.hasOwn(MEDIA_BLOCK_LOADERS, partial) ? MEDIA_BLOCK_LOADERS[partial] : undefined;
  if (media)
    return media(block, { blockId: `block-${key}`, blockType: block.type, variant: block.variant ?? '' }, sources);
  if (!partial || !ASYNC_PARTIALS.has(partial)) return pureView(block, key);
  const { content } = block;
  const base = { blockId: `block-${key}`, blockType: block.type, variant: block.variant ?? '' };
  switch (partial) {
    case 'summary': {
      const variant = (SUMMARY_VARIANTS as readonly string[]).includes(block.variant ?? '') ? block.variant! : 'grid';
      const found = await sources.summaryItems(str(content.collection), num(content.limit, 4, 1, 24));
      return {
        partial,
        view: {
          ...base,
          variant,
          isProducts: found.kind === 'products',
          items: found.items,
          collectionUrl: found.url,
          title: str(content.title),
        },
      };
    }
    case 'calendar':
      return { partial, view: { ...base, ...(await calendarView(str(content.collection, 'events'), sources)) } };
    case 'donation':
      return {
        partial,
        view: {
          ...base,
          ...donationBlockView(block, key, sources.currency ?? 'USD', sources.locale),
          crumb: sources.crumb ?? '',
        },
      };
    default: {
      const form = await sources.form(str(content.formId, 'newsletter-form'));
      return form ? withCleanForm({ partial, view: { ...base, form } }) : undefined;
    }
  }
}

async function calendarView(slug: string, sources: BlockSources): Promise<Record<string, unknown>> {
  const now = sources.now;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: sources.timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const monthName = new Intl.DateTimeFormat(sources.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
  const events = await sources.events(slug).catch(() => [] as ContentItem[]);
  const dayKey = new Intl.DateTimeFormat('en-CA', {
    timeZone: sources.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byDay = new Map<string, { title: string; url: string }[]>();
  for (const event of events) {
    if (!event.startDate) continue;
    const key = dayKey.format(event.startDate);
    byDay.set(key, [...(byDay.get(key) ?? []), { title: event.title, url: event.fullUrl }]);
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const weeks: { days: Record<string, unknown>[] }[] = [];
  let week: Record<string, unknown>[] = [];
  for (let i = 0; i < lead; i++) week.push({ empty: true });
  for (let d = 1; d <= days; d++) {
    const key = `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const dayEvents = byDay.get(key) ?? [];
    week.push({ day: d, events: dayEvents, hasEvents: dayEvents.length > 0, isToday: key === dayKey.format(now) });
    if (week.length === 7) {
      weeks.push({ days: week });
      week = [];
    }
  }
  if (week.length) {
    while (week.length < 7) week.push({ empty: true });
    weeks.push({ days: week });
  }
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((name) => ({ name }));
  return { monthName, weeks, weekdays, collectionUrl: `/${slug}`, eventCount: events.length };
}

/** Sections with their blocks' views, in order; unusable blocks are left out. */
export async function sectionViews(sections: Section[], sources: BlockSources): Promise<SectionView[]> {
  const out: SectionView[] = [];
  for (const [s, section] of sections.entries()) {
    const blocks: RenderedBlock[] = [];
    for (const [b, block] of section.blocks.entries()) {
      const view = await blockView(block, sources, `${s + 1}-${b + 1}`);
      if (view) blocks.push(view);
    }
    out.push(sectionShell(section, blocks));
  }
  return out;
}

/** Products as the product card partial reads them, or content items as summary cards. */
export function summaryFromProducts(products: Parameters<typeof productView>[0][], url: string) {
  return products.map((item) => productView(item, url));
}

/** Item cards: the excerpt as plain text truncated per SPEC §9 (100, '...'), and when it was published. */
export function summaryFromItems(items: ContentItem[], now: number = Date.now()): Record<string, unknown>[] {
  return items.map((item) => ({
    title: item.title,
    url: item.fullUrl,
    excerpt: truncate(
      item.excerpt
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    image: imageView(item.items[0], 500, '(max-width: 432px) 100vw, 33vw') ?? null,
    publishOn: item.publishOn,
    timeAgo: item.publishOn ? timeAgo(item.publishOn, now) : '',
    publishedIso: item.publishOn ? new Date(item.publishOn).toISOString() : '',
  }));
}

export const SUMMARY_COLLECTION_TYPES = [CollectionType.PRODUCTS];
