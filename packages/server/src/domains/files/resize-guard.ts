// What keeps image resizing (`/files/*?format=<width>w`, open to every visitor) from starving the
// server: at most `concurrency` resizes run at once and at most `maxQueued` wait for a turn (more
// are answered 503 with Retry-After), and a resize that failed is remembered for a while, keyed by
// file (with its size and modification time) and width, so a broken or huge image is decoded
// once, not on every request.

export const RESIZE_LIMITS = Object.freeze({
  concurrency: 2,
  maxQueued: 32,
  /** Seconds a client is told to wait when the queue is full. */
  retryAfterSeconds: 5,
  /** How many failed resizes are remembered (the oldest are forgotten first). */
  maxFailures: 1000,
  /** How long a failure is remembered; a file replaced in the meantime has another key anyway. */
  failureMs: 60 * 60 * 1000,
});

/** Thrown by `ResizeQueue.run` when every slot is busy and the waiting line is full. */
export class ResizeQueueFull extends Error {
  constructor() {
    super('Too many images are being resized right now.');
    this.name = 'ResizeQueueFull';
  }
}

/** A counting semaphore with a bounded waiting line. */
export class ResizeQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number = RESIZE_LIMITS.concurrency,
    readonly maxQueued: number = RESIZE_LIMITS.maxQueued,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a slot is free; rejects with `ResizeQueueFull` at once when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new ResizeQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; `active` only drops when nobody waits.
      if (next) next();
      else this.active--;
    }
  }
}

/** Failed resizes by key, bounded in number and age. */
export class FailureCache {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly max: number = RESIZE_LIMITS.maxFailures,
    private readonly ttlMs: number = RESIZE_LIMITS.failureMs,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.failures.size;
  }

  has(key: string): boolean {
    const until = this.failures.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.failures.delete(key);
    return false;
  }

  add(key: string): void {
    this.failures.delete(key);
    this.failures.set(key, this.now() + this.ttlMs);
    while (this.failures.size > this.max) {
      const oldest = this.failures.keys().next().value as string;
      this.failures.delete(oldest);
    }
  }
}

/** Counts of the work sharp did, read by tests and diagnostics (one process-wide set). */
export const resizeStats = { decodes: 0, failures: 0, refusedBusy: 0 };
