import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type JavascriptErrorEvent, truncateStack } from './error-reporter.js';

describe('error reporter', () => {
  let sent: JavascriptErrorEvent[][];
  const reporter = () => createErrorReporter({ path: '/shop', send: (events) => sent.push(events), now: () => 42 });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends once no new error came for one second', () => {
    const r = reporter();
    r.report(new Error('first'));
    vi.advanceTimersByTime(900);
    r.report(new Error('second'));
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].map((e) => e.data.message)).toEqual(['first', 'second']);
    expect(sent[0][0]).toMatchObject({
      event: 'JavascriptError',
      timestamp: 42,
      data: { name: 'Error', path: '/shop' },
    });
  });

  it('keeps at most 10 events waiting and drops the rest', () => {
    const r = reporter();
    for (let i = 0; i < 15; i++) r.report(new Error(`e${i}`));
    expect(r.queued).toBe(10);
    vi.advanceTimersByTime(1000);
    expect(sent[0]).toHaveLength(10);
    expect(sent[0].at(-1)?.data.message).toBe('e9');
  });

  it('sends at most 20 times per page', () => {
    const r = reporter();
    for (let i = 0; i < 30; i++) {
      r.report(new Error(`e${i}`));
      vi.advanceTimersByTime(1000);
    }
    expect(sent).toHaveLength(20);
    expect(r.sends).toBe(20);
    r.report(new Error('late'));
    r.flush();
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(20);
  });

  it('cuts stack traces at 5,000 characters', () => {
    const r = reporter();
    const error = new Error('deep');
    error.stack = 'x'.repeat(7000);
    r.report(error);
    r.flush();
    expect(sent[0][0].data.stack).toHaveLength(5000);
    expect(truncateStack('short')).toBe('short');
    expect(truncateStack(undefined)).toBeUndefined();
  });

  it('describes error events and rejections', () => {
    const r = reporter();
    r.report({ message: 'boom', filename: '/assets/a.js', lineno: 3, colno: 7, error: new TypeError('boom') });
    r.report({ reason: new RangeError('no') });
    r.report('plain text');
    r.flush();
    expect(sent[0].map((e) => e.data)).toMatchObject([
      { message: 'boom', name: 'TypeError', source: '/assets/a.js', line: 3, column: 7 },
      { message: 'no', name: 'RangeError' },
      { message: 'plain text' },
    ]);
  });

  it('flush sends at once and cancels the pending timer', () => {
    const r = reporter();
    r.report(new Error('now'));
    r.flush();
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
  });
});
