// Keystroke → next paint, with real key events (issue 21): Playwright types through Chromium's
// input pipeline (CDP Input.dispatchKeyEvent: keydown, keypress, beforeinput, input, keyup), one key
// at a time. In the document that has the focus, a capturing keydown listener takes the event's
// timeStamp and queues a task from the next animation frame; that task runs once the frame has been
// painted, so "after paint − key event" is the keystroke's latency as the owner sees it. The Event
// Timing API (PerformanceObserver type 'event', durationThreshold 16) reports the keydowns whose
// processing and paint took 16 ms or more, as a cross-check. The baseline is a bare <textarea> on a
// blank page in the same browser, typed into the same way in the same run.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** `count` lower-case letters (no spaces: nothing that starts a shortcut or a list). */
export const typedText = (count, offset = 0) =>
  Array.from({ length: count }, (_, i) => LETTERS[(i * 7 + offset) % 26]).join('');

/** Adds the listener and the observer to the document of `target` (a Page or a Frame), once. */
export async function instrument(target) {
  await target.evaluate(() => {
    if (window.__tesseraKeys) return;
    const state = { frames: [], slow: [], slowest: 0 };
    window.__tesseraKeys = state;
    document.addEventListener(
      'keydown',
      (event) => {
        const at = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => state.frames.push(performance.now() - at), 0));
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'keydown') state.slow.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16 });
  });
}

/**
 * Types `text` with the keyboard of `page` into whatever has the focus (in `target`'s document) and
 * answers the per-keystroke latencies and the Event Timing durations of the slow keydowns.
 */
export async function typeAndMeasure(page, target, text, delayMs = 30) {
  await target.evaluate(() => {
    window.__tesseraKeys.frames = [];
    window.__tesseraKeys.slow = [];
  });
  await page.keyboard.type(text, { delay: delayMs });
  await target.waitForFunction((n) => window.__tesseraKeys.frames.length >= n, text.length);
  // Event Timing entries are handed to observers after the paint they waited for; give them time.
  await target.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  return target.evaluate(() => ({ frames: [...window.__tesseraKeys.frames], slow: [...window.__tesseraKeys.slow] }));
}

/** The baseline: a bare <textarea> on a blank page of the same browser context. */
export async function textareaBaseline(context, text) {
  const blank = await context.newPage();
  try {
    await blank.setContent('<!doctype html><title>baseline</title><textarea id="t" rows="8" cols="80"></textarea>');
    await blank.focus('#t');
    await instrument(blank);
    const result = await typeAndMeasure(blank, blank, text);
    const value = await blank.inputValue('#t');
    if (value !== text) throw new Error(`the baseline textarea holds ${value.length} of ${text.length} characters`);
    return result;
  } finally {
    await blank.close();
  }
}
