import { Redis } from 'ioredis';
import { type BusLogger, NetworkBus, reconnectDelay } from './invalidation-bus.js';

/**
 * Invalidation over Redis pub/sub: a subscriber connection (named `tessera:invalidate:<origin>`
 * in `CLIENT LIST`) and a publishing one. ioredis reconnects a dropped connection itself, with the
 * backoff below, and subscribes again; the bus is connected while the subscription is live.
 */
export class RedisInvalidationBus extends NetworkBus {
  readonly kind = 'redis' as const;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;

  constructor(
    url: string,
    readonly channel: string,
    log: BusLogger,
  ) {
    super(log);
    const retryStrategy = (times: number) => reconnectDelay(times - 1);
    this.subscriber = new Redis(url, {
      connectionName: this.subscriberName,
      lazyConnect: true,
      connectTimeout: 2000,
      retryStrategy,
      maxRetriesPerRequest: null,
    });
    this.publisher = new Redis(url, {
      connectionName: 'tessera:publish',
      lazyConnect: true,
      connectTimeout: 2000,
      retryStrategy,
      maxRetriesPerRequest: 1,
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    // 'ready' follows every (re)connection, after ioredis subscribed again.
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => this.setConnected(true),
        (error: unknown) => this.log.warn({ err: error }, 'cache invalidation channel (Redis) refused'),
      );
    });
    this.subscriber.on('close', () => {
      if (!this.closed) this.setConnected(false);
    });
    for (const connection of [this.subscriber, this.publisher]) {
      connection.on('error', (error: Error) => this.log.warn({ err: error }, 'cache invalidation channel (Redis)'));
    }
  }

  /** The subscriber's name in Redis's `CLIENT LIST`. */
  get subscriberName(): string {
    return `tessera:invalidate:${this.origin}`;
  }

  /** Connects both connections; resolves once subscribed (or rejects when Redis does not answer). */
  async start(): Promise<void> {
    await Promise.all([this.subscriber.connect(), this.publisher.connect()]);
    await this.subscriber.subscribe(this.channel);
    this.setConnected(true);
  }

  protected async send(payload: string): Promise<void> {
    await this.publisher.publish(this.channel, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [this.subscriber, this.publisher].map((c) =>
        c.quit().then(
          () => {},
          () => c.disconnect(),
        ),
      ),
    );
  }
}
