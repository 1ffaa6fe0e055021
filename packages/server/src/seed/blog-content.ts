import { CollectionType, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { withLikes } from '../domains/comments/tables.js';
import type { Database } from '../platform/db/schema.js';
import { stableId } from '../platform/ids.js';

// Demo blog posts and events (issue 4 part B): a mix of content statuses so only published
// posts are public, comments and likes on some posts, and events before and after "now" at
// local times of the site's zone.

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

const POSTS: SeedPost[] = [
  {
    urlId: 'caring-for-linen',
    title: 'Caring for linen: a short guide',
    excerpt:
      'Linen gets better with every wash, as long as you skip the hot cycle and the dryer. Here is how we look after our own shirts, napkins and sheets so they soften instead of wearing out.',
    paragraphs: [
      'Linen is one of the oldest fabrics there is, and one of the most forgiving. Wash it cool, on a gentle cycle, with a mild detergent.',
      'Dry it on a line in the shade. A little stiffness after drying is normal: it softens within minutes of wearing.',
      'If you must iron, iron it damp, on the reverse side.',
    ],
    status: 'published',
    daysAgo: 2,
    author: 'Maya Okafor',
    tags: ['care', 'linen'],
    categories: ['Guides'],
    commentsEnabled: true,
    comments: [
      { name: 'Priya', body: 'Line drying changed everything for my sheets. Thank you!' },
      { name: 'Tom B.', body: 'Does this work for the heavier tablecloths too?' },
      { name: 'Spammy', body: 'Buy cheap watches', status: 'pending' },
    ],
    likes: 3,
  },
  {
    urlId: 'meet-the-maker-hudson-stoneware',
    title: 'Meet the maker: Hudson Valley Stoneware',
    excerpt: 'Every mug in the shop is thrown by Lena Park in a converted barn twenty minutes from our door.',
    paragraphs: [
      'Lena has been throwing pots for eleven years. Her glazes are mixed by hand from local clay and wood ash.',
      'We visited on a firing day to watch the kiln open. Each batch is a little different, which is the point.',
    ],
    status: 'published',
    daysAgo: 6,
    author: 'Sam Reyes',
    tags: ['makers', 'stoneware'],
    categories: ['Makers'],
    commentsEnabled: true,
    comments: [{ name: 'Ana', body: 'My favourite mug came from Lena. <b>Beautiful</b> work.' }],
    likes: 1,
  },
  {
    urlId: 'five-slow-morning-rituals',
    title: 'Five slow-morning rituals',
    excerpt:
      'Coffee by hand, a window open, ten minutes without a screen: small habits that make the day start softer.',
    paragraphs: [
      'Brew coffee by hand. The four minutes it takes are the ritual.',
      'Open a window, whatever the weather. Make the bed. Read one page of something printed. Write down one thing.',
    ],
    status: 'published',
    daysAgo: 11,
    author: 'Maya Okafor',
    tags: ['coffee', 'mornings'],
    categories: ['Journal'],
    commentsEnabled: true,
  },
  {
    urlId: 'how-we-pack-orders',
    title: 'How we pack every order by hand',
    excerpt: 'Recycled paper, cotton twine and no plastic: a look at the packing table behind every parcel we send.',
    paragraphs: [
      'Every order is packed at one long oak table in the back of the shop.',
      'We use recycled paper, cotton twine and boxes that can be used again.',
    ],
    status: 'published',
    daysAgo: 17,
    author: 'Sam Reyes',
    tags: ['behind-the-scenes'],
    categories: ['Journal'],
    commentsEnabled: false,
  },
  {
    urlId: 'wool-season',
    title: 'Wool season is here',
    excerpt:
      'Our scarves are back, spun from the fleece of a small flock in the Catskills. Here is how to keep wool at its best.',
    paragraphs: [
      'Wool needs far less washing than you think: air it out overnight and it freshens by itself.',
      'When it does need a wash, use cool water and lay it flat to dry.',
    ],
    status: 'published',
    daysAgo: 23,
    author: 'Maya Okafor',
    tags: ['care', 'wool'],
    categories: ['Guides'],
    commentsEnabled: true,
  },
  {
    urlId: 'market-calendar',
    title: 'Where to find us this season',
    excerpt: 'We are back at the markets: find our stall, say hello and try the new stoneware in person.',
    paragraphs: [
      'This season we are at three markets and hosting two workshops in the shop. See the events page for dates.',
    ],
    status: 'published',
    daysAgo: 30,
    author: 'Sam Reyes',
    tags: ['markets'],
    categories: ['News'],
    commentsEnabled: true,
    likes: 2,
  },
  {
    urlId: 'sticker-pack-story',
    title: 'The story behind our sticker pack',
    excerpt: 'Six illustrations of the shop, drawn by a local artist and printed on recycled vinyl.',
    paragraphs: ['Our friend Jo drew the shop one rainy afternoon. The drawings became a sticker pack.'],
    status: 'published',
    daysAgo: 41,
    author: 'Maya Okafor',
    tags: ['makers'],
    categories: ['Makers'],
    commentsEnabled: true,
  },
  {
    urlId: 'winter-gift-guide',
    title: 'Winter gift guide (draft)',
    excerpt: 'Not ready yet.',
    paragraphs: ['Draft notes for the winter gift guide.'],
    status: 'draft',
    daysAgo: 1,
    author: 'Maya Okafor',
    tags: ['gifts'],
    categories: ['Guides'],
    commentsEnabled: true,
  },
  {
    urlId: 'spring-restock-notes',
    title: 'Spring restock notes',
    excerpt: 'Scheduled for later.',
    paragraphs: ['What comes back in spring.'],
    status: 'scheduled',
    daysAgo: -30,
    author: 'Sam Reyes',
    tags: ['care'],
    categories: ['News'],
    commentsEnabled: true,
  },
  {
    urlId: 'supplier-notes',
    title: 'Supplier notes (private)',
    excerpt: 'Internal only.',
    paragraphs: ['Prices and contacts of our suppliers.'],
    status: 'private',
    daysAgo: 3,
    author: 'Sam Reyes',
    tags: ['care'],
    categories: ['Guides'],
    commentsEnabled: false,
  },
];

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

const HUDSON = { addressLine2: 'Hudson, NY 12534', addressCountry: 'United States' };

const EVENTS: SeedEvent[] = [
  {
    urlId: 'winter-market',
    title: 'Winter Market at the Armory',
    excerpt: 'Forty makers under one roof: find our stall by the north door.',
    day: 9,
    start: [10, 0],
    end: [16, 0],
    location: { name: 'Hudson Armory', addressLine1: '51 N 5th St', ...HUDSON },
  },
  {
    urlId: 'indigo-dyeing-workshop',
    title: 'Indigo dyeing workshop',
    excerpt: 'Dye a linen napkin set in natural indigo. All materials included.',
    day: 20,
    start: [18, 30],
    end: [21, 0],
    location: { name: 'Juniper & Oak', addressLine1: '214 Warren St', ...HUDSON },
  },
  {
    urlId: 'holiday-open-studio',
    title: 'Holiday open studio weekend',
    excerpt: 'Two days of open doors at Hudson Valley Stoneware, with seconds for sale.',
    day: 38,
    start: [11, 0],
    end: [17, 0],
    spanDays: 1,
    location: { name: 'Hudson Valley Stoneware', addressLine1: '9 Mill Rd', ...HUDSON },
  },
  {
    urlId: 'autumn-makers-fair',
    title: 'Autumn Makers Fair',
    excerpt: 'Our first market of the autumn, on the riverfront.',
    day: -21,
    start: [9, 0],
    end: [15, 0],
    location: { name: 'Henry Hudson Riverfront Park', addressLine1: '1 Water St', ...HUDSON },
  },
  {
    urlId: 'candle-making-evening',
    title: 'Candle-making evening',
    excerpt: 'Pour two soy candles in stoneware cups.',
    day: -47,
    start: [19, 0],
    end: [21, 0],
    location: { name: 'Juniper & Oak', addressLine1: '214 Warren St', ...HUDSON },
  },
];

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

function paragraphsHtml(paragraphs: string[]): string {
  return paragraphs.map((text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('\n');
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

  await withLikes(db)
    .transaction()
    .execute(async (trx) => {
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
        const body = paragraphsHtml(post.paragraphs);
        await trx
          .insertInto('items')
          .values({
            id,
            site_id: siteId,
            collection_id: blogId,
            record_type: RecordType.TEXT,
            url_id: post.urlId,
            title: post.title,
            excerpt: post.excerpt,
            body,
            structured_content: '{}',
            images: '[]',
            position,
            published_at: published,
            created_at: published,
            updated_at: published,
            status: post.status,
            sections: JSON.stringify([{ blocks: [{ type: 2, settings: {}, content: { html: body } }] }]),
            author: JSON.stringify({ displayName: post.author }),
            comments_enabled: post.commentsEnabled ? 1 : 0,
            like_count: post.likes ?? 0,
          })
          .execute();
        for (const [kind, values] of [
          ['tag', post.tags],
          ['category', post.categories],
        ] as const) {
          for (const value of values) await trx.insertInto('item_terms').values({ item_id: id, kind, value }).execute();
        }
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
          await trx
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
        const body = paragraphsHtml([event.excerpt]);
        await trx
          .insertInto('items')
          .values({
            id,
            site_id: siteId,
            collection_id: eventsId,
            record_type: RecordType.EVENT,
            url_id: event.urlId,
            title: event.title,
            excerpt: event.excerpt,
            body,
            structured_content: '{}',
            images: '[]',
            position,
            published_at: published,
            created_at: published,
            updated_at: published,
            status: 'published',
            sections: JSON.stringify([{ blocks: [{ type: 2, settings: {}, content: { html: body } }] }]),
            start_date: new Date(start).toISOString(),
            end_date: new Date(end).toISOString(),
            location: JSON.stringify(event.location),
          })
          .execute();
      }
    });
}
