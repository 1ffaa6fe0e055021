import { RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { updateSiteSettingsIn } from '../settings/index.js';
import { parseRedirects, SERVER_PAGES, withMovedAddress } from '../web/index.js';
import { parseJson } from '../content/index.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso, stableId } from '../../platform/ids.js';
import type { ImportProgress } from './import-progress.js';
import { withMovedSections } from './wordpress-blocks.js';
import { bringMedia, type MediaSource, withMovedMedia } from './wordpress-media.js';
import { mediaAddresses, tooLargeWarnings } from './wordpress-media-uses.js';
import { type PlannedPage, pageMoves, planPages, writePages } from './wordpress-pages.js';
import { type ParsedWxr, type PostDraft, parseWxr, type SkippedItem } from './wordpress-wxr.js';
import { insertItem } from '../../platform/db/items.js';

// `tessera import wordpress` (issue 19): plans what a WordPress export changes in one blog
// (posts created, updated, skipped with the line and reason) and writes the plan in one
// transaction. A post is the same as a stored one when it carries the same WordPress site and post
// id (kept in `structured_content.wordpress`) or, failing that, the same URL, so a re-run updates.
// Posts are written as the editor's blog store writes them (domains/content/blog/blog-store.ts).

export interface PlannedPost {
  action: 'create' | 'update';
  /** The stored post it updates. */
  itemId?: string;
  /** Comments not stored yet (a re-run adds only new ones and keeps their moderation). */
  newComments: number;
  post: PostDraft;
  /** The URL the stored post had, when a re-run gives it another (its old address then redirects). */
  movedFrom?: string;
}

export interface WordpressImportReport {
  dryRun: boolean;
  /** Old addresses of published posts now redirected (301) to their new ones (real runs only). */
  redirects?: number;
  /** Old addresses left without a redirect: the owner's list holds at most 500 rules. */
  redirectsLeftOut?: number;
  siteTitle: string;
  blog: string;
  planned: PlannedPost[];
  /** The export's pages, each a page of the site (wordpress-pages.ts). */
  pages: PlannedPage[];
  skipped: SkippedItem[];
  attachments: number;
  images: number;
  commentsSkipped: number;
  /**
   * With `media`: the export's pictures, sound and video files copied into the site's files, those
   * that could not be, and warnings for files too large for the site (they keep their old address).
   */
  media?: { addresses: number; copied: number; failed: { url: string; reason: string }[]; warnings: string[] };
}

/** The whole import is refused (nothing is written): no blog, bad file. */
export class WordpressImportError extends Error {}

async function blogCollection(db: Kysely<Database>, siteId: string, slug: string | undefined) {
  let query = db
    .selectFrom('collections')
    .select(['id', 'slug'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'blog');
  if (slug) query = query.where('slug', '=', slug);
  const row = await query.orderBy('position').orderBy('id').executeTakeFirst();
  if (!row)
    throw new WordpressImportError(
      slug ? `The site has no blog "${slug}".` : 'The site has no blog page; add one in the editor first.',
    );
  return row;
}

const commentId = (itemId: string, wpId: string) => stableId('wordpress-comment', itemId, wpId);

/** What importing the export would do, read from `db` (a transaction for the real run). */
export async function planWordpressImport(
  db: Kysely<Database>,
  args: { siteId: string; parsed: ParsedWxr; blog?: string },
): Promise<Omit<WordpressImportReport, 'dryRun'>> {
  const { parsed } = args;
  const blog = await blogCollection(db, args.siteId, args.blog);
  const stored = await db
    .selectFrom('items')
    .select(['id', 'url_id', 'structured_content'])
    .where('collection_id', '=', blog.id)
    .execute();
  const byUrl = new Map(stored.map((row) => [row.url_id, row.id]));
  const urlOf = new Map(stored.map((row) => [row.id, row.url_id]));
  const byWpId = new Map<string, string>();
  for (const row of stored) {
    const from = parseJson<{ wordpress?: { site?: unknown; postId?: unknown } }>(row.structured_content, {}).wordpress;
    if (from?.site === parsed.source && typeof from.postId === 'string') byWpId.set(from.postId, row.id);
  }
  const skipped = [...parsed.skipped];
  const planned: PlannedPost[] = [];
  const seenUrls = new Set<string>();
  const seenIds = new Set<string>();
  const claimed = new Set<string>();
  for (const post of parsed.posts) {
    const why = (reason: string) => skipped.push({ line: post.line, reason: `"${post.title}": ${reason}` });
    if (seenIds.has(post.wpId)) {
      why(`An earlier item has the same WordPress post id ${post.wpId}.`);
      continue;
    }
    if (seenUrls.has(post.urlId)) {
      why(`An earlier post in the file uses the URL ${post.urlId}.`);
      continue;
    }
    const byId = byWpId.get(post.wpId);
    const urlOwner = byUrl.get(post.urlId);
    if (byId && urlOwner && byId !== urlOwner) {
      why(`Its URL ${post.urlId} belongs to another post of the blog.`);
      continue;
    }
    const itemId = byId ?? urlOwner;
    if (itemId && claimed.has(itemId)) {
      why('It matches a post that an earlier item of the file updates.');
      continue;
    }
    seenIds.add(post.wpId);
    seenUrls.add(post.urlId);
    if (itemId) claimed.add(itemId);
    const before = itemId ? urlOf.get(itemId) : undefined;
    planned.push({
      action: itemId ? 'update' : 'create',
      itemId,
      newComments: post.comments.length,
      post,
      ...(before && before !== post.urlId ? { movedFrom: before } : {}),
    });
  }
  const updates = planned.filter((p) => p.itemId);
  const ids = updates.flatMap((p) => p.post.comments.map((c) => commentId(p.itemId as string, c.wpId)));
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('comments')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  for (const p of updates)
    p.newComments = p.post.comments.filter((c) => !known.has(commentId(p.itemId as string, c.wpId))).length;
  const pages = await planPages(db, args.siteId, parsed.source, parsed.pages);
  skipped.push(...pages.skipped);
  skipped.sort((a, b) => a.line - b.line);
  return {
    siteTitle: parsed.siteTitle,
    blog: blog.slug,
    planned,
    pages: pages.planned,
    skipped,
    attachments: parsed.attachments,
    images: planned.reduce((sum, p) => sum + p.post.images, 0),
    commentsSkipped: parsed.posts.reduce((sum, p) => sum + p.commentsSkipped, 0),
  };
}

/** Writes one planned post with its tags, categories and new comments. */
async function writePost(
  db: Kysely<Database>,
  ids: { siteId: string; blogId: string; source: string },
  planned: PlannedPost,
) {
  const { siteId, blogId } = ids;
  const { post } = planned;
  const wordpress = { site: ids.source, postId: post.wpId };
  const now = nowIso();
  const itemId = planned.itemId ?? newId();
  const columns = {
    title: post.title,
    url_id: post.urlId,
    excerpt: post.excerpt,
    body: post.body,
    status: post.status,
    published_at: post.publishOn,
    author: JSON.stringify({ displayName: post.author }),
    sections: JSON.stringify(post.sections),
    // The featured image, stored as the blog editor stores it (blog-store.ts).
    images: JSON.stringify(
      post.featuredImage
        ? [
            {
              id: 'featured',
              recordType: RecordType.IMAGE,
              assetUrl: post.featuredImage.url,
              altText: post.featuredImage.altText,
              originalSize: '',
            },
          ]
        : [],
    ),
    comments_enabled: post.commentsEnabled ? 1 : 0,
    updated_at: now,
  };
  if (planned.itemId) {
    const before = await db
      .selectFrom('items')
      .select('structured_content')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const content = { ...parseJson<Record<string, unknown>>(before.structured_content, {}), wordpress };
    await db
      .updateTable('items')
      .set({ ...columns, structured_content: JSON.stringify(content) })
      .where('id', '=', itemId)
      .execute();
  } else {
    const item = { id: itemId, siteId, collectionId: blogId, recordType: RecordType.TEXT, now };
    const createdAt = post.publishOn < now ? post.publishOn : now;
    await insertItem(db, item, {
      structured_content: JSON.stringify({ wordpress }),
      created_at: createdAt,
      ...columns,
    });
  }
  await db.deleteFrom('item_terms').where('item_id', '=', itemId).execute();
  const terms = [
    ...post.tags.map((value) => ({ item_id: itemId, kind: 'tag', value })),
    ...post.categories.map((value) => ({ item_id: itemId, kind: 'category', value })),
  ];
  if (terms.length > 0) await db.insertInto('item_terms').values(terms).execute();
  const existing = new Set(
    (await db.selectFrom('comments').select('id').where('item_id', '=', itemId).execute()).map((r) => r.id),
  );
  // Parents before replies, whatever order the export lists them in.
  const pending = [...post.comments];
  const written = new Set<string>();
  while (pending.length > 0) {
    const index = pending.findIndex((c) => !c.parentWpId || written.has(c.parentWpId));
    const comment = pending.splice(index === -1 ? 0 : index, 1)[0] as (typeof pending)[number];
    const id = commentId(itemId, comment.wpId);
    const parentId =
      comment.parentWpId && written.has(comment.parentWpId) ? commentId(itemId, comment.parentWpId) : null;
    written.add(comment.wpId);
    if (existing.has(id)) continue;
    await db
      .insertInto('comments')
      .values({
        id,
        site_id: siteId,
        item_id: itemId,
        parent_id: parentId,
        author_name: comment.author,
        author_email: comment.email,
        body: comment.body,
        status: comment.status,
        created_at: comment.createdAt,
      })
      .execute();
  }
}

/**
 * Imports a WordPress export into a blog. A dry run only reads. The real run plans and writes in
 * one transaction: every post is written or, on any failure, none is.
 */
export async function importWordpress(
  db: Kysely<Database>,
  args: {
    siteId: string;
    xml: string;
    blog?: string;
    dryRun: boolean;
    media?: MediaSource;
    /** Hears each step (an import job's progress). */
    progress?: ImportProgress;
    /** Runs last inside the transaction (an import job records its end there, with the posts). */
    finish?: (trx: Kysely<Database>, report: WordpressImportReport) => Promise<void>;
  },
): Promise<WordpressImportReport> {
  const { progress } = args;
  progress?.step('reading', 0, 1);
  const parsed = parseWxr(args.xml);
  const addresses = args.media ? mediaAddresses(parsed, args.media.cdnHosts) : [];
  if (args.dryRun) {
    const plan = await planWordpressImport(db, { ...args, parsed });
    return {
      ...plan,
      dryRun: true,
      ...(args.media ? { media: { addresses: addresses.length, copied: 0, failed: [], warnings: [] } } : {}),
    };
  }
  // Files first (they cannot join the database's transaction); the posts and pages then point at
  // the copies. When the import fails, the files this run created are removed again.
  const media = args.media
    ? await bringMedia(addresses, args.media, parsed.source, (done) => progress?.step('media', done, addresses.length))
    : undefined;
  const warnings = media ? tooLargeWarnings(parsed, media) : [];
  for (const warning of warnings) progress?.warn(warning);
  for (const failed of media?.failed ?? []) progress?.warn(`Not copied: ${failed.url} (${failed.reason}).`);
  if (media) {
    for (const post of parsed.posts) {
      post.body = withMovedMedia(post.body, media.moved);
      post.sections = withMovedSections(post.sections, media.moved);
      const featured = post.featuredImage && media.moved.get(post.featuredImage.url);
      if (post.featuredImage && featured) post.featuredImage = { ...post.featuredImage, url: featured };
    }
    for (const page of parsed.pages) {
      page.body = withMovedMedia(page.body, media.moved);
      page.sections = withMovedSections(page.sections, media.moved);
    }
  }
  try {
    await progress?.settle?.();
    return await db.transaction().execute(async (trx) => {
      const plan = await planWordpressImport(trx, { ...args, parsed });
      const { id: blogId } = await blogCollection(trx, args.siteId, plan.blog);
      const ids = { siteId: args.siteId, blogId, source: parsed.source };
      const total = plan.planned.length + plan.pages.length;
      for (const [index, post] of plan.planned.entries()) {
        progress?.step('writing', index, total);
        await writePost(trx, ids, post);
      }
      await writePages(trx, { siteId: args.siteId, source: parsed.source }, plan.pages);
      progress?.step('writing', total, total);
      const redirects = await keepOldAddresses(trx, args.siteId, plan);
      const copied = media
        ? { addresses: addresses.length, copied: media.moved.size, failed: media.failed, warnings }
        : undefined;
      const report: WordpressImportReport = {
        ...plan,
        ...redirects,
        dryRun: false,
        ...(copied ? { media: copied } : {}),
      };
      await args.finish?.(trx, report);
      return report;
    });
  } catch (error) {
    if (media && args.media) for (const key of media.written) await args.media.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** Published posts and pages a re-run gives another address on this site: old address → new. */
function siteMoves(plan: Omit<WordpressImportReport, 'dryRun'>): { from: string; to: string }[] {
  const posts = plan.planned
    .filter((p) => p.post.status === 'published' && p.movedFrom)
    .map((p) => ({ from: `/${plan.blog}/${p.movedFrom}`, to: `/${plan.blog}/${p.post.urlId}` }));
  const pages = plan.pages
    .filter((p) => p.page.status === 'published' && p.movedFrom)
    .map((p) => ({ from: `/${p.movedFrom}`, to: `/${p.slug}` }));
  return [...posts, ...pages];
}

/**
 * The old WordPress addresses of the published posts (`/2024/08/tomato-harvest/`) and pages
 * (`/services/design/`) become 301 redirects to their new ones (`/blog/tomato-harvest`, `/design`)
 * in the owner's redirect list, written in the
 * import's transaction by the settings' locked update; so do this site's own addresses of posts and
 * pages that a re-run moves (siteMoves). A rule the list cannot take (its 500-rule
 * limit, or one that would loop) is left out and counted; the owner's own rules always stay.
 */
async function keepOldAddresses(
  trx: Kysely<Database>,
  siteId: string,
  plan: Omit<WordpressImportReport, 'dryRun'>,
): Promise<{ redirects: number; redirectsLeftOut: number }> {
  const moves = plan.planned
    .filter((p) => p.post.status === 'published' && p.post.oldPath)
    .map((p) => ({ from: (p.post.oldPath as string).replace(/(.)\/+$/, '$1'), to: `/${plan.blog}/${p.post.urlId}` }))
    .concat(pageMoves(plan.pages))
    .filter((move) => move.from !== move.to);
  // Never send away an address this site serves itself (a Tessera export imported into another blog).
  const slugs = new Set(
    (await trx.selectFrom('collections').select('slug').where('site_id', '=', siteId).execute()).map((c) => c.slug),
  );
  const own = (path: string) => path === '/' || slugs.has(path.split('/')[1] ?? '') || SERVER_PAGES.test(path);
  // A re-run that gives a post or page another address moves it on this site: its old one redirects.
  const wanted = moves.filter((move) => !own(move.from)).concat(siteMoves(plan));
  if (wanted.length === 0) return { redirects: 0, redirectsLeftOut: 0 };
  return updateSiteSettingsIn(trx, siteId, (settings) => {
    const website = settings.website ?? {};
    let text = typeof website.redirects === 'string' ? website.redirects : '';
    let redirects = 0;
    for (const move of wanted) {
      const next = withMovedAddress(text, move.from, move.to);
      if (next === text || !parseRedirects(next).ok) continue;
      text = next;
      redirects++;
    }
    settings.website = { ...website, redirects: text };
    return { redirects, redirectsLeftOut: wanted.length - redirects };
  });
}
