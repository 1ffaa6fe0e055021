// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IslandEnv, IslandMount, IslandTable } from './island-env.js';
import { startIslandScheduler } from './island-scheduler.js';

/** A chunk whose arrival the test controls; mounting attaches a real click listener. */
function controllableChunk() {
  let arrive!: () => void;
  const clicks: string[] = [];
  const loads = { count: 0 };
  const mount: IslandMount = async (root) => {
    root.addEventListener('click', (event) => {
      clicks.push((event.target as HTMLElement).className);
    });
    root.dataset.islandState = 'live';
    return true;
  };
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = () => {
    loads.count++;
    return arrived.then(() => mount);
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
    const scheduler = startIslandScheduler({
      doc: document,
      win: window,
      env,
      islands: { product: chunk.load, restock: chunk.load },
      idleFallbackMs: 1e6,
    });
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
    const scheduler = startIslandScheduler({
      doc: document,
      win,
      env,
      islands: { product: chunk.load, restock: chunk.load },
      idleFallbackMs: 50,
    });
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
    const scheduler = startIslandScheduler({
      doc: document,
      win,
      env,
      islands: { product: chunk.load, restock: chunk.load },
      idleFallbackMs: 1e6,
    });
    const product = document.querySelector<HTMLElement>('[data-island="product"]')!;
    const restock = document.querySelector<HTMLElement>('[data-island="restock"]')!;
    chunk.arrive();
    await scheduler.hydrate(product);
    expect(scheduler.isLive(product)).toBe(true);
    // the inner island mounts in a task of its own, after the outer one
    await vi.waitFor(() => expect(scheduler.isLive(restock)).toBe(true));
  });

  it('loads nothing on a page without islands of its own', () => {
    document.body.innerHTML = '<a data-island="cart-pill" href="/cart">Cart</a>';
    const chunk = controllableChunk();
    startIslandScheduler({
      doc: document,
      win: window,
      env,
      islands: { product: chunk.load, restock: chunk.load },
      idleFallbackMs: 0,
    });
    document.querySelector<HTMLElement>('a')!.click();
    expect(chunk.loads.count).toBe(0);
  });
});

describe('startIslandScheduler with one chunk per island', () => {
  /** A window with a controllable IntersectionObserver and the timer fallback for idle periods. */
  function fakeWindow() {
    let report!: (records: Partial<IntersectionObserverEntry>[]) => void;
    const win = Object.assign(Object.create(window), {
      IntersectionObserver: class {
        constructor(callback: (records: Partial<IntersectionObserverEntry>[]) => void) {
          report = callback;
        }
        observe() {}
        unobserve() {}
      },
      requestIdleCallback: undefined,
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      addEventListener: window.addEventListener.bind(window),
    }) as Window;
    return { win, show: (target: Element) => report([{ isIntersecting: true, target }]) };
  }

  /** An island table whose chunks arrive at once and record the order they were fetched in. */
  function table(names: string[]) {
    const fetched: string[] = [];
    const islands = Object.fromEntries(
      names.map((name) => [
        name,
        async (): Promise<IslandMount> => {
          fetched.push(name);
          return async (root) => {
            root.dataset.islandState = 'live';
            return true;
          };
        },
      ]),
    );
    return { islands, fetched };
  }

  beforeEach(() => {
    document.body.innerHTML = `<a data-island="cart-pill" href="/cart">Cart</a>
      <div data-island="gallery"></div><article data-island="product"></article>
      <div data-island="gallery"></div><div data-island="not-an-island"></div>`;
  });

  it('fetches only the islands the page has, none before the page settles, visible ones first, one per idle period', async () => {
    vi.useFakeTimers();
    const { win, show } = fakeWindow();
    const { islands, fetched } = table(['product', 'gallery', 'cart-page', 'form']);
    const scheduler = startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 50 });
    const product = document.querySelector<HTMLElement>('[data-island="product"]')!;
    show(product);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetched).toEqual([]); // visible, but the page has not settled yet

    await vi.advanceTimersByTimeAsync(50);
    expect(fetched).toEqual(['product']);
    expect(scheduler.isLive(product)).toBe(true);
    const galleries = [...document.querySelectorAll<HTMLElement>('[data-island="gallery"]')];
    expect(galleries.some((root) => scheduler.isLive(root))).toBe(false);

    await vi.advanceTimersByTimeAsync(50);
    expect(fetched).toEqual(['product', 'gallery']); // fetched once for both roots
    await vi.runAllTimersAsync();
    expect(fetched).toEqual(['product', 'gallery']);
    expect(galleries.some((root) => scheduler.isLive(root))).toBe(false); // not seen yet

    show(galleries[1]!);
    await vi.runAllTimersAsync();
    expect(scheduler.isLive(galleries[1]!)).toBe(true);
    expect(scheduler.isLive(galleries[0]!)).toBe(false);
  });

  it('fetches the touched island at once and leaves a name without an entry alone', async () => {
    const { win } = fakeWindow();
    const { islands, fetched } = table(['product', 'gallery']);
    const scheduler = startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 1e6 });
    const unknown = document.querySelector<HTMLElement>('[data-island="not-an-island"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    unknown.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(fetched).toEqual([]);

    const gallery = document.querySelector<HTMLElement>('[data-island="gallery"]')!;
    gallery.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await flush();
    expect(fetched).toEqual(['gallery']);
    expect(scheduler.isLive(gallery)).toBe(true);
  });

  it('asks for a touched island urgently and for one prefetched at idle without haste', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    const asked: string[] = [];
    const island = (name: string) => async (urgent?: boolean) => {
      asked.push(`${name}${urgent ? ' (urgent)' : ''}`);
      return async () => true;
    };
    const islands = { product: island('product'), gallery: island('gallery') };
    startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 50 });
    document
      .querySelector('[data-island="gallery"]')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.runAllTimersAsync();
    expect(asked).toEqual(['gallery (urgent)', 'product']);

    // Touched while its chunk comes without haste (idle prefetch): asked again, urgently.
    asked.length = 0;
    let arrive!: (mount: IslandMount) => void;
    const slow: IslandTable = {
      product: async (urgent) => {
        asked.push(`product${urgent ? ' (urgent)' : ''}`);
        if (urgent) return async () => true;
        return new Promise<IslandMount>((resolve) => {
          arrive = resolve;
        });
      },
    };
    const scheduler = startIslandScheduler({ doc: document, win, env, islands: slow, idleFallbackMs: 50 });
    await vi.advanceTimersByTimeAsync(50);
    const product = document.querySelector<HTMLElement>('[data-island="product"]')!;
    product.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['product', 'product (urgent)']);
    expect(scheduler.isLive(product)).toBe(true);
    arrive(async () => true);
  });

  it('tries a chunk again at the next interaction when its import failed', async () => {
    const { win } = fakeWindow();
    let attempts = 0;
    const islands = {
      product: async (): Promise<IslandMount> => {
        attempts++;
        if (attempts === 1) throw new Error('network down');
        return async () => true;
      },
    };
    const scheduler = startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 1e6 });
    const product = document.querySelector<HTMLElement>('[data-island="product"]')!;
    product.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await flush();
    expect(scheduler.isLive(product)).toBe(false);
    product.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await flush();
    expect(attempts).toBe(2);
    expect(scheduler.isLive(product)).toBe(true);
  });
});

describe('startIslandScheduler: one mount per task', () => {
  /** Timers numbered as tasks: a mount records the task it ran in. */
  function taskedWindow() {
    let report!: (records: Partial<IntersectionObserverEntry>[]) => void;
    const clock = { task: 0 };
    const win = Object.assign(Object.create(window), {
      IntersectionObserver: class {
        constructor(callback: (records: Partial<IntersectionObserverEntry>[]) => void) {
          report = callback;
        }
        observe() {}
        unobserve() {}
      },
      scheduler: undefined,
      requestIdleCallback: undefined,
      setTimeout: (fn: () => void, ms: number) =>
        setTimeout(() => {
          clock.task++;
          fn();
        }, ms),
      addEventListener: window.addEventListener.bind(window),
    }) as Window;
    return {
      win,
      clock,
      show: (targets: Element[]) => report(targets.map((target) => ({ isIntersecting: true, target }))),
    };
  }

  beforeEach(() => {
    document.body.innerHTML = `<div data-island="gallery" id="g1"></div><div data-island="gallery" id="g2"></div>
      <div data-island="gallery" id="g3"></div><article data-island="product" id="p"></article>`;
  });

  it('mounts visible roots one per task, none in the task that evaluated the chunk', async () => {
    vi.useFakeTimers();
    const { win, clock, show } = taskedWindow();
    const chunkTasks: number[] = [];
    const mounts: { id: string; task: number }[] = [];
    const mount: IslandMount = async (root) => {
      mounts.push({ id: root.id, task: clock.task });
      root.dataset.islandState = 'live';
      return true;
    };
    const islands: IslandTable = {
      gallery: async () => {
        chunkTasks.push(clock.task);
        return mount;
      },
      product: async () => {
        chunkTasks.push(clock.task);
        return mount;
      },
    };
    const scheduler = startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 50 });
    const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    show(roots);
    await vi.advanceTimersByTimeAsync(50); // settled: chunks fetched, mounts under way
    await vi.runAllTimersAsync();
    expect(roots.every((root) => scheduler.isLive(root))).toBe(true);
    expect(mounts.map(({ id }) => id)).toEqual(['g1', 'g2', 'g3', 'p']);
    const tasks = mounts.map(({ task }) => task);
    expect(new Set(tasks).size).toBe(mounts.length); // never two mounts in one task
    for (const task of tasks) expect(chunkTasks).not.toContain(task);
  });

  it('lets a touched root mount at once instead of waiting in line', async () => {
    vi.useFakeTimers();
    const { win, show } = taskedWindow();
    const mount: IslandMount = async (root) => {
      root.dataset.islandState = 'live';
      return true;
    };
    const islands: IslandTable = { gallery: async () => mount, product: async () => mount };
    const scheduler = startIslandScheduler({ doc: document, win, env, islands, idleFallbackMs: 50 });
    const galleries = [...document.querySelectorAll<HTMLElement>('[data-island="gallery"]')];
    show(galleries);
    await vi.advanceTimersByTimeAsync(50);
    const last = galleries[2]!;
    expect(scheduler.isLive(last)).toBe(false); // still waiting for its own task
    last.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    for (let i = 0; i < 5; i++) await Promise.resolve(); // microtasks only: no timer has run
    expect(scheduler.isLive(last)).toBe(true);
    await vi.runAllTimersAsync();
    expect(galleries.every((root) => scheduler.isLive(root))).toBe(true);
  });
});
