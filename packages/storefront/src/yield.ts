/**
 * Task boundaries for the visitor runtime. A phone's main thread counts every task over 50 ms as
 * blocking (Lighthouse's total blocking time), so work that can wait is cut into tasks of its own.
 */

type YieldingWindow = Window & { scheduler?: { yield?: () => Promise<void> } };

/**
 * Resolves in a new task. `scheduler.yield()` where the browser has it (the rest of the work then
 * runs before tasks queued later, so yielding costs it nothing), else a zero-delay timer.
 */
export function yieldToMain(win: Window): Promise<void> {
  const scheduler = (win as YieldingWindow).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    win.setTimeout(resolve, 0);
  });
}

/**
 * Runs `run` once, in a task of its own after the next frame: then the page's first style and
 * layout are done and reading a size (`innerWidth`) forces none. A hidden tab paints no frame,
 * so `fallbackMs` later it runs anyway.
 */
export function afterNextFrame(win: Window, run: () => void, fallbackMs = 500): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const raf = (win as Partial<Pick<Window, 'requestAnimationFrame'>>).requestAnimationFrame;
  if (typeof raf === 'function') raf.call(win, () => win.setTimeout(once, 0));
  win.setTimeout(once, fallbackMs);
}
