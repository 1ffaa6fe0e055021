import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPerfRecorder, type PerformanceRecord } from './perf-recorder.js';

describe('performance recorder', () => {
  let sent: PerformanceRecord[];
  const recorder = (sinceLoadMs = 0) =>
    createPerfRecorder({
      pageLoadId: 'pl1',
      path: '/shop',
      timings: { loadEnd: 120 },
      sinceLoadMs,
      send: (records) => sent.push(...records),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  it('flushes 30 s after load with the timings and the metrics so far', () => {
    const r = recorder();
    r.metric('LCP', 800);
    r.metric('LCP', 900);
    r.metric('FCP', 300);
    vi.advanceTimersByTime(29_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { pageLoadId: 'pl1', path: '/shop', metrics: { LCP: 900, FCP: 300 }, timings: { loadEnd: 120 } },
    ]);
  });

  it('counts the delays from load, not from when it started', () => {
    recorder(25_000);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(1);
  });

  it('accepts late metrics up to 60 s and sends them in a second record', () => {
    const r = recorder();
    r.metric('FCP', 300);
    vi.advanceTimersByTime(30_000);
    r.metric('INP', 64);
    vi.advanceTimersByTime(30_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ pageLoadId: 'pl1', path: '/shop', metrics: { INP: 64 } });
    expect(r.closed).toBe(true);
    r.metric('CLS', 0.1);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(2);
  });

  it('flushes at once when the page hides and stops waiting', () => {
    const r = recorder();
    r.metric('LCP', 700);
    vi.advanceTimersByTime(5_000);
    r.hidden();
    expect(sent).toHaveLength(1);
    expect(sent[0].metrics).toEqual({ LCP: 700 });
    r.metric('CLS', 0.2);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing when there is nothing to send', () => {
    const r = createPerfRecorder({ pageLoadId: 'p', path: '/', send: (records) => sent.push(...records) });
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(0);
    expect(r.closed).toBe(true);
  });

  it('ignores values that are not finite numbers', () => {
    const r = recorder();
    r.metric('LCP', Number.NaN);
    r.hidden();
    expect(sent[0].metrics).toEqual({});
  });
});
