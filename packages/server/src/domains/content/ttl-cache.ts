/**
 * A small per-process cache whose entries expire after `ttlMs`; concurrent misses for one key
 * share a single load. Used for the site-wide lookups every page repeats (site, navigation,
 * collections, products). At most `maxEntries` are kept; past that the least recently used goes
 * first, so keys a visitor chooses (a tag in the query string) or a thousand sites on one install
 * cannot grow it without bound, and the sites being visited keep their entries (issue 20).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; at: number }>();
  /** Lookups answered from the cache, and loads (for `/metrics`). */
  hits = 0;
  misses = 0;

  constructor(
    /** A fixed lifetime, or one asked at each lookup (the content cache shortens it while the cluster bus is down). */
    private readonly ttlMs: number | (() => number),
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
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
    if (hit !== undefined) this.entries.delete(key);
    else if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, at: this.now() });
    // A failed load is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every key but those starting with `prefix`. */
  clearAllBut(prefix: string): void {
    for (const key of this.entries.keys()) if (!key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Forgets every key, or those starting with `prefix`. */
  clear(prefix?: string): void {
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
