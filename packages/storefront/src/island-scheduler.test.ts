// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IslandEnv, IslandsModule } from './island-env.js';
import { startIslandScheduler } from './island-scheduler.js';

/** A chunk whose arrival the test controls; mounting attaches a real click listener. */
function controllableChunk() {
  let arrive!: () => void;
  const clicks: string[] = [];
  const loads = { count: 0 };
  const module: IslandsModule = {
    async mountIsland(root) {
      root.addEventListener('click', (event) => {
        clicks.push((event.target as HTMLElement).className);
      });
      root.dataset.islandState = 'live';
      return true;
    },
  };
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = () => {
    loads.count++;
    return arrived.then(() => module);
  };
  return { load, arrive: () => arrive(), clicks, loads };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let env: IslandEnv;
beforeEach(() => {
  document.body.innerHTML = `<a data-island="cart-pill" href="/cart">Cart</a>
    <article data-island="product"><div class="sqs-add-to-cart-button" role="button" tabindex="0">Add</div></article>`;
  env = { context: { locale: 'en-US', currency: 'USD' }, win: window, getCart: () => undefined };
});
afterEach(() => vi.useRealTimers());

describe('startIslandScheduler', () => {
  it('holds a click that comes before the chunk and replays it once the island is live', async () => {
    const chunk = controllableChunk();
    const scheduler = startIslandScheduler({ doc: document, win: window, env, load: chunk.load, idleFallbackMs: 1e6 });
    const button = document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
    const root = document.querySelector<HTMLElement>('[data-island="product"]')!;
    let sawEarlyClick = false;
    button.addEventListener('click', () => {
      sawEarlyClick = true;
    });

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(sawEarlyClick).toBe(false);
    expect(chunk.loads.count).toBe(1);
    expect(scheduler.queue.size(root)).toBe(1);

    chunk.arrive();
    await flush();
    expect(scheduler.isLive(root)).toBe(true);
    expect(chunk.clicks).toEqual(['sqs-add-to-cart-button']);

    // Once live, clicks pass straight through and nothing is queued.
    button.click();
    expect(chunk.clicks).toHaveLength(2);
    expect(scheduler.queue.size(root)).toBe(0);
  });

  it('fetches the chunk when idle after load and hydrates the roots that are visible', async () => {
    vi.useFakeTimers();
    const chunk = controllableChunk();
    const observed: Element[] = [];
    let report!: (records: Partial<IntersectionObserverEntry>[]) => void;
    class FakeObserver {
      constructor(callback: (records: Partial<IntersectionObserverEntry>[]) => void) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      unobserve() {}
    }
    const win = Object.assign(Object.create(window), {
      IntersectionObserver: FakeObserver,
      requestIdleCallback: undefined,
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      addEventListener: window.addEventListener.bind(window),
    }) as Window;
    const scheduler = startIslandScheduler({ doc: document, win, env, load: chunk.load, idleFallbackMs: 50 });
    const root = document.querySelector<HTMLElement>('[data-island="product"]')!;
    expect(observed).toEqual([root]);
    expect(chunk.loads.count).toBe(0);

    vi.advanceTimersByTime(50);
    expect(chunk.loads.count).toBe(1);
    chunk.arrive();
    await vi.runAllTimersAsync();
    expect(scheduler.isLive(root)).toBe(false); // not visible yet

    report([{ isIntersecting: true, target: root }]);
    await vi.runAllTimersAsync();
    expect(scheduler.isLive(root)).toBe(true);
  });

  it('wakes an island nested in another with it, though the observer never sees the inner one', async () => {
    document.body.innerHTML = `<article data-island="product"><select data-variant-option-name="Size"></select>
      <div data-island="restock"><form hidden></form></div></article>`;
    const chunk = controllableChunk();
    const win = Object.assign(Object.create(window), {
      IntersectionObserver: class {
        observe() {}
        unobserve() {}
      },
      requestIdleCallback: undefined,
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      addEventListener: window.addEventListener.bind(window),
    }) as Window;
    const scheduler = startIslandScheduler({ doc: document, win, env, load: chunk.load, idleFallbackMs: 1e6 });
    const product = document.querySelector<HTMLElement>('[data-island="product"]')!;
    const restock = document.querySelector<HTMLElement>('[data-island="restock"]')!;
    chunk.arrive();
    await scheduler.hydrate(product);
    await flush();
    expect(scheduler.isLive(product)).toBe(true);
    expect(scheduler.isLive(restock)).toBe(true);
  });

  it('loads nothing on a page without islands of its own', () => {
    document.body.innerHTML = '<a data-island="cart-pill" href="/cart">Cart</a>';
    const chunk = controllableChunk();
    startIslandScheduler({ doc: document, win: window, env, load: chunk.load, idleFallbackMs: 0 });
    document.querySelector<HTMLElement>('a')!.click();
    expect(chunk.loads.count).toBe(0);
  });
});
