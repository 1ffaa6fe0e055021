import { type Kysely, sql } from 'kysely';
import { pgPoolOf } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { FALLBACK_CACHE_MS, type InvalidationBus } from '../../platform/cluster/invalidation-bus.js';
import { estimateBytes } from '../../platform/estimate-bytes.js';
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
  // A product page's installment line follows the site's Stripe connection (issue 17).
  'payment_connections',
]);

/**
 * What a lookup reads, for those that say (`ContentCache.get`): a write to other tables leaves them.
 * Host names (`host`) read `sites` alone.
 */
export const READS = {
  sites: new Set(['sites']),
  collections: new Set(['collections']),
  itemsAndCollections: new Set(['items', 'collections']),
} as const satisfies Record<string, ReadonlySet<string>>;

/**
 * Tables whose writes never change a page as an anonymous visitor gets it (issue 20): visits and
 * events, carts (only their owner's pages show them, and those are never shared), sessions, one-time
 * keys and tokens, queues and outboxes, visitors' submissions. A write to any other table (a new table
 * too) makes every node forget its whole-page answers (`generation`, `domains/web/page-answers.ts`).
 */
export const QUIET_TABLES: ReadonlySet<string> = new Set([
  'tracking_hits',
  'tracking_events',
  'tracking_metrics',
  'tracking_js_errors',
  'carts',
  'cart_entries',
  'site_user_carts',
  'owner_sessions',
  'site_user_sessions',
  'captcha_spent',
  'idempotency_keys',
  'job_runs',
  'mail_outbox',
  'webhook_deliveries',
  'mailing_deliveries',
  'email_verifications',
  'password_resets',
  'owner_password_resets',
  'hosted_sessions',
  'payment_events',
  'review_drafts',
  'review_requests',
  'form_submission_keys',
  'form_submissions',
  'restock_keys',
  'restock_signups',
  'mailing_list_subscribers',
]);

/**
 * How long an entry lives at most when nothing tells this process about writes made outside it
 * (no write watch, or PostgreSQL without a connected bus): the bound for such writes.
 */
export const CONTENT_CACHE_MS = 2000;

/**
 * How long an entry lives when this process hears of every write that can change it (issue 20: a
 * thousand sites' pages come back minutes apart, so a 2 s lifetime made half the lookups reload):
 * - SQLite: this process's writes are watched, and `pragma data_version` (which changes when another
 *   connection, the CLI's or any other process's, commits to the file) is read at most every
 *   `OUTSIDE_WRITE_PROBE_MS` on lookups; a change forgets every entry.
 * - PostgreSQL with the cluster bus connected: other nodes and the CLI announce their writes on it;
 *   only a write made beside every Tessera process (psql) waits for this lifetime.
 * Entries are still bounded in number (least recently used go first).
 */
export const WATCHED_CONTENT_CACHE_MS = 10 * 60_000;

/** How often, at most, SQLite is asked whether another connection committed (`pragma data_version`). */
export const OUTSIDE_WRITE_PROBE_MS = 250;

/** Entries kept at most: a thousand small sites' lookups (about 25 each) fit (issue 20). */
export const CONTENT_CACHE_ENTRIES = 40_000;

/**
 * The loaded values' size kept at most, as `estimateBytes` counts it (issue 20): a few sites with
 * catalogues of thousands of products push out the least recently used lookups instead of growing
 * the heap; a value bigger than this is answered but not kept.
 */
export const CONTENT_CACHE_BYTES = 64 * 1024 * 1024;

export interface ContentCacheStats {
  hits: number;
  misses: number;
  /** The estimated size of the values held (`estimateBytes`), and how many entries. */
  bytes: number;
  entries: number;
}

/**
 * Site content every page repeats (site, navigation, pages, collections, products, posts),
 * cached per process:
 * - a write to one of `CONTENT_TABLES` through this process's database (platform/db/connect.ts watches
 *   the driver, `write-watch.ts`) forgets every entry but those whose lookups read none of the tables
 *   written (`READS`: the site, navigation, page and collection lookups stay through a stock write),
 *   when it runs and again when it commits; another node's write (below) forgets the same;
 * - what is public depends on the time (scheduled posts and pages, upcoming and past events),
 *   so time-dependent keys carry the site's next such dates (the earliest publish, start or end
 *   date still to come) and change the moment the queries would answer differently;
 * - another node's write arrives on the cluster bus (`platform/cluster/`, when one is given) with
 *   its tables; on SQLite a write by another connection (the CLI, another process) is seen
 *   by `pragma data_version` within `OUTSIDE_WRITE_PROBE_MS` of a lookup and forgets every entry;
 * - every entry also expires: after `WATCHED_CONTENT_CACHE_MS` when writes are watched and the bus is
 *   connected (or on SQLite, which the probe covers), else after `CONTENT_CACHE_MS`
 *   (`FALLBACK_CACHE_MS` while the bus is down), which bounds what a writer outside any server
 *   (psql) leaves here.
 * Values are frozen: they are shared by every request.
 * Without a watch (a Kysely not opened by `openDatabase`) only the site lookups are cached, as before.
 */
export class ContentCache {
  /** Are writes watched, so row caches are exact within this process? */
  readonly exact: boolean;
  private readonly cache: TtlCache<unknown>;

  /**
   * Moves on whenever anything a page shows may have changed (issue 20): a write through this process
   * to a table not in `QUIET_TABLES` (when it runs and when it commits), any message of the cluster bus,
   * an outside write seen by the SQLite probe, `invalidate`. Whole-page answers are kept under it.
   */
  generation = 0;

  /** SQLite's `data_version` when last read, and when (the outside-write probe); undefined on PostgreSQL. */
  private probe: { version: number | undefined; at: number; running: Promise<void> | undefined } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    options: { ttlMs?: number; now?: () => number; maxEntries?: number; maxBytes?: number; bus?: InvalidationBus } = {},
  ) {
    this.now = options.now ?? Date.now;
    const bus = options.bus;
    const watch = writeWatchOf(db);
    this.exact = watch !== undefined;
    const sqlite = pgPoolOf(db) === undefined;
    // SQLite: another connection's commits are seen through `pragma data_version` (see `probeOutsideWrites`).
    if (this.exact && sqlite) this.probe = { version: undefined, at: Number.NEGATIVE_INFINITY, running: undefined };
    const heard = this.exact && (sqlite || (bus !== undefined && bus.kind !== 'local'));
    const ttlMs = options.ttlMs ?? (heard ? WATCHED_CONTENT_CACHE_MS : CONTENT_CACHE_MS);
    // Other nodes' writes arrive on the cluster bus (platform/cluster/); while it is down, keep
    // entries only briefly, and forget everything when it is back (messages may have been lost).
    this.cache = new TtlCache(
      bus ? () => (bus.connected ? ttlMs : Math.min(ttlMs, FALLBACK_CACHE_MS)) : ttlMs,
      this.now,
      options.maxEntries ?? CONTENT_CACHE_ENTRIES,
      { maxBytes: options.maxBytes ?? CONTENT_CACHE_BYTES, weigh: estimateBytes },
    );
    this.bus = bus;
    watch?.subscribe((tables, visible) => {
      if (!touchesPages(tables)) return;
      this.generation++;
      if (touchesContent(tables)) this.forget(tables);
      if (visible) bus?.publish(tables === 'unknown' ? 'unknown' : [...tables].filter((t) => !QUIET_TABLES.has(t)));
    });
    bus?.subscribe((event) => {
      this.generation++;
      if (event.type === 'invalidate') {
        if (touchesContent(event.tables === 'unknown' ? 'unknown' : new Set(event.tables))) this.forget(event.tables);
      } else if (event.type !== 'disconnected') this.cache.clear();
    });
  }

  /**
   * Forgets what a write to `tables` may have changed: every lookup but those said to read none of
   * the tables written (`READS`), so a sale or a stock change (`product_variants`) does not cost the
   * next page the site, navigation, page and collection lookups again (issue 20).
   */
  private forget(tables: WrittenTables | readonly string[]): void {
    if (tables === 'unknown') this.cache.clear();
    else this.cache.forgetWritten(new Set(tables));
  }

  /** Lookups answered from the cache and loads so far, and what it holds now (for `/metrics`). */
  get stats(): ContentCacheStats {
    return {
      hits: this.cache.hits,
      misses: this.cache.misses,
      bytes: this.cache.bytes,
      entries: this.cache.entryCount,
    };
  }

  private readonly now: () => number;
  private readonly bus: InvalidationBus | undefined;

  /**
   * How long a whole-page answer kept under `generation` may be trusted when nothing moved it: the
   * bound for writes this process cannot hear of (`FALLBACK_CACHE_MS` while the bus is down, the 2 s
   * of `CONTENT_CACHE_MS` without a write watch), else `upTo`. Also starts the SQLite probe when due,
   * as a lookup would.
   */
  answerLifetime(upTo: number): number {
    void this.probeOutsideWrites();
    const heard = this.exact && (this.probe !== undefined || (this.bus !== undefined && this.bus.kind !== 'local'));
    const lifetime = heard ? upTo : Math.min(upTo, CONTENT_CACHE_MS);
    return this.bus && !this.bus.connected ? Math.min(lifetime, FALLBACK_CACHE_MS) : lifetime;
  }

  /**
   * When the site's public content next changes by the clock alone (a scheduled publish date, an
   * event starting or ending), in ms since the epoch; Infinity when nothing is scheduled.
   */
  async nextChange(siteId: string): Promise<number> {
    const [published, dated] = (await this.nextInstant(siteId)).split('|');
    const at = (text: string | undefined, after: number) => {
      if (!text) return Number.POSITIVE_INFINITY;
      const ms = Date.parse(text);
      return Number.isNaN(ms) ? 0 : ms + after;
    };
    return Math.min(at(published, 0), at(dated, 1));
  }

  /**
   * SQLite: at most every `OUTSIDE_WRITE_PROBE_MS`, reads `pragma data_version` (the same
   * connection's own commits do not change it; any other connection's do) and forgets every entry
   * when it changed. Started by lookups, not awaited by them: the lookup that finds the probe due is
   * answered from what is cached, the next ones from what the probe left.
   */
  private probeOutsideWrites(): Promise<void> | undefined {
    const probe = this.probe;
    if (probe === undefined) return undefined;
    if (probe.running !== undefined) return probe.running;
    const now = this.now();
    if (now - probe.at < OUTSIDE_WRITE_PROBE_MS) return undefined;
    probe.at = now;
    probe.running = sql<{ data_version: number }>`pragma data_version`
      .execute(this.db)
      .then(
        ({ rows }) => {
          const version = rows[0]?.data_version;
          if (probe.version !== undefined && version !== probe.version) this.forgetEverything();
          probe.version = version;
        },
        () => {
          // Not known: forget everything rather than risk a stale answer.
          this.forgetEverything();
        },
      )
      .finally(() => {
        probe.running = undefined;
      });
    return probe.running;
  }

  private forgetEverything(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Reads the outside-write probe now (tests: a write by another connection is seen). */
  async checkOutsideWrites(): Promise<void> {
    if (this.probe === undefined) return;
    await this.probe.running;
    this.probe.at = Number.NEGATIVE_INFINITY;
    await this.probeOutsideWrites();
  }

  /**
   * A lookup that does not depend on the time. `reads`: every table `load` reads (one of `READS`),
   * when the caller knows them all; a write to any other table then leaves it. Without: any write to
   * a content table forgets it.
   */
  get<T>(siteId: string, name: string, load: () => Promise<T>, reads?: ReadonlySet<string>): Promise<T> {
    void this.probeOutsideWrites();
    return this.cache.get(`${siteId}:${name}`, () => load().then(deepFreeze), reads) as Promise<T>;
  }

  /** A lookup whose answer may change when one of the site's publish, start or end dates passes. */
  async timed<T>(siteId: string, name: string, load: () => Promise<T>, reads?: ReadonlySet<string>): Promise<T> {
    const until = await this.nextInstant(siteId);
    return this.get(siteId, `@${until}:${name}`, load, reads);
  }

  /** Forgets cached lookups: of one site (and the host names), or all. */
  invalidate(siteId?: string): void {
    this.generation++;
    if (siteId === undefined) {
      this.cache.clear();
      return;
    }
    this.cache.clear(`${siteId}:`);
    this.cache.clear('host:');
  }

  /** Host names are looked up before the site is known. */
  host<T>(name: string, load: () => Promise<T>): Promise<T> {
    void this.probeOutsideWrites();
    return this.cache.get(`host:${name}`, () => load().then(deepFreeze), READS.sites) as Promise<T>;
  }

  /**
   * The site's next dates to come, as stored text compared the way the queries compare them:
   * `published` is the earliest publish date after now (public once now ≥ it), `dated` the
   * earliest event start or end at or after now (upcoming until now > it).
   */
  private async nextInstant(siteId: string): Promise<string> {
    const key = 'next-instant';
    const load = () => this.loadNextInstant(siteId);
    let next = await this.get(siteId, key, load, READS.itemsAndCollections);
    const now = new Date(this.now()).toISOString();
    if ((next.published !== null && now >= next.published) || (next.dated !== null && now > next.dated)) {
      this.cache.clear(`${siteId}:${key}`);
      next = await this.get(siteId, key, load, READS.itemsAndCollections);
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

function touchesPages(tables: WrittenTables): boolean {
  if (tables === 'unknown') return true;
  for (const table of tables) if (!QUIET_TABLES.has(table)) return true;
  return false;
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
