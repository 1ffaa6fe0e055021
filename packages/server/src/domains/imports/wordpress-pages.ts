import { CollectionType, type SectionData, slugFromTitle } from '@tessera/core';
import type { Kysely } from 'kysely';
import { parseJson } from '../content/index.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { childText, type XmlElement } from '../../platform/xml/xml-read.js';
import { type ContentContext, convertContent } from './wordpress-blocks.js';
import { dateOf, metaOf, type PostDraft, pathOf, plainText, STATUSES, urlIdOf } from './wordpress-wxr.js';
import { nextCollectionPosition } from '../../platform/db/positions.js';

// The pages of a WordPress export (issue 19): each `<item>` of type page becomes a page of the site
// (a collection of kind `page`, or the gallery or splash page a Tessera export names, whose sections hold the page's body as our blocks and cleaned HTML,
// wordpress-blocks.ts), as the editor would make it. A page is the same as a stored one when it
// carries the same WordPress site and post id (`collections.settings.wordpress`), so a re-run
// updates it. A page never takes an address the site already uses for something else: it gets the
// next free one (`about-2`).
// Imported pages are not linked in the navigation; the owner places them in the editor.

export interface PageDraft {
  line: number;
  wpId: string;
  title: string;
  /** The wanted address (`/about` → `about`), already clear of the server's own addresses. */
  slug: string;
  /** The body as cleaned HTML (what media rewriting reads); `sections` is what the page shows. */
  body: string;
  sections: SectionData[];
  status: PostDraft['status'];
  /** When a scheduled page goes live. */
  publishAt?: string;
  oldPath?: string;
  /** The Tessera page it was exported from (`_tessera_page_id`), when a Tessera site wrote the file. */
  tesseraId?: string;
  /** The kind of page a Tessera export names (`_tessera_page_kind`: gallery, splash); else a plain page. */
  kind: PageKind;
}

/** The kinds of page an import makes: plain pages, and the gallery and splash pages of a Tessera export. */
const PAGE_KINDS = { page: CollectionType.PAGE, gallery: CollectionType.PAGE, splash: CollectionType.SPLASH_PAGE };
type PageKind = keyof typeof PAGE_KINDS;
const pageKindOf = (value: string | undefined): PageKind =>
  value === 'gallery' || value === 'splash' ? value : 'page';

export interface PlannedPage {
  action: 'create' | 'update';
  /** The stored page it updates. */
  collectionId?: string;
  /** The address it gets: the wanted one, or the next free one when that is taken. */
  slug: string;
  page: PageDraft;
  /** The address the stored page had, when a re-run gives it another (its old address then redirects). */
  movedFrom?: string;
}

/** One `<item>` of type page as a draft, or the reason it is skipped. */
export function pageOf(
  item: XmlElement,
  now: number,
  ctx: ContentContext = { attachments: new Map() },
): PageDraft | string {
  const wpId = childText(item, 'wp:post_id').trim();
  if (!/^\d+$/.test(wpId)) return 'It has no WordPress post id.';
  const rawStatus = childText(item, 'wp:status').trim();
  const status = STATUSES[rawStatus];
  if (!status) return `Status "${rawStatus.slice(0, 20)}" is not imported (trash, auto-draft, …).`;
  const title = plainText(childText(item, 'title')).replace(/\s+/g, ' ').slice(0, 200) || 'Untitled page';
  const content = childText(item, 'content:encoded');
  if (content.length > 500_000) return 'Its content is longer than 500,000 characters.';
  const date = dateOf(childText(item, 'wp:post_date_gmt'), childText(item, 'pubDate'), childText(item, 'wp:post_date'));
  if (status === 'scheduled' && (!date || Date.parse(date) <= now))
    return 'A scheduled page without a date in the future.';
  const { html, sections } = convertContent(content, { ...ctx, postId: wpId });
  return {
    line: item.line,
    wpId,
    title,
    // slugFromTitle keeps a good slug as it is and moves the server's own addresses aside (`cart` → `page-cart`).
    slug: slugFromTitle(urlIdOf(childText(item, 'wp:post_name'), title, wpId)),
    body: html,
    sections,
    status,
    publishAt: status === 'scheduled' ? date : undefined,
    oldPath: pathOf(childText(item, 'link')),
    tesseraId: tesseraPageId(item),
    kind: pageKindOf(metaOf(item, '_tessera_page_kind')),
  };
}

/** The `_tessera_page_id` post meta of an item a Tessera export wrote. */
function tesseraPageId(item: XmlElement): string | undefined {
  const id = metaOf(item, '_tessera_page_id');
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

interface StoredCollection {
  id: string;
  slug: string;
  kind: string;
  settings: string;
}

/** What importing the export's pages would do, read from `db` (a transaction for the real run). */
export async function planPages(
  db: Kysely<Database>,
  siteId: string,
  source: string,
  pages: readonly PageDraft[],
): Promise<{ planned: PlannedPage[]; skipped: { line: number; reason: string }[] }> {
  const stored: StoredCollection[] = await db
    .selectFrom('collections')
    .select(['id', 'slug', 'kind', 'settings'])
    .where('site_id', '=', siteId)
    .execute();
  const bySlug = new Map(stored.map((row) => [row.slug, row]));
  const byWpId = new Map<string, StoredCollection>();
  for (const row of stored) {
    const from = parseJson<{ wordpress?: { site?: unknown; postId?: unknown } }>(row.settings, {}).wordpress;
    if (row.kind in PAGE_KINDS && from?.site === source && typeof from.postId === 'string')
      byWpId.set(from.postId, row);
  }
  const taken = new Set(stored.map((row) => row.slug));
  const planned: PlannedPage[] = [];
  const skipped: { line: number; reason: string }[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    if (seen.has(page.wpId)) {
      skipped.push({
        line: page.line,
        reason: `Page "${page.title}": an earlier item has the same WordPress post id.`,
      });
      continue;
    }
    seen.add(page.wpId);
    const own = page.tesseraId ? stored.find((row) => row.id === page.tesseraId) : undefined;
    if (own) {
      skipped.push({
        line: page.line,
        reason: `Page "${page.title}" is this site's own page /${own.slug} (the file was exported from here).`,
      });
      continue;
    }
    const mine = byWpId.get(page.wpId);
    if (mine) {
      // Its own address, or the wanted one when that has come free.
      const wantedFree = !taken.has(page.slug) || bySlug.get(page.slug)?.id === mine.id;
      const slug = wantedFree ? page.slug : mine.slug;
      taken.add(slug);
      planned.push({
        action: 'update',
        collectionId: mine.id,
        slug,
        page,
        ...(slug !== mine.slug ? { movedFrom: mine.slug } : {}),
      });
      continue;
    }
    let slug = page.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${page.slug}-${n}`;
    taken.add(slug);
    planned.push({ action: 'create', slug, page });
  }
  return { planned, skipped };
}

/** Writes the planned pages (inside the import's transaction). */
export async function writePages(
  db: Kysely<Database>,
  ids: { siteId: string; source: string },
  planned: readonly PlannedPage[],
): Promise<void> {
  if (planned.length === 0) return;
  let position = await nextCollectionPosition(db, ids.siteId);
  for (const { action, collectionId, slug, page } of planned) {
    const sections = JSON.stringify(page.sections);
    const columns = {
      slug,
      kind: page.kind,
      type: PAGE_KINDS[page.kind],
      title: page.title,
      sections,
      status: page.status,
      publish_at: page.publishAt ?? null,
      // The import replaces the page: an older unpublished draft of it would hide what came in.
      draft_content: null,
      draft_updated_at: null,
    };
    const wordpress = { site: ids.source, postId: page.wpId };
    if (action === 'update' && collectionId) {
      const before = await db
        .selectFrom('collections')
        .select('settings')
        .where('id', '=', collectionId)
        .executeTakeFirstOrThrow();
      const settings = { ...parseJson<Record<string, unknown>>(before.settings, {}), wordpress };
      await db
        .updateTable('collections')
        .set({ ...columns, settings: JSON.stringify(settings) })
        .where('id', '=', collectionId)
        .where('site_id', '=', ids.siteId)
        .execute();
      continue;
    }
    await db
      .insertInto('collections')
      .values({
        id: newId(),
        site_id: ids.siteId,
        description: '',
        position: position++,
        nav_visible: 0,
        settings: JSON.stringify({ wordpress }),
        created_at: nowIso(),
        parent_id: null,
        folder_behavior: null,
        redirect_url: null,
        password_hash: null,
        members_only: 0,
        ...columns,
      })
      .execute();
  }
}

/** Old addresses of the published pages and the new ones they move to. */
export function pageMoves(planned: readonly PlannedPage[]): { from: string; to: string }[] {
  return planned
    .filter((p) => p.page.status === 'published' && p.page.oldPath)
    .map((p) => ({ from: (p.page.oldPath as string).replace(/(.)\/+$/, '$1'), to: `/${p.slug}` }));
}
