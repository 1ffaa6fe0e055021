import { randomBytes } from 'node:crypto';

/**
 * Cross-node cache invalidation (issue 18). Each server process keeps content lookups in memory
 * (`domains/content/content-cache.ts`); a write through one process must make every other process forget
 * them. A bus carries "these tables changed" from the node that committed the write to all the
 * others: PostgreSQL `LISTEN/NOTIFY` (`pg-bus.ts`), Redis pub/sub (`redis-bus.ts`), or nothing at
 * all for a single process (`LocalInvalidationBus`).
 *
 * While a bus is not `connected` (the listening connection dropped and is being re-opened with
 * backoff), messages from other nodes may be lost: the cache then keeps entries only
 * `FALLBACK_CACHE_MS`, and empties itself when the bus is back (`reconnected`).
 */

/** Tables a write changed, or 'unknown' (raw SQL). */
export type InvalidatedTables = readonly string[] | 'unknown';

export type BusEvent =
  /** Another node committed a write to these tables. */
  | { type: 'invalidate'; tables: InvalidatedTables }
  /** The channel is listening again after a drop: anything may have changed meanwhile. */
  | { type: 'reconnected' }
  | { type: 'disconnected' };

export type BusListener = (event: BusEvent) => void;

export interface BusStats {
  published: number;
  received: number;
  reconnects: number;
}

export interface InvalidationBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  /** True while messages from other nodes are heard (always for the local bus). */
  readonly connected: boolean;
  readonly stats: Readonly<BusStats>;
  /** Tells the other nodes about a committed write; never throws (a failure is logged). */
  publish(tables: InvalidatedTables): void;
  /** Resolves once everything published so far has been sent (a short-lived process, such as the CLI, waits before it exits). */
  drain(): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** Entry lifetime while the bus is down: close to the 100 ms a connected bus gives. */
export const FALLBACK_CACHE_MS = 100;

/** Reconnect delays: doubling from `RECONNECT_MIN_MS` up to `RECONNECT_MAX_MS`, plus up to 20 % jitter. */
export const RECONNECT_MIN_MS = 50;
export const RECONNECT_MAX_MS = 5_000;

export function reconnectDelay(attempt: number, min = RECONNECT_MIN_MS, max = RECONNECT_MAX_MS): number {
  const base = Math.min(max, min * 2 ** Math.min(attempt, 20));
  return Math.round(base * (1 + Math.random() * 0.2));
}

export interface BusLogger {
  warn(object: unknown, message: string): void;
  info?(object: unknown, message: string): void;
}

/** The one process there is: nothing to tell anyone, always connected. */
export class LocalInvalidationBus implements InvalidationBus {
  readonly kind = 'local' as const;
  readonly connected = true;
  readonly stats: BusStats = { published: 0, received: 0, reconnects: 0 };
  publish(): void {}
  async drain(): Promise<void> {}
  subscribe(): () => void {
    return () => {};
  }
  async close(): Promise<void> {}
}

interface Payload {
  /** The sending process (its own messages are ignored). */
  o: string;
  t: InvalidatedTables;
}

/**
 * What the networked buses share: listeners, the connected state, and publishing coalesced per
 * event-loop turn (a burst of writes, such as an import, sends one message naming every table) and
 * while a message is on its way (issue 20: ten checkouts at once sent one `pg_notify` each; now the
 * writes made during one send go in the next, which leaves as soon as that one is done).
 */
export abstract class NetworkBus implements InvalidationBus {
  abstract readonly kind: 'postgres' | 'redis';
  readonly stats: BusStats = { published: 0, received: 0, reconnects: 0 };
  /** This process's id in messages. */
  readonly origin = randomBytes(9).toString('base64url');
  protected closed = false;
  private readonly listeners = new Set<BusListener>();
  private isConnected = false;
  private everConnected = false;
  private pending: Set<string> | 'unknown' | undefined;
  private readonly sending = new Set<Promise<void>>();

  constructor(protected readonly log: BusLogger) {}

  get connected(): boolean {
    return this.isConnected;
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(tables: InvalidatedTables): void {
    if (this.closed) return;
    const first = this.pending === undefined;
    if (tables === 'unknown' || this.pending === 'unknown') this.pending = 'unknown';
    else {
      this.pending ??= new Set();
      for (const table of tables) this.pending.add(table);
    }
    if (first) setImmediate(() => this.flush());
  }

  private flush(): void {
    // One message at a time: what is published meanwhile waits for the one on its way to finish.
    if (this.sending.size > 0 && !this.closed) return;
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined || this.closed) return;
    const payload: Payload = { o: this.origin, t: pending === 'unknown' ? 'unknown' : [...pending] };
    this.stats.published++;
    const sent = this.send(JSON.stringify(payload))
      .catch((error: unknown) => this.log.warn({ err: error }, 'cache invalidation could not be published'))
      .finally(() => {
        this.sending.delete(sent);
        this.flush();
      });
    this.sending.add(sent);
  }

  async drain(): Promise<void> {
    this.flush();
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  /** Sends one message to every node (this one included; it is ignored on arrival). */
  protected abstract send(payload: string): Promise<void>;

  /** A message arrived on the channel. */
  protected receive(raw: string): void {
    let payload: Payload;
    try {
      payload = JSON.parse(raw) as Payload;
    } catch {
      return;
    }
    if (payload.o === this.origin) return;
    this.stats.received++;
    const tables = payload.t === 'unknown' || !Array.isArray(payload.t) ? 'unknown' : payload.t.map(String);
    this.emit({ type: 'invalidate', tables });
  }

  protected setConnected(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    if (connected) {
      if (this.everConnected) this.stats.reconnects++;
      this.everConnected = true;
      this.emit({ type: 'reconnected' });
    } else {
      this.emit({ type: 'disconnected' });
    }
  }

  private emit(event: BusEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  abstract close(): Promise<void>;
}
