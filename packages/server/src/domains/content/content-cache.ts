import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { FALLBACK_CACHE_MS, type InvalidationBus } from '../../platform/cluster/invalidation-bus.js';
import { TtlCache } from './ttl-cache.js';
import { type WrittenTables, writeWatchOf } from '../../platform/db/write-watch.js';

/** Tables the cached lookups read: a write to any of them forgets every cached lookup. */
export const CONTENT_TABLES: ReadonlySet<string> = new Set([
  'sites',
  'collections',
  'items',
  'product_variants',
  'item_terms',
  'comments',
  // Approved reviews and their replies are on the product page and in its JSON-LD (issue 23).
  'product_reviews',
  // Connected font kits: every page links them and its CSP allows their origins (issue 21).
  'site_font_kits',
]);

/** How long an entry lives at most: the bound for writes made by another server process. */
export const CONTENT_CACHE_MS = 2000;

/**
 * Site content every page repeats (site, navigation, pages, collections, products, posts),
 * cached per process:
 * - a write to one of `CONTENT_TABLES` through this process's database (platform/db/connect.ts watches
 *   the driver, `write-watch.ts`) forgets every entry, when it runs and again when it commits;
 * - what is public depends on the time (scheduled posts and pages, upcoming and past events),
 *   so time-dependent keys carry the site's next such dates (the earliest publish, start or end
 *   date still to come) and change the moment the queries would answer differently;
 * - another node's write arrives on the cluster bus (`platform/cluster/`, when one is given) and
 *   forgets every entry; every entry also expires after `CONTENT_CACHE_MS` (`FALLBACK_CACHE_MS`
 *   while the bus is down), which bounds what a writer outside any server (psql, the CLI) leaves here.
 * Values are frozen: they are shared by every request.
 * Without a watch (a Kysely not opened by `openDatabase`) only the site lookups are cached, as before.
 */
export class ContentCache {
  /** Are writes watched, so row caches are exact within this process? */
  readonly exact: boolean;
  private readonly cache: TtlCache<unknown>;

  constructor(
    private readonly db: Kysely<Database>,
    options: { ttlMs?: number; now?: () => number; maxEntries?: number; bus?: InvalidationBus } = {},
  ) {
    this.now = options.now ?? Date.now;
    const ttlMs = options.ttlMs ?? CONTENT_CACHE_MS;
    const bus = options.bus;
    // Other nodes' writes arrive on the cluster bus (platform/cluster/); while it is down, keep
    // entries only briefly, and forget everything when it is back (messages may have been lost).
    this.cache = new TtlCache(
      bus ? () => (bus.connected ? ttlMs : Math.min(ttlMs, FALLBACK_CACHE_MS)) : ttlMs,
      this.now,
      options.maxEntries,
    );
    const watch = writeWatchOf(db);
    this.exact = watch !== undefined;
    watch?.subscribe((tables, visible) => {
      if (!touchesContent(tables)) return;
      this.forget(tables);
      if (visible) bus?.publish(tables === 'unknown' ? 'unknown' : [...tables].filter((t) => CONTENT_TABLES.has(t)));
    });
    bus?.subscribe((event) => {
      if (event.type === 'invalidate') this.forget(event.tables);
      else if (event.type !== 'disconnected') this.cache.clear();
    });
  }

  /**
   * Forgets what a write to `tables` may have changed: everything, but the host lookups (which read
   * only `sites`) when `sites` was not written, so a sale (a stock write) does not cost the next
   * request the host statements again (issue 20).
   */
  private forget(tables: WrittenTables | readonly string[]): void {
    if (tables === 'unknown' || [...tables].includes('sites')) this.cache.clear();
    else this.cache.clearAllBut('host:');
  }

  /** Lookups answered from the cache and loads, so far (for `/metrics`). */
  get stats(): { hits: number; misses: number } {
    return { hits: this.cache.hits, misses: this.cache.misses };
  }

  private readonly now: () => number;

  /** A lookup that does not depend on the time. */
  get<T>(siteId: string, name: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(`${siteId}:${name}`, () => load().then(deepFreeze)) as Promise<T>;
  }

  /** A lookup whose answer may change when one of the site's publish, start or end dates passes. */
  async timed<T>(siteId: string, name: string, load: () => Promise<T>): Promise<T> {
    const until = await this.nextInstant(siteId);
    return this.get(siteId, `@${until}:${name}`, load);
  }

  /** Forgets cached lookups: of one site (and the host names), or all. */
  invalidate(siteId?: string): void {
    if (siteId === undefined) {
      this.cache.clear();
      return;
    }
    this.cache.clear(`${siteId}:`);
    this.cache.clear('host:');
  }

  /** Host names are looked up before the site is known. */
  host<T>(name: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(`host:${name}`, () => load().then(deepFreeze)) as Promise<T>;
  }

  /**
   * The site's next dates to come, as stored text compared the way the queries compare them:
   * `published` is the earliest publish date after now (public once now ≥ it), `dated` the
   * earliest event start or end at or after now (upcoming until now > it).
   */
  private async nextInstant(siteId: string): Promise<string> {
    const key = 'next-instant';
    const load = () => this.loadNextInstant(siteId);
    let next = await this.get(siteId, key, load);
    const now = new Date(this.now()).toISOString();
    if ((next.published !== null && now >= next.published) || (next.dated !== null && now > next.dated)) {
      this.cache.clear(`${siteId}:${key}`);
      next = await this.get(siteId, key, load);
    }
    return `${next.published ?? ''}|${next.dated ?? ''}`;
  }

  private async loadNextInstant(siteId: string): Promise<{ published: string | null; dated: string | null }> {
    const now = new Date(this.now()).toISOString();
    const db = this.db;
    const [published, started, ended, scheduled] = await Promise.all([
      db
        .selectFrom('items')
        .select((eb) => eb.fn.min('published_at').as('at'))
        .where('site_id', '=', siteId)
        .where('published_at', '>', now)
        .executeTakeFirst(),
      db
        .selectFrom('items')
        .select((eb) => eb.fn.min('start_date').as('at'))
        .where('site_id', '=', siteId)
        .where('start_date', '>=', now)
        .executeTakeFirst(),
      db
        .selectFrom('items')
        .select((eb) => eb.fn.min('end_date').as('at'))
        .where('site_id', '=', siteId)
        .where('end_date', '>=', now)
        .executeTakeFirst(),
      db
        .selectFrom('collections')
        .select((eb) => eb.fn.min('publish_at').as('at'))
        .where('site_id', '=', siteId)
        .where('publish_at', '>', now)
        .executeTakeFirst(),
    ]);
    return {
      published: earliest(published?.at, scheduled?.at),
      dated: earliest(started?.at, ended?.at),
    };
  }
}

function earliest(...values: unknown[]): string | null {
  let first: string | null = null;
  for (const value of values) if (typeof value === 'string' && (first === null || value < first)) first = value;
  return first;
}

function touchesContent(tables: WrittenTables): boolean {
  if (tables === 'unknown') return true;
  for (const table of tables) if (CONTENT_TABLES.has(table)) return true;
  return false;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
