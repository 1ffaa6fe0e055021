import { CollectionType, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { withLikes } from '../domains/comments/tables.js';
import type { Database } from '../platform/db/schema.js';
import { stableId } from '../platform/ids.js';
import { demoData, insertTerms, textItemValues } from '../domains/sites/index.js';

// Demo blog posts and events (issue 4 part B): a mix of content statuses so only published
// posts are public, comments and likes on some posts, and events before and after "now" at
// local times of the site's zone. The posts and events are data (`templates/demo/blog.json`).

const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedPost {
  urlId: string;
  title: string;
  excerpt: string;
  paragraphs: string[];
  status: 'published' | 'draft' | 'scheduled' | 'private';
  /** Days before the seed time (negative: in the future). */
  daysAgo: number;
  author: string;
  tags: string[];
  categories: string[];
  commentsEnabled: boolean;
  comments?: { name: string; body: string; status?: 'approved' | 'pending' }[];
  likes?: number;
}

interface SeedEvent {
  urlId: string;
  title: string;
  excerpt: string;
  /** Days from the seed day (negative: past), then local wall-clock start and end in the site zone. */
  day: number;
  start: [number, number];
  end: [number, number];
  /** Extra days the event lasts past its first day. */
  spanDays?: number;
  location: { name: string; addressLine1: string; addressLine2: string; addressCountry: string };
}

/** The demo's posts and events (`templates/demo/blog.json`). */
const { posts: POSTS, events: EVENTS } = demoData<{ posts: SeedPost[]; events: SeedEvent[] }>('blog');

/** Offset of `timeZone` from UTC at `epochMs`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (epochMs - (epochMs % 1000));
}

/** The instant a local wall-clock time in `timeZone` names (the earlier one in a repeated hour). */
export function zonedWallTimeToEpoch(
  date: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute);
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** The calendar day in `timeZone` that is `days` after the day of `epochMs`. */
function localDay(epochMs: number, days: number, timeZone: string): { year: number; month: number; day: number } {
  const local = new Date(epochMs + zoneOffsetMs(epochMs, timeZone) + days * DAY_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

async function ensureCollection(
  db: Kysely<Database>,
  siteId: string,
  slug: string,
  title: string,
  position: number,
  nowIso: string,
): Promise<string> {
  const existing = await db
    .selectFrom('collections')
    .select('id')
    .where('site_id', '=', siteId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = stableId('collection', siteId, slug);
  await db
    .insertInto('collections')
    .values({
      id,
      site_id: siteId,
      slug,
      title,
      type: CollectionType.GENERIC,
      kind: slug,
      description: '',
      position,
      nav_visible: 1,
      settings: '{}',
      created_at: nowIso,
    })
    .execute();
  return id;
}

/**
 * Fills the demo site's `blog` and `events` collections (creating them when the seed has none),
 * switches comments and likes on in the website settings, and adds comments and likes.
 * Does nothing when the blog already holds posts.
 */
export async function seedBlogAndEvents(db: Kysely<Database>, siteId: string, now = Date.now()): Promise<void> {
  const nowIso = new Date(now).toISOString();
  const site = await db
    .selectFrom('sites')
    .select(['time_zone', 'settings'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) return;
  const blogId = await ensureCollection(db, siteId, 'blog', 'Journal', 50, nowIso);
  const eventsId = await ensureCollection(db, siteId, 'events', 'Events', 51, nowIso);
  const already = await db.selectFrom('items').select('id').where('collection_id', '=', blogId).executeTakeFirst();
  if (already) return;

  await db.transaction().execute(async (trx) => {
    const settings = JSON.parse(site.settings) as { website?: Record<string, unknown> };
    settings.website = {
      ...settings.website,
      commentsEnabled: true,
      simpleLikingEnabled: true,
      shareButtonOptions: { facebook: true, twitter: true, linkedin: true, email: true },
      socialAccounts: [
        { serviceName: 'instagram', title: 'Instagram', profileUrl: 'https://www.instagram.com/juniperandoak' },
        { serviceName: 'pinterest', title: 'Pinterest', profileUrl: 'https://www.pinterest.com/juniperandoak' },
      ],
    };
    await trx
      .updateTable('sites')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', siteId)
      .execute();

    for (const [position, post] of POSTS.entries()) {
      const id = stableId('item', siteId, 'blog', post.urlId);
      const published = new Date(now - post.daysAgo * DAY_MS).toISOString();
      await trx
        .insertInto('items')
        .values({
          ...textItemValues({
            ...post,
            id,
            siteId,
            collectionId: blogId,
            recordType: RecordType.TEXT,
            position,
            published,
          }),
          author: JSON.stringify({ displayName: post.author }),
          comments_enabled: post.commentsEnabled ? 1 : 0,
          like_count: post.likes ?? 0,
        })
        .execute();
      await insertTerms(trx, id, post);
      for (const [n, comment] of (post.comments ?? []).entries()) {
        await trx
          .insertInto('comments')
          .values({
            id: stableId('comment', id, String(n)),
            site_id: siteId,
            item_id: id,
            parent_id: null,
            author_name: comment.name,
            body: comment.body,
            status: comment.status ?? 'approved',
            created_at: new Date(now - post.daysAgo * DAY_MS + (n + 1) * 3 * 60 * 60 * 1000).toISOString(),
          })
          .execute();
      }
      for (let n = 0; n < (post.likes ?? 0); n++) {
        await withLikes(trx)
          .insertInto('item_likes')
          .values({ item_id: id, visitor_id: `seed-visitor-${n}`, site_id: siteId, created_at: nowIso })
          .execute();
      }
    }

    for (const [position, event] of EVENTS.entries()) {
      const id = stableId('item', siteId, 'events', event.urlId);
      const first = localDay(now, event.day, site.time_zone);
      const last = localDay(now, event.day + (event.spanDays ?? 0), site.time_zone);
      const start = zonedWallTimeToEpoch({ ...first, hour: event.start[0], minute: event.start[1] }, site.time_zone);
      const end = zonedWallTimeToEpoch({ ...last, hour: event.end[0], minute: event.end[1] }, site.time_zone);
      const published = new Date(now - 60 * DAY_MS).toISOString();
      await trx
        .insertInto('items')
        .values({
          ...textItemValues({
            ...event,
            id,
            siteId,
            collectionId: eventsId,
            recordType: RecordType.EVENT,
            paragraphs: [event.excerpt],
            position,
            published,
            status: 'published',
          }),
          start_date: new Date(start).toISOString(),
          end_date: new Date(end).toISOString(),
          location: JSON.stringify(event.location),
        })
        .execute();
    }
  });
}
