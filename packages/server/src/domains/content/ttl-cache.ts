/** A bound on the bytes a cache holds: `weigh` estimates an entry's value once it has loaded. */
export interface SizeBound<V> {
  maxBytes: number;
  weigh: (value: V, limit: number) => number;
}

interface Entry<V> {
  value: Promise<V>;
  at: number;
  /** Its weight once loaded (0 until then). */
  bytes: number;
  /** The tables its value was read from, when the caller said (`forgetWritten`). */
  reads: ReadonlySet<string> | undefined;
}

/**
 * A small per-process cache whose entries expire after `ttlMs`; concurrent misses for one key
 * share a single load. Used for the site-wide lookups every page repeats (site, navigation,
 * collections, products). At most `maxEntries` are kept, and with a `size` bound at most
 * `size.maxBytes` of loaded values; past either the least recently used go first, so keys a visitor
 * chooses (a tag in the query string), a thousand sites on one install or a few huge catalogues
 * cannot grow it without bound, and the sites being visited keep their entries (issue 20). A value
 * bigger than the whole byte budget is answered but not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Lookups answered from the cache, and loads (for `/metrics`). */
  hits = 0;
  misses = 0;
  /** The weight of the loaded values held (0 without a size bound). */
  bytes = 0;

  constructor(
    /** A fixed lifetime, or one asked at each lookup (the content cache shortens it while the cluster bus is down). */
    private readonly ttlMs: number | (() => number),
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
    private readonly size?: SizeBound<V>,
  ) {}

  /** Entries held, loaded or loading. */
  get entryCount(): number {
    return this.entries.size;
  }

  /** `reads`: the tables the value is read from, so a write to others leaves it (`forgetWritten`). */
  get(key: string, load: () => Promise<V>, reads?: ReadonlySet<string>): Promise<V> {
    const hit = this.entries.get(key);
    const ttl = typeof this.ttlMs === 'number' ? this.ttlMs : this.ttlMs();
    if (hit && this.now() - hit.at < ttl) {
      this.hits++;
      // Most recently used last (a Map iterates in insertion order), so eviction takes the least used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.misses++;
    const value = load();
    if (hit !== undefined) this.drop(key);
    else if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value as string);
    const entry: Entry<V> = { value, at: this.now(), bytes: 0, reads };
    this.entries.set(key, entry);
    if (this.size) this.weighWhenLoaded(key, entry, this.size);
    // A failed load is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.drop(key);
    });
    return value;
  }

  private weighWhenLoaded(key: string, entry: Entry<V>, size: SizeBound<V>): void {
    entry.value.then(
      (loaded) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = size.weigh(loaded, size.maxBytes);
        this.bytes += entry.bytes;
        if (entry.bytes > size.maxBytes) {
          this.drop(key);
          return;
        }
        for (const oldest of this.entries.keys()) {
          if (this.bytes <= size.maxBytes) break;
          if (oldest !== key) this.drop(oldest);
        }
      },
      () => {},
    );
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Forgets what a write to `written` may change: every entry but those said to read none of them. */
  forgetWritten(written: ReadonlySet<string>): void {
    for (const [key, entry] of this.entries) if (!readsNone(entry.reads, written)) this.drop(key);
  }

  /** Forgets every key, or those starting with `prefix`. */
  clear(prefix?: string): void {
    if (prefix === undefined) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.drop(key);
  }
}

/** Did an entry say what it reads, and is none of it in `written`? */
function readsNone(reads: ReadonlySet<string> | undefined, written: ReadonlySet<string>): boolean {
  if (reads === undefined) return false;
  for (const table of written) if (reads.has(table)) return false;
  return true;
}
