import pg from 'pg';
import { type BusLogger, NetworkBus, reconnectDelay } from './invalidation-bus.js';

/**
 * Invalidation over PostgreSQL `LISTEN/NOTIFY`: one dedicated connection per process listens on
 * the channel (opened with the pool's settings, outside the pool, named `<app name>:listen:<origin>`
 * in `pg_stat_activity`); messages are sent with `pg_notify` on it too (through the pool while it
 * is down). When the listening connection ends (a restart, `pg_terminate_backend`, a network cut),
 * the bus says it is disconnected and opens a new one with backoff until it succeeds.
 */
export class PgInvalidationBus extends NetworkBus {
  readonly kind = 'postgres' as const;
  private client: pg.Client | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    /** A PostgreSQL identifier (lower case letters, digits, `_`): the same for every node of one database. */
    readonly channel: string,
    log: BusLogger,
  ) {
    super(log);
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
  }

  /** The application_name of the listening connection (unique per process: `pg_stat_activity` tells nodes apart). */
  get listenerName(): string {
    return `${String(this.pool.options.application_name ?? 'tessera').slice(0, 40)}:listen:${this.origin}`;
  }

  /** Opens the listening connection; a failure is retried in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.pool.options, application_name: this.listenerName });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (this.closed) return;
      if (error) this.log.warn({ err: error }, 'cache invalidation channel (PostgreSQL) lost');
      this.setConnected(false);
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.setConnected(true);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    const delay = reconnectDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  /** Through the listening connection while it is up (no wait for a busy pool), else through the pool. */
  protected async send(payload: string): Promise<void> {
    const client = this.client;
    if (client) {
      try {
        await client.query('select pg_notify($1, $2)', [this.channel, payload]);
        return;
      } catch {
        // The connection just dropped: the pool's connections may still work.
      }
    }
    await this.pool.query('select pg_notify($1, $2)', [this.channel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
