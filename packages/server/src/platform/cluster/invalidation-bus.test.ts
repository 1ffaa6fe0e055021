import { describe, expect, it } from 'vitest';
import { type BusEvent, NetworkBus, RECONNECT_MAX_MS, reconnectDelay } from './invalidation-bus.js';

/** Two buses on one in-memory channel. */
class MemoryBus extends NetworkBus {
  readonly kind = 'redis' as const;
  sent: string[] = [];
  peers: MemoryBus[] = [];
  constructor() {
    super({ warn: () => {} });
  }
  protected async send(payload: string): Promise<void> {
    this.sent.push(payload);
    for (const peer of [this, ...this.peers]) peer.receive(payload);
  }
  up(connected: boolean): void {
    this.setConnected(connected);
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('invalidation bus', () => {
  it('coalesces a burst of writes into one message and ignores its own messages', async () => {
    const a = new MemoryBus();
    const b = new MemoryBus();
    a.peers.push(b);
    const heardByA: BusEvent[] = [];
    const heardByB: BusEvent[] = [];
    a.subscribe((event) => heardByA.push(event));
    b.subscribe((event) => heardByB.push(event));
    a.publish(['items']);
    a.publish(['product_variants', 'items']);
    await turn();
    expect(a.sent).toHaveLength(1);
    expect(heardByA).toEqual([]);
    expect(heardByB).toEqual([{ type: 'invalidate', tables: ['items', 'product_variants'] }]);
    a.publish(['items']);
    a.publish('unknown');
    await turn();
    expect(heardByB.at(-1)).toEqual({ type: 'invalidate', tables: 'unknown' });
    expect(b.stats.received).toBe(2);
  });

  it('says when it is connected and disconnected, and counts reconnections (not the first connection)', () => {
    const bus = new MemoryBus();
    const events: string[] = [];
    bus.subscribe((event) => events.push(event.type));
    bus.up(true);
    bus.up(false);
    bus.up(true);
    expect(events).toEqual(['reconnected', 'disconnected', 'reconnected']);
    expect(bus.stats.reconnects).toBe(1);
  });

  it('backs off from 50 ms doubling to at most 5 s (plus up to 20 % jitter)', () => {
    expect(reconnectDelay(0)).toBeGreaterThanOrEqual(50);
    expect(reconnectDelay(0)).toBeLessThanOrEqual(60);
    expect(reconnectDelay(3)).toBeGreaterThanOrEqual(400);
    expect(reconnectDelay(50)).toBeLessThanOrEqual(RECONNECT_MAX_MS * 1.2);
    expect(reconnectDelay(50)).toBeGreaterThanOrEqual(RECONNECT_MAX_MS);
  });
});
