// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame, yieldToMain } from './yield.js';

afterEach(() => vi.useRealTimers());

/** A window whose timers are the test's fake ones and whose frames the test paints. */
function fakeWindow(extra: Record<string, unknown> = {}) {
  const frames: FrameRequestCallback[] = [];
  const win = Object.assign(Object.create(window), {
    scheduler: undefined,
    setTimeout: (fn: () => void, ms?: number) => setTimeout(fn, ms),
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    ...extra,
  }) as Window;
  const paint = () => {
    for (const callback of frames.splice(0)) callback(0);
  };
  return { win, paint };
}

describe('yieldToMain', () => {
  it("uses the browser's scheduler.yield when it has one", async () => {
    const yielded = vi.fn(async () => undefined);
    const { win } = fakeWindow({ scheduler: { yield: yielded } });
    await yieldToMain(win);
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('else resolves in a later task (a zero-delay timer), not in this one', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    let resumed = false;
    void yieldToMain(win).then(() => {
      resumed = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(resumed).toBe(true);
  });
});

describe('afterNextFrame', () => {
  it('runs once, in a task after the next frame', async () => {
    vi.useFakeTimers();
    const { win, paint } = fakeWindow();
    const run = vi.fn();
    afterNextFrame(win, run, 500);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled(); // no frame yet
    paint();
    expect(run).not.toHaveBeenCalled(); // not inside the frame either
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1); // the fallback does not run it again
  });

  it('runs after the fallback delay when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    const run = vi.fn();
    afterNextFrame(win, run, 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
