import { describe, expect, it } from 'vitest';
import { createSubmissionLimiter } from './submission-limiter.js';

describe('in-memory submission limiter', () => {
  it('limits per address and form, and per form, with a fresh window after the old one ends', async () => {
    let now = 0;
    const limiter = createSubmissionLimiter({ perIp: 2, perForm: 3, timeWindowMs: 10_000 }, () => now);
    expect(await limiter.take('a', 'f')).toEqual({ ok: true });
    expect(await limiter.take('a', 'f')).toEqual({ ok: true });
    expect(await limiter.take('a', 'f')).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(await limiter.take('a', 'other')).toEqual({ ok: true });
    expect(await limiter.take('b', 'f')).toEqual({ ok: true });
    now = 4_000;
    expect(await limiter.take('c', 'f')).toEqual({ ok: false, retryAfterSeconds: 6 });
    now = 10_000;
    expect(await limiter.take('a', 'f')).toEqual({ ok: true });
  });

  it('counts an IPv6 client by its /64: a new address per post does not start afresh', async () => {
    const limiter = createSubmissionLimiter({ perIp: 2, perForm: 100, timeWindowMs: 10_000 }, () => 0);
    expect(await limiter.take('2001:db8:1:2::1', 'f')).toEqual({ ok: true });
    expect(await limiter.take('2001:db8:1:2::2', 'f')).toEqual({ ok: true });
    expect(await limiter.take('2001:db8:1:2:ffff::9', 'f')).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(await limiter.take('2001:db8:1:3::1', 'f')).toEqual({ ok: true });
  });
});
